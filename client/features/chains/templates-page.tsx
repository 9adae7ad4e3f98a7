import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { createTemplateRequest, type MenuTemplate } from '../../../shared/contracts/chains';
import { TEMPLATE_NAME_MAX } from '../../../shared/domain/fleet';
import { can } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { Alert, Spinner, TextField } from '../../components/form';
import { DialogActions, Modal } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { i18n, textOf } from '../../lib/i18n';
import { formatDay } from '../../lib/text';
import { useZodForm } from '../../lib/use-zod-form';
import { OvenChooser } from '../ovens';
import { templateListQuery, useCreateTemplate } from './chains-api';

/** A template's model, version, size and date, in one line (its card and its page). */
export const templateSummary = (template: MenuTemplate) =>
  [
    template.oven_type,
    i18n.t('templatesPage.version', { version: template.version }),
    i18n.t('templatesPage.buttons', { count: template.buttons }),
    i18n.t('templatesPage.updated', { date: formatDay(template.updated_at) }),
  ].join(' · ');

/**
 * Menu templates: one menu for many ovens of a model. Made from an oven's menu as it is now; its page applies it
 * to a location or chosen ovens and shows which ovens still match.
 */
export function TemplatesPage() {
  const list = useQuery(templateListQuery());
  const [creating, setCreating] = useState(false);
  const manage = can(useCurrentUser().user, 'templates.manage');
  const { t } = useTranslation();
  return (
    <section className="page templates-page" aria-labelledby="templates-title">
      <header className="page-header page-header-row">
        <div>
          <h1 id="templates-title">{t('templatesPage.title')}</h1>
          <p className="muted">{t('templatesPage.intro')}</p>
        </div>
        {manage ? (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            {t('templatesPage.new')}
          </button>
        ) : null}
      </header>
      {list.isPending ? <Spinner label={t('templatesPage.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('templatesPage.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {list.data && list.data.length === 0 ? (
        <div className="card empty-state">
          <p>{t('templatesPage.empty')}</p>
        </div>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul className="location-list" aria-label={t('templatesPage.list')}>
          {list.data.map((template) => (
            <li key={template.id} className="card location-card">
              <div className="location-head">
                <h2>
                  <Link to={`/fleet/templates/${template.id}`}>
                    <bdi>{template.name}</bdi>
                  </Link>
                </h2>
                <p className="muted">{templateSummary(template)}</p>
                <p>
                  {template.ovens === 0
                    ? t('templatesPage.notApplied')
                    : t('templatesPage.onOvens', { count: template.ovens })}
                </p>
              </div>
              <div className="location-actions">
                <Link
                  className="btn btn-secondary"
                  to={`/fleet/templates/${template.id}`}
                  aria-label={t('templatesPage.openName', { name: template.name })}
                >
                  {t('templatesPage.open')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {creating ? <NewTemplateModal onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function NewTemplateModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const create = useCreateTemplate();
  const banners = useBanners();
  const navigate = useNavigate();
  const form = useZodForm(createTemplateRequest, { name: '', oven_id: '' }, (v) => ({
    name: v.name,
    oven_id: v.oven_id === '' ? (undefined as never) : Number(v.oven_id),
  }));
  const submit = form.onSubmit(async (body) => {
    const made = await create.mutateAsync(body);
    banners.success(made.name, t('templatesPage.made', { type: made.oven_type }));
    navigate(`/fleet/templates/${made.id}`);
  });
  const dirty = form.values.name !== '' || form.values.oven_id !== '';
  return (
    <Modal
      title={t('templatesPage.new')}
      onClose={onClose}
      size="sm"
      busy={form.busy}
      dirty={dirty}
      footer={
        <DialogActions
          onCancel={onClose}
          label={t('templatesPage.make')}
          busy={form.busy}
          disabled={!form.values.name.trim() || form.values.oven_id === ''}
          form="template-form"
        />
      }
    >
      <form id="template-form" onSubmit={submit} noValidate>
        <TextField
          label={t('templatesPage.name')}
          required
          max={TEMPLATE_NAME_MAX}
          hint={t('templatesPage.nameHint', { max: TEMPLATE_NAME_MAX })}
          {...form.field('name')}
          data-autofocus
        />
        <div className={`field${form.errors.oven_id ? ' field-invalid' : ''}`}>
          <label htmlFor="template-oven" className="label-required">
            {t('templatesPage.takeMenuOf')}
          </label>
          <OvenChooser
            id="template-oven"
            value={form.values.oven_id}
            onChange={(v) => form.set('oven_id', v)}
            placeholder={t('templatesPage.chooseOven')}
            invalid={Boolean(form.errors.oven_id)}
            refuseEmpty
          />
          <p className="field-hint">{t('templatesPage.takeMenuHint')}</p>
          {form.errors.oven_id ? (
            <p className="field-error" role="alert">
              {form.errors.oven_id}
            </p>
          ) : null}
        </div>
        {form.failure && !form.errors.name && !form.errors.oven_id ? (
          <Alert tone="error">{textOf(form.failure)}</Alert>
        ) : null}
      </form>
    </Modal>
  );
}
