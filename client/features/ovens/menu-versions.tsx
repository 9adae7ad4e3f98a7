import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuDiffResponse, type MenuVersion, saveVersionRequest } from '../../../shared/contracts/menus';
import { LIMITS } from '../../../shared/domain/messages';
import { Alert, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, Modal } from '../../components/modal';
import { NeedsConnection } from '../../components/needs-connection';
import { formatLocale, i18n, say, textOf, type UiLanguage } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/online';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  type OvenHandle,
  useRestoreVersion,
  useSaveVersion,
  versionDiffQuery,
  versionListQuery,
} from './ovens-api';

const when = (iso: string) =>
  new Date(iso).toLocaleString(formatLocale(i18n.language as UiLanguage), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** What changed since one version, in words, with a way to see the changed buttons on the editor. */
function VersionChanges({
  handle,
  version,
  onShow,
}: {
  handle: OvenHandle;
  version: MenuVersion;
  onShow(ids: number[], removed: MenuDiffResponse['removed']): void;
}) {
  const { t } = useTranslation();
  const diff = useQuery(versionDiffQuery(handle.oven.id, version.id, handle.oven.version));
  if (diff.isPending) return <Spinner label={t('versions.comparing')} />;
  if (diff.isError)
    return <Alert tone="error">{t('versions.compareFailed', { message: textOf(diff.error) })}</Alert>;
  const { lines, highlight, removed } = diff.data;
  const marks = highlight.length + removed.length;
  if (lines.length === 0)
    return <p className="muted">{t('versions.same', { name: versionName(version) })}</p>;
  return (
    <div className="version-changes">
      <ul className="change-list" aria-label={t('versions.changesSince', { name: versionName(version) })}>
        {lines.map((l) => (
          <li key={l.message}>{textOf(l)}</li>
        ))}
      </ul>
      {marks > 0 ? (
        <button type="button" className="btn btn-secondary" onClick={() => onShow(highlight, removed)}>
          {t('versions.showChanged', { count: marks })}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Menu versions of one oven: save the current menu under a name, see what changed since any version (in words,
 * and marked on the editor), and restore one (a change of its own, which Undo takes back).
 */
/** A version's name: as typed, or the one Hearth gave ("Before Lunch v3") in the screens' language. */
const versionName = (v: Pick<MenuVersion, 'name' | 'name_said'>) =>
  v.name_said ? say(v.name_said, 'F', v.name) : v.name;

export function MenuVersionsModal({
  handle,
  onClose,
  onHighlight,
  onRestored,
  readOnly = false,
}: {
  handle: OvenHandle;
  /** For a role that reads menus only: versions are listed and compared, not saved or restored. */
  readOnly?: boolean;
  onClose(): void;
  onHighlight(ids: number[], removed: MenuDiffResponse['removed'], versionName: string): void;
  onRestored(name: string): void;
}) {
  const { t } = useTranslation();
  const { oven } = handle;
  const list = useQuery(versionListQuery(oven.id));
  const saveVersion = useSaveVersion(oven.id);
  const restore = useRestoreVersion(handle);
  const form = useZodForm(saveVersionRequest, { name: '', note: '' });
  const [saved, setSaved] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<MenuVersion | null>(null);

  const submit = form.onSubmit(async (data) => {
    // The last save's "Saved as" goes with the next attempt: beside a refusal it read as if this one had saved.
    setSaved('');
    const made = await saveVersion.mutateAsync(data);
    setSaved(made.name);
    form.setValues({ name: '', note: '' });
  });

  const online = useOnline();
  return (
    <Modal
      title={t('versions.title', { oven: oven.name })}
      onClose={onClose}
      size="lg"
      busy={restore.isPending}
      dirty={form.values.name !== '' || form.values.note !== ''}
    >
      {readOnly ? null : (
        <form className="version-form" onSubmit={submit} noValidate>
          <h3 className="section-title">{t('versions.saveCurrent')}</h3>
          <TextField
            label={t('versions.name')}
            required
            max={LIMITS.versionNameMax}
            hint={t('versions.nameHint')}
            {...form.field('name')}
          />
          <TextField
            label={t('versions.note')}
            max={LIMITS.versionNoteMax}
            hint={t('versions.noteHint')}
            {...form.field('note')}
          />
          {saved ? <Alert tone="success">{t('versions.savedAs', { name: saved })}</Alert> : null}
          {form.failure && !hasFieldErrors(form.failure) ? (
            <Alert tone="error">{t('versions.saveFailed', { message: textOf(form.failure) })}</Alert>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={form.busy || !online}>
            {form.busy ? t('common.saving') : t('versions.save')}
          </button>
          <NeedsConnection />
        </form>
      )}

      <h3 className="section-title">{t('versions.saved')}</h3>
      {online ? null : <p className="muted">{t('versions.asLastSeen')}</p>}
      {list.isPending ? <Spinner label={t('versions.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('versions.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {list.data?.length === 0 ? <p className="muted">{t('versions.none')}</p> : null}
      {restore.isError ? <Alert tone="error">{textOf(restore.error)}</Alert> : null}
      <ul className="version-list">
        {list.data?.map((v) => (
          <li key={v.id} className="version-item" aria-label={versionName(v)}>
            <div className="version-head">
              <div>
                <strong dir="auto">{versionName(v)}</strong>
                <p className="muted small">
                  {v.created_by
                    ? t('versions.savedAtBy', { when: when(v.created_at), who: v.created_by })
                    : t('versions.savedAt', { when: when(v.created_at) })}{' '}
                  · {t('versions.buttons', { count: v.buttons })}
                </p>
                {v.note ? (
                  <p className="small" dir="auto">
                    {v.note_said ? say(v.note_said, 'F', v.note) : v.note}
                  </p>
                ) : null}
              </div>
              <div className="version-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-expanded={open === v.id}
                  onClick={() => setOpen(open === v.id ? null : v.id)}
                >
                  {t('versions.whatChanged')}
                </button>
                {readOnly ? null : (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={!online}
                    onClick={() => setRestoring(v)}
                  >
                    {t('versions.restore')}
                  </button>
                )}
              </div>
            </div>
            {open === v.id ? (
              <VersionChanges
                handle={handle}
                version={v}
                onShow={(ids, removed) => onHighlight(ids, removed, versionName(v))}
              />
            ) : null}
          </li>
        ))}
      </ul>

      {restoring ? (
        <ConfirmDialog
          title={t('versions.restoreTitle')}
          message={t('versions.restoreMessage', { oven: oven.name, name: versionName(restoring) })}
          confirmLabel={t('versions.restore')}
          busy={restore.isPending}
          onCancel={() => setRestoring(null)}
          onConfirm={async () => {
            const reply = await restore.mutateAsync(restoring.id).catch(() => null);
            setRestoring(null);
            if (reply) onRestored(reply.restored);
          }}
        />
      ) : null}
    </Modal>
  );
}
