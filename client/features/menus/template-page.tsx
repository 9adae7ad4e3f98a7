import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type {
  ApplyTemplateResponse,
  MenuTemplateDetail,
  TemplateOven,
} from '../../../shared/contracts/menus';
import { templateName } from '../../../shared/contracts/menus';
import {
  beforeTemplateVersionName,
  TEMPLATE_APPLY_MAX,
  TEMPLATE_MATCH_LABELS,
  TEMPLATE_NAME_MAX,
  templateVersionName,
} from '../../../shared/domain/fleet';
import { can } from '../../../shared/domain/permissions';
import { countOf } from '../../../shared/domain/words';
import { useBanners } from '../../components/banners';
import { Alert, CheckboxField, Spinner, TextField } from '../../components/form';
import { JobProgressBar } from '../../components/job-progress';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { OvenPickList } from '../../components/oven-pick-list';
import { useCurrentUser } from '../../lib/current-user';
import { formatDay, isolate } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { templateQuery, useApplyTemplate, useDeleteTemplate, useUpdateTemplate } from './menus-api';
import { TemplateLayoutPreview } from './template-layout';
import { TemplateApplyPreview } from './template-preview';
import { type OvenChoice, ovenLabel, templateSummary } from './templates-page';

type Dialog = 'rename' | 'update' | 'delete' | null;

/**
 * One template: its ovens and how each matches it now (the diff when someone edited an oven), applying it to a
 * location or chosen ovens with a result per oven, taking a newer menu from an oven, renaming and deleting.
 */
