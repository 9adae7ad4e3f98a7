import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type {
  ApplyTemplateResponse,
  MenuTemplateDetail,
  TemplateOven,
} from '../../../shared/contracts/chains';
import { templateName } from '../../../shared/contracts/chains';
import {
  beforeTemplateVersionSaid,
  TEMPLATE_APPLY_MAX,
  TEMPLATE_NAME_MAX,
  templateVersionName,
} from '../../../shared/domain/fleet';
import { can } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert, CheckboxField, Spinner, TextField } from '../../components/form';
import { JobProgressBar } from '../../components/job-progress';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { NeedsConnection } from '../../components/needs-connection';
import { OvenPickList } from '../../components/oven-pick-list';
import { useCurrentUser } from '../../lib/current-user';
import { issueText, say, textOf } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/online';
import { formatDay, isolate } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { useDebounced } from '../../lib/use-debounced';
import { LocationSearch, OvenChooser, ovenPageQuery, useLocationOptions } from '../ovens';
import { templateQuery, useApplyTemplate, useDeleteTemplate, useUpdateTemplate } from './chains-api';
import { TemplateLayoutPreview } from './template-layout';
import { TemplateApplyPreview } from './template-preview';
import { templateSummary } from './templates-page';

type Dialog = 'rename' | 'update' | 'delete' | null;

/**
 * One template: its ovens and how each matches it now (the diff when someone edited an oven), applying it to a
 * location or chosen ovens with a result per oven, taking a newer menu from an oven, renaming and deleting.
 */
