import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { createTemplateRequest, type MenuTemplate } from '../../../shared/contracts/menus';
import { TEMPLATE_NAME_MAX } from '../../../shared/domain/fleet';
import { can } from '../../../shared/domain/permissions';
import { countOf } from '../../../shared/domain/words';
import { useBanners } from '../../components/banners';
import { Alert, Spinner, TextField } from '../../components/form';
import { DialogActions, Modal } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { formatDay } from '../../lib/text';
import { useZodForm } from '../../lib/use-zod-form';
import { templateListQuery, useCreateTemplate } from './menus-api';

/** What the templates pages need to know of an oven (the app passes the ovens feature's list). */
export interface OvenChoice {
  id: number;
  name: string;
  type: string;
  location: { id: number; name: string } | null;
}

/** A template's model, version, size and date, in one line (its card and its page). */
export const templateSummary = (t: MenuTemplate) =>
  `${t.oven_type} · version ${t.version} · ${countOf(t.buttons, 'button')} · updated ${formatDay(t.updated_at)}`;

export const ovenLabel = (o: OvenChoice) =>
  `${o.name} · ${o.type}${o.location ? ` · ${o.location.name}` : ''}`;

/**
 * Menu templates: one menu for many ovens of a model. Made from an oven's menu as it is now; its page applies it
 * to a location or chosen ovens and shows which ovens still match.
 */
export function TemplatesPage({ ovens }: { ovens: OvenChoice[] | undefined }) {
  const list = useQuery(templateListQuery());
  const [creating, setCreating] = useState(false);
  const manage = can(useCurrentUser().user, 'templates.manage');
  return (
    <section className="page templates-page" aria-labelledby="templates-title">
      <header className="page-header page-header-row">
        <div>
          <h1 id="templates-title">Menu templates</h1>
          <p className="muted">
            One menu for many ovens of a model: make it from an oven's menu, apply it to a location or to
            chosen ovens, and see which ovens still match it.
          </p>
        </div>
        {manage ? (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            New Template
          </button>
        ) : null}
      </header>
      {list.isPending ? <Spinner label="Loading templates..." /> : null}
      {list.isError ? (
        <Alert tone="error">The templates could not be loaded: {list.error.message}</Alert>
      ) : null}
      {list.data && list.data.length === 0 ? (
        <div className="card empty-state">
          <p>
            No templates yet. Lay out one oven's menu as every store should have it, then make a template of
            it.
          </p>
        </div>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul className="location-list" aria-label="Your templates">
          {list.data.map((t) => (
            <li key={t.id} className="card location-card">
              <div className="location-head">
                <h2>
                  <Link to={`/fleet/templates/${t.id}`}>
                    <bdi>{t.name}</bdi>
                  </Link>
                </h2>
                <p className="muted">{templateSummary(t)}</p>
                <p>{t.ovens === 0 ? 'Not applied yet' : `On ${countOf(t.ovens, 'oven')}`}</p>
              </div>
              <div className="location-actions">
                <Link
                  className="btn btn-secondary"
                  to={`/fleet/templates/${t.id}`}
                  aria-label={`Open ${t.name}`}
                >
                  Open
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {creating ? <NewTemplateModal ovens={ovens} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function NewTemplateModal({ ovens, onClose }: { ovens: OvenChoice[] | undefined; onClose(): void }) {
  const create = useCreateTemplate();
  const banners = useBanners();
  const navigate = useNavigate();
  const form = useZodForm(createTemplateRequest, { name: '', oven_id: '' }, (v) => ({
    name: v.name,
    oven_id: v.oven_id === '' ? (undefined as never) : Number(v.oven_id),
  }));
  const submit = form.onSubmit(async (body) => {
    const made = await create.mutateAsync(body);
    banners.success(made.name, `has been made from a ${made.oven_type} menu`);
    navigate(`/fleet/templates/${made.id}`);
  });
  const dirty = form.values.name !== '' || form.values.oven_id !== '';
  return (
    <Modal
      title="New Template"
      onClose={onClose}
      size="sm"
      busy={form.busy}
      backdropCloses={!dirty}
      footer={
        <DialogActions
          onCancel={onClose}
          label="Make Template"
          busy={form.busy}
          disabled={!form.values.name.trim() || form.values.oven_id === ''}
          form="template-form"
        />
      }
    >
      <form id="template-form" onSubmit={submit} noValidate>
        <TextField
          label="Template name"
          required
          maxLength={TEMPLATE_NAME_MAX}
          hint={`For example "Lunch 2027", up to ${TEMPLATE_NAME_MAX} characters. Versions saved on ovens are named after it.`}
          {...form.field('name')}
          data-autofocus
        />
        <div className={`field${form.errors.oven_id ? ' field-invalid' : ''}`}>
          <label htmlFor="template-oven" className="label-required">
            Take the menu of
          </label>
          <select
            id="template-oven"
            value={form.values.oven_id}
            onChange={(e) => form.set('oven_id', e.target.value)}
            aria-invalid={form.errors.oven_id ? true : undefined}
          >
            <option value="">Choose an oven...</option>
            {(ovens ?? []).map((o) => (
              <option key={o.id} value={String(o.id)}>
                {ovenLabel(o)}
              </option>
            ))}
          </select>
          <p className="field-hint">
            Its screens, categories and buttons as they are now. The template fits ovens of the same model.
          </p>
          {form.errors.oven_id ? (
            <p className="field-error" role="alert">
              {form.errors.oven_id}
            </p>
          ) : null}
        </div>
        {form.failure && !form.errors.name && !form.errors.oven_id ? (
          <Alert tone="error">{form.failure.message}</Alert>
        ) : null}
      </form>
    </Modal>
  );
}