export function TemplatePage({
  id,
  ovens,
  locations,
  onApplied,
}: {
  id: number;
  ovens: OvenChoice[] | undefined;
  locations: { id: number; name: string; ovens: number }[] | undefined;
  onApplied(): unknown;
}) {
  const detail = useQuery(templateQuery(id));
  const [dialog, setDialog] = useState<Dialog>(null);
  const manage = can(useCurrentUser().user, 'templates.manage');
  const t = detail.data;

  if (detail.isPending) return <Spinner label="Loading the template..." />;
  if (detail.isError || !t)
    return (
      <section className="page">
        <Alert tone="error">This template could not be loaded: {detail.error?.message}</Alert>
        <Link to="/fleet/templates">Back to templates</Link>
      </section>
    );
  const sameModel = (ovens ?? []).filter((o) => o.type === t.oven_type);

  return (
    <section className="page template-page" aria-labelledby="template-title">
      <p className="back-link">
        <Link to="/fleet/templates">‹ Templates</Link>
      </p>
      <header className="page-header page-header-row">
        <div>
          <h1 id="template-title" dir="auto">
            {t.name}
          </h1>
          <p className="muted">{templateSummary(t)}</p>
        </div>
        {manage ? (
          <div className="location-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('update')}>
              Update from an oven
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('rename')}>
              Rename
            </button>
            <button type="button" className="btn btn-link-danger" onClick={() => setDialog('delete')}>
              Delete
            </button>
          </div>
        ) : null}
      </header>

      <TemplateLayoutPreview layout={t.layout} ovenType={t.oven_type} />

      {manage ? (
        <ApplyPanel template={t} ovens={sameModel} locations={locations ?? []} onApplied={onApplied} />
      ) : null}

      <h2 className="section-title">Ovens with this template</h2>
      {t.ovens_applied.length === 0 ? (
        <div className="card empty-state">
          <p>Not applied to any oven yet.</p>
        </div>
      ) : (
        <div className="users-table-wrap card">
          <table className="users-table template-ovens">
            <thead>
              <tr>
                <th scope="col">Oven</th>
                <th scope="col">Location</th>
                <th scope="col">Applied</th>
                <th scope="col">Match</th>
              </tr>
            </thead>
            <tbody>
              {t.ovens_applied.map((o) => (
                <tr key={o.id}>
                  <td data-label="Oven">
                    <a href={`/ovens?oven=${o.id}`}>{o.name}</a>
                  </td>
                  <td data-label="Location">
                    {o.location ? <bdi>{o.location.name}</bdi> : <span className="muted">None</span>}
                  </td>
                  <td data-label="Applied">
                    Version {o.applied_version} · {formatDay(o.applied_at)}
                  </td>
                  <td data-label="Match">
                    <Match oven={o} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {dialog === 'rename' ? <RenameModal template={t} onClose={() => setDialog(null)} /> : null}
      {dialog === 'update' ? (
        <UpdateFromOvenModal template={t} ovens={sameModel} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? <DeleteTemplate template={t} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

/** The match badge; when an oven differs, the differences in words under it. */
function Match({ oven }: { oven: TemplateOven }) {
  const badge = (
    <span className={`fleet-status template-match-${oven.match}`}>{TEMPLATE_MATCH_LABELS[oven.match]}</span>
  );
  if (oven.lines.length === 0) return badge;
  return (
    <div>
      {badge}
      <details className="match-lines">
        <summary>{countOf(oven.lines.length, 'difference')}</summary>
        <p className="muted small">
          What this oven has compared with the template{oven.match === 'outdated' ? '’s newer version' : ''}:
          "added" is on this oven only, "removed" is only in the template.
        </p>
        <ul>
          {oven.lines.map((l, i) => (
            <li key={i} className={`diff-${l.kind}`}>
              {l.message}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function ApplyPanel({
  template,
  ovens,
  locations,
  onApplied,
}: {
  template: MenuTemplateDetail;
  ovens: OvenChoice[];
  locations: { id: number; name: string; ovens: number }[];
  onApplied(): unknown;
}) {
  const apply = useApplyTemplate(template.id, onApplied);
  // Until the manager picks, a chain with locations starts with "a location" (the locations may load after).
  const [picked, setTarget] = useState<'location' | 'ovens' | null>(null);
  const target = picked ?? (locations.length > 0 ? 'location' : 'ovens');
  const [locationId, setLocationId] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [saveVersion, setSaveVersion] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ApplyTemplateResponse | null>(null);
  const place = locations.find((l) => String(l.id) === locationId);
  const ready =
    target === 'location' ? place !== undefined : chosen.size > 0 && chosen.size <= TEMPLATE_APPLY_MAX;
  const what =
    target === 'location'
      ? `the ${template.oven_type} ovens in ${place?.name ?? 'the location'}`
      : `${countOf(chosen.size, 'oven')}`;

  const body = target === 'location' ? { location_id: Number(locationId) } : { oven_ids: [...chosen] };
  const run = async () => {
    setResult(null);
    // The job runs on the server: the page shows its progress, not a dialog that waits.
    setConfirming(false);
    try {
      setResult(await apply.mutateAsync({ ...body, save_version: saveVersion }));
      setChosen(new Set());
    } catch {
      // Shown below.
    }
  };

  return (
    <section className="card apply-panel" aria-labelledby="apply-title">
      <h2 id="apply-title">Apply this template</h2>
      <fieldset className="fieldset apply-target">
        <legend>To</legend>
        <label className="check">
          <input
            type="radio"
            name="apply-target"
            checked={target === 'location'}
            onChange={() => setTarget('location')}
            disabled={locations.length === 0}
          />
          <span>The {template.oven_type} ovens of a location</span>
        </label>
        {target === 'location' ? (
          <label className="field field-inline apply-location">
            <span>Location</span>
            <select value={locationId} onChange={(e) => setLocationId(e.target.value)}>
              <option value="">Choose a location...</option>
              {locations.map((l) => {
                // Only the template's model is applied to: a location without one is offered but not chosen.
                const fit = ovens.filter((o) => o.location?.id === l.id).length;
                return (
                  <option key={l.id} value={String(l.id)} disabled={fit === 0}>
                    {isolate(l.name)} (
                    {fit === 0 ? `no ${template.oven_type} ovens` : `${countOf(fit, 'oven')}`})
                  </option>
                );
              })}
            </select>
          </label>
        ) : null}
        <label className="check">
          <input
            type="radio"
            name="apply-target"
            checked={target === 'ovens'}
            onChange={() => setTarget('ovens')}
          />
          <span>Ovens I choose</span>
        </label>
        {target === 'ovens' ? (
          ovens.length === 0 ? (
            <p className="muted">You have no {template.oven_type} oven.</p>
          ) : (
            <OvenPickList
              label="Ovens to apply to"
              ovens={ovens}
              chosen={chosen}
              onChange={setChosen}
              detail={(o) => (o.location ? o.location.name : 'no location')}
            />
          )
        ) : null}
      </fieldset>
      <CheckboxField
        name="save_version"
        checked={saveVersion}
        onChange={setSaveVersion}
        label={`Save the result on each oven as the version "${templateVersionName(template.name, template.version)}" (the fleet page follows it)`}
      />
      <button
        type="button"
        className="btn btn-primary"
        disabled={!ready || apply.isPending}
        onClick={() => setConfirming(true)}
      >
        {apply.isPending ? 'Applying ...' : 'Apply Template'}
      </button>
      {apply.isPending ? <JobProgressBar progress={apply.progress} unit="oven" /> : null}
      {apply.isError ? <Alert tone="error">{apply.error.message}</Alert> : null}
      {result ? <ApplyResults result={result} /> : null}
      {confirming ? (
        <ConfirmDialog
          title="Apply template"
          message={
            <>
              <p>
                Replace the menu of {what} with "{template.name}" (version {template.version}), laid out as
                shown above? Each oven's menu is first kept as the version "
                {beforeTemplateVersionName(template.name, template.version)}" (unless it was saved as a
                version already), its editor can undo it, and its earlier versions stay.
              </p>
              <TemplateApplyPreview templateId={template.id} target={body} />
            </>
          }
          confirmLabel="Apply Template"
          busy={apply.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={run}
        />
      ) : null}
    </section>
  );
}

/** One line per oven: applied, failed with the reason, or skipped (another model). */
function ApplyResults({ result }: { result: ApplyTemplateResponse }) {
  const parts = [
    `${result.applied} applied`,
    result.failed ? `${result.failed} failed` : '',
    result.skipped ? `${result.skipped} skipped` : '',
  ].filter(Boolean);
  return (
    <div className="apply-results" role="status" aria-label="Apply results">
      <p>
        <strong>{parts.join(', ')}.</strong>
      </p>
      <ul>
        {result.results.map((r) => (
          <li key={r.oven_id} className={`apply-${r.status}`}>
            <span className={`fleet-status apply-badge-${r.status}`}>
              {r.status === 'applied' ? 'Applied' : r.status === 'failed' ? 'Failed' : 'Skipped'}
            </span>{' '}
            <strong>{r.name}</strong>
            {r.message ? <span> · {r.message}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RenameModal({ template, onClose }: { template: MenuTemplateDetail; onClose(): void }) {
  const update = useUpdateTemplate(template.id);
  const banners = useBanners();
  const [name, setName] = useState(template.name);
  const parsed = templateName.safeParse(name);
  const [submitted, setSubmitted] = useState(false);
  const error = submitted && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const save = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      const saved = await update.mutateAsync({ name: parsed.data });
      banners.success(saved.name, 'is the template’s new name');
      onClose();
    } catch {
      // Shown below.
    }
  };
  return (
    <Modal
      title={`Rename ${template.name}`}
      onClose={onClose}
      size="sm"
      busy={update.isPending}
      backdropCloses={name === template.name}
      footer={
        <DialogActions onCancel={onClose} label="Save" busy={update.isPending} form="rename-template" />
      }
    >
      <form
        id="rename-template"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Template name"
          required
          maxLength={TEMPLATE_NAME_MAX}
          hint={`Up to ${TEMPLATE_NAME_MAX} characters.`}
          value={name}
          onChange={setName}
          error={error ?? (update.isError ? update.error.message : undefined)}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

function UpdateFromOvenModal({
  template,
  ovens,
  onClose,
}: {
  template: MenuTemplateDetail;
  ovens: OvenChoice[];
  onClose(): void;
}) {
  const update = useUpdateTemplate(template.id);
  const banners = useBanners();
  const [ovenId, setOvenId] = useState('');
  return (
    <Modal
      title={`Update ${template.name}`}
      onClose={onClose}
      size="sm"
      busy={update.isPending}
      footer={
        <DialogActions
          onCancel={onClose}
          label="Update Template"
          busy={update.isPending}
          disabled={ovenId === ''}
          onConfirm={async () => {
            try {
              const saved = await update.mutateAsync({ oven_id: Number(ovenId) });
              banners.show({
                tone: 'success',
                who: saved.name,
                description: `is now version ${saved.version}`,
                what: 'Apply it again to bring its ovens up to date.',
                ms: TIMINGS.banner.success,
              });
              onClose();
            } catch {
              // Shown below.
            }
          }}
        />
      }
    >
      <p>
        The template takes the menu of the oven you choose, as it is now, and becomes version{' '}
        {template.version + 1}. Ovens that have it show "Older template" until you apply it again.
      </p>
      <label className="field">
        <span className="label-required">Take the menu of</span>
        <select value={ovenId} onChange={(e) => setOvenId(e.target.value)} data-autofocus>
          <option value="">Choose a {template.oven_type} oven...</option>
          {ovens.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {ovenLabel(o)}
            </option>
          ))}
        </select>
      </label>
      {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
    </Modal>
  );
}

function DeleteTemplate({ template, onClose }: { template: MenuTemplateDetail; onClose(): void }) {
  const remove = useDeleteTemplate();
  const banners = useBanners();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      title="Delete template"
      message={`Delete the template "${template.name}"? The ${countOf(template.ovens_applied.length, 'oven')} that have it keep their menus and versions.`}
      confirmLabel="Delete Template"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(template.id);
          banners.success(template.name, 'was deleted');
          navigate('/fleet/templates');
        } catch (e) {
          banners.failure(template.name, 'could not be deleted', e);
          onClose();
        }
      }}
    />
  );
}