export function TemplatePage({ id, onApplied }: { id: number; onApplied(): unknown }) {
  const detail = useQuery(templateQuery(id));
  const [dialog, setDialog] = useState<Dialog>(null);
  const manage = can(useCurrentUser().user, 'templates.manage');
  const { t } = useTranslation();
  const template = detail.data;

  if (detail.isPending) return <Spinner label={t('templatesPage.loadingOne')} />;
  if (detail.isError || !template)
    return (
      <section className="page">
        <Alert tone="error">{t('templatesPage.loadOneFailed', { message: textOf(detail.error) })}</Alert>
        <Link to="/fleet/templates">{t('templatesPage.backToList')}</Link>
      </section>
    );

  return (
    <section className="page template-page" aria-labelledby="template-title">
      <p className="back-link">
        <Link to="/fleet/templates">{t('templatesPage.back')}</Link>
      </p>
      <header className="page-header page-header-row">
        <div>
          <h1 id="template-title" dir="auto">
            {template.name}
          </h1>
          <p className="muted">{templateSummary(template)}</p>
        </div>
        {manage ? (
          <div className="location-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('update')}>
              {t('templatesPage.updateFromOven')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('rename')}>
              {t('templatesPage.rename')}
            </button>
            <button type="button" className="btn btn-link-danger" onClick={() => setDialog('delete')}>
              {t('templatesPage.delete')}
            </button>
          </div>
        ) : null}
      </header>

      <TemplateLayoutPreview layout={template.layout} ovenType={template.oven_type} />

      {manage ? <ApplyPanel template={template} onApplied={onApplied} /> : null}

      <h2 className="section-title">{t('templatesPage.ovensWith')}</h2>
      {template.ovens_applied.length === 0 ? (
        <div className="card empty-state">
          <p>{t('templatesPage.notAppliedAny')}</p>
        </div>
      ) : (
        <div className="users-table-wrap card">
          <table className="users-table template-ovens">
            <thead>
              <tr>
                <th scope="col">{t('templatesPage.colOven')}</th>
                <th scope="col">{t('templatesPage.colLocation')}</th>
                <th scope="col">{t('templatesPage.colApplied')}</th>
                <th scope="col">{t('templatesPage.colMatch')}</th>
              </tr>
            </thead>
            <tbody>
              {template.ovens_applied.map((o) => (
                <tr key={o.id}>
                  <td data-label={t('templatesPage.colOven')}>
                    <a href={`/ovens?oven=${o.id}`}>{o.name}</a>
                  </td>
                  <td data-label={t('templatesPage.colLocation')}>
                    {o.location ? (
                      <bdi>{o.location.name}</bdi>
                    ) : (
                      <span className="muted">{t('templatesPage.none')}</span>
                    )}
                  </td>
                  <td data-label={t('templatesPage.colApplied')}>
                    {t('templatesPage.appliedVersion', {
                      version: o.applied_version,
                      date: formatDay(o.applied_at),
                    })}
                  </td>
                  <td data-label={t('templatesPage.colMatch')}>
                    <Match oven={o} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {dialog === 'rename' ? <RenameModal template={template} onClose={() => setDialog(null)} /> : null}
      {dialog === 'update' ? (
        <UpdateFromOvenModal template={template} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? <DeleteTemplate template={template} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

/** The match badge; when an oven differs, the differences in words under it. */
function Match({ oven }: { oven: TemplateOven }) {
  const { t } = useTranslation();
  const badge = (
    <span className={`fleet-status template-match-${oven.match}`}>
      {t(`templatesPage.match.${oven.match}`)}
    </span>
  );
  if (oven.lines.length === 0) return badge;
  return (
    <div>
      {badge}
      <details className="match-lines">
        <summary>{t('templatesPage.differences', { count: oven.lines.length })}</summary>
        <p className="muted small">
          {oven.match === 'outdated' ? t('templatesPage.diffIntroOutdated') : t('templatesPage.diffIntro')}
        </p>
        <ul>
          {oven.lines.map((l, i) => (
            <li key={i} className={`diff-${l.kind}`}>
              {textOf(l)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function ApplyPanel({ template, onApplied }: { template: MenuTemplateDetail; onApplied(): unknown }) {
  const { t } = useTranslation();
  // Each location with its ovens of the template's model counted on the server (fleet counts, at any size).
  const [locationId, setLocationId] = useState('');
  const choice = useLocationOptions({ value: locationId, type: template.oven_type });
  const locations = choice.options;
  const apply = useApplyTemplate(template.id, onApplied);
  const online = useOnline();
  // Until the manager picks, a chain with locations starts with "a location" (the locations may load after).
  const [picked, setTarget] = useState<'location' | 'ovens' | null>(null);
  const target = picked ?? (choice.any ? 'location' : 'ovens');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [search, setSearch] = useState('');
  const asked = useDebounced(search.trim(), TIMINGS.pickerSearchDebounceMs);
  // The template's model among the team's ovens, searched on the server: a chain has more than a list can show.
  const found = useQuery({
    ...ovenPageQuery({ types: template.oven_type, location: '', search: asked, page: 1 }),
    enabled: target === 'ovens',
  }).data;
  const [saveVersion, setSaveVersion] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ApplyTemplateResponse | null>(null);
  const place = locations.find((l) => String(l.id) === locationId);
  const ready =
    target === 'location' ? place !== undefined : chosen.size > 0 && chosen.size <= TEMPLATE_APPLY_MAX;
  const what = { name: template.name, version: template.version };
  const replace =
    target === 'location'
      ? t('templatesPage.replaceLocation', {
          ...what,
          type: template.oven_type,
          place: place ? isolate(place.name) : t('templatesPage.theLocation'),
        })
      : t('templatesPage.replaceOvens', { ...what, count: chosen.size });

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
      <h2 id="apply-title">{t('templatesPage.applyTitle')}</h2>
      <fieldset className="fieldset apply-target">
        <legend>{t('templatesPage.to')}</legend>
        <label className="check">
          <input
            type="radio"
            name="apply-target"
            checked={target === 'location'}
            onChange={() => setTarget('location')}
            disabled={!choice.any}
          />
          <span>{t('templatesPage.targetLocation', { type: template.oven_type })}</span>
        </label>
        {target === 'location' ? (
          <label className="field field-inline apply-location">
            <span>{t('templatesPage.location')}</span>
            <select value={locationId} onChange={(e) => setLocationId(e.target.value)}>
              <option value="">{t('templatesPage.chooseLocation')}</option>
              {locations.map((l) => {
                // Only the template's model is applied to: a location without one is offered but not chosen.
                const fit = l.ovens;
                return (
                  <option key={l.id} value={String(l.id)} disabled={fit === 0}>
                    {fit === 0
                      ? t('templatesPage.locationOptionNone', {
                          name: isolate(l.name),
                          type: template.oven_type,
                        })
                      : t('templatesPage.locationOption', { name: isolate(l.name), count: fit })}
                  </option>
                );
              })}
            </select>
          </label>
        ) : null}
        {target === 'location' ? <LocationSearch choice={choice} /> : null}
        <label className="check">
          <input
            type="radio"
            name="apply-target"
            checked={target === 'ovens'}
            onChange={() => setTarget('ovens')}
          />
          <span>{t('templatesPage.targetOvens')}</span>
        </label>
        {target === 'ovens' && found ? (
          found.total === 0 && asked === '' ? (
            <p className="muted">{t('templatesPage.noOvenOfModel', { type: template.oven_type })}</p>
          ) : (
            <OvenPickList
              label={t('templatesPage.ovensToApply')}
              ovens={found.data}
              matches={found.total}
              search={search}
              onSearch={setSearch}
              chosen={chosen}
              onChange={setChosen}
              detail={(o) => (o.location ? o.location.name : t('templatesPage.noLocation'))}
            />
          )
        ) : null}
      </fieldset>
      <CheckboxField
        name="save_version"
        checked={saveVersion}
        onChange={setSaveVersion}
        label={t('templatesPage.saveVersion', {
          version: templateVersionName(template.name, template.version),
        })}
      />
      <button
        type="button"
        className="btn btn-primary"
        disabled={!ready || apply.isPending || !online}
        onClick={() => setConfirming(true)}
      >
        {apply.isPending ? t('templatesPage.applying') : t('templatesPage.apply')}
      </button>
      <NeedsConnection />
      {apply.isPending ? <JobProgressBar progress={apply.progress} unit="oven" /> : null}
      {apply.isError ? <Alert tone="error">{textOf(apply.error)}</Alert> : null}
      {result ? <ApplyResults result={result} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={t('templatesPage.applyConfirmTitle')}
          message={
            <>
              <p>
                {replace}{' '}
                {t('templatesPage.replaceKeeps', {
                  before: say(beforeTemplateVersionSaid(template.name, template.version)),
                })}
              </p>
              <TemplateApplyPreview templateId={template.id} target={body} />
            </>
          }
          confirmLabel={t('templatesPage.apply')}
          busy={apply.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={run}
        />
      ) : null}
    </section>
  );
}

/** One line per oven: applied, already matching, failed with the reason, or skipped (another model). */
function ApplyResults({ result }: { result: ApplyTemplateResponse }) {
  const { t } = useTranslation();
  const parts = [
    result.applied || !result.matched ? t('templatesPage.resultApplied', { count: result.applied }) : '',
    result.matched ? t('templatesPage.resultMatched', { count: result.matched }) : '',
    result.failed ? t('templatesPage.resultFailed', { count: result.failed }) : '',
    result.skipped ? t('templatesPage.resultSkipped', { count: result.skipped }) : '',
  ].filter(Boolean);
  const status = {
    applied: t('templatesPage.statusApplied'),
    matched: t('templatesPage.statusMatched'),
    failed: t('templatesPage.statusFailed'),
    skipped: t('templatesPage.statusSkipped'),
  };
  return (
    <div className="apply-results" role="status" aria-label={t('templatesPage.resultsLabel')}>
      <p>
        <strong>{parts.join(', ')}.</strong>
      </p>
      <ul>
        {result.results.map((r) => (
          <li key={r.oven_id} className={`apply-${r.status}`}>
            <span className={`fleet-status apply-badge-${r.status}`}>{status[r.status]}</span>{' '}
            <strong>{r.name}</strong>
            {r.message ? <span> · {textOf(r)}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RenameModal({ template, onClose }: { template: MenuTemplateDetail; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateTemplate(template.id);
  const banners = useBanners();
  const [name, setName] = useState(template.name);
  const parsed = templateName.safeParse(name);
  const [submitted, setSubmitted] = useState(false);
  const error = submitted && !parsed.success ? issueText(parsed.error.issues[0]) : undefined;
  const save = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      const saved = await update.mutateAsync({ name: parsed.data });
      banners.success(saved.name, t('templatesPage.renamed'));
      onClose();
    } catch {
      // Shown below.
    }
  };
  return (
    <Modal
      title={t('templatesPage.renameTitle', { name: template.name })}
      onClose={onClose}
      size="sm"
      busy={update.isPending}
      dirty={name !== template.name}
      footer={
        <DialogActions
          onCancel={onClose}
          label={t('templatesPage.save')}
          busy={update.isPending}
          form="rename-template"
        />
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
          label={t('templatesPage.name')}
          required
          max={TEMPLATE_NAME_MAX}
          hint={t('templatesPage.upTo', { max: TEMPLATE_NAME_MAX })}
          value={name}
          onChange={setName}
          error={error ?? (update.isError ? textOf(update.error) : undefined)}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

function UpdateFromOvenModal({ template, onClose }: { template: MenuTemplateDetail; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateTemplate(template.id);
  const banners = useBanners();
  const [ovenId, setOvenId] = useState('');
  return (
    <Modal
      title={t('templatesPage.updateTitle', { name: template.name })}
      onClose={onClose}
      size="sm"
      busy={update.isPending}
      footer={
        <DialogActions
          onCancel={onClose}
          label={t('templatesPage.updateButton')}
          busy={update.isPending}
          disabled={ovenId === ''}
          onConfirm={async () => {
            try {
              const saved = await update.mutateAsync({ oven_id: Number(ovenId) });
              banners.show({
                tone: 'success',
                who: saved.name,
                description: t('templatesPage.nowVersion', { version: saved.version }),
                what: t('templatesPage.applyAgain'),
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
        {t('templatesPage.updateBody', {
          version: template.version + 1,
          label: t('templatesPage.match.outdated'),
        })}
      </p>
      <div className="field">
        <label htmlFor="update-oven" className="label-required">
          {t('templatesPage.takeMenuOf')}
        </label>
        <OvenChooser
          id="update-oven"
          type={template.oven_type}
          value={ovenId}
          onChange={setOvenId}
          placeholder={t('templatesPage.chooseOvenOfModel', { type: template.oven_type })}
          autoFocus
          refuseEmpty
        />
      </div>
      {update.isError ? <Alert tone="error">{textOf(update.error)}</Alert> : null}
    </Modal>
  );
}

function DeleteTemplate({ template, onClose }: { template: MenuTemplateDetail; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  const banners = useBanners();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      title={t('templatesPage.deleteTitle')}
      message={t('templatesPage.deleteConfirm', {
        name: isolate(template.name),
        count: template.ovens_applied.length,
      })}
      confirmLabel={t('templatesPage.deleteButton')}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(template.id);
          banners.success(template.name, t('templatesPage.deleted'));
          navigate('/fleet/templates');
        } catch (e) {
          banners.failure(template.name, t('templatesPage.deleteFailed'), e);
          onClose();
        }
      }}
    />
  );
}
