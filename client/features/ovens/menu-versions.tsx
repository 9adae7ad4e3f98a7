import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type MenuDiffResponse, type MenuVersion, saveVersionRequest } from '../../../shared/contracts/menus';
import { LIMITS } from '../../../shared/domain/messages';
import { countOf, nounFor } from '../../../shared/domain/words';
import { Alert, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, Modal } from '../../components/modal';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  type OvenHandle,
  useRestoreVersion,
  useSaveVersion,
  versionDiffQuery,
  versionListQuery,
} from './ovens-api';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
  const diff = useQuery(versionDiffQuery(handle.oven.id, version.id, handle.oven.version));
  if (diff.isPending) return <Spinner label="Comparing ..." />;
  if (diff.isError) return <Alert tone="error">The menus could not be compared: {diff.error.message}</Alert>;
  const { lines, highlight, removed } = diff.data;
  const marks = highlight.length + removed.length;
  if (lines.length === 0) return <p className="muted">The current menu is the same as “{version.name}”.</p>;
  return (
    <div className="version-changes">
      <ul className="change-list" aria-label={`Changes since ${version.name}`}>
        {lines.map((l) => (
          <li key={l.message}>{l.message}</li>
        ))}
      </ul>
      {marks > 0 ? (
        <button type="button" className="btn btn-secondary" onClick={() => onShow(highlight, removed)}>
          Show {marks} changed {nounFor(marks, 'button')} on the menu
        </button>
      ) : null}
    </div>
  );
}

/**
 * Menu versions of one oven: save the current menu under a name, see what changed since any version (in words,
 * and marked on the editor), and restore one (a change of its own, which Undo takes back).
 */
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
  const { oven } = handle;
  const list = useQuery(versionListQuery(oven.id));
  const saveVersion = useSaveVersion(oven.id);
  const restore = useRestoreVersion(handle);
  const form = useZodForm(saveVersionRequest, { name: '', note: '' });
  const [saved, setSaved] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<MenuVersion | null>(null);

  const submit = form.onSubmit(async (data) => {
    const made = await saveVersion.mutateAsync(data);
    setSaved(made.name);
    form.setValues({ name: '', note: '' });
  });

  return (
    <Modal title={`Menu versions of ${oven.name}`} onClose={onClose} size="lg" busy={restore.isPending}>
      {readOnly ? null : (
        <form className="version-form" onSubmit={submit} noValidate>
          <h3 className="section-title">Save the current menu</h3>
          <TextField
            label="Version name"
            required
            maxLength={LIMITS.versionNameMax}
            hint="For example: Spring menu"
            {...form.field('name')}
          />
          <TextField
            label="Note"
            maxLength={LIMITS.versionNoteMax}
            hint="What this menu is for (optional)."
            {...form.field('note')}
          />
          {saved ? <Alert tone="success">Saved as “{saved}”.</Alert> : null}
          {form.failure && !hasFieldErrors(form.failure) ? (
            <Alert tone="error">The version could not be saved: {form.failure.message}</Alert>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {form.busy ? 'Saving ...' : 'Save Version'}
          </button>
        </form>
      )}

      <h3 className="section-title">Saved versions</h3>
      {list.isPending ? <Spinner label="Loading versions ..." /> : null}
      {list.isError ? (
        <Alert tone="error">The versions could not be loaded: {list.error.message}</Alert>
      ) : null}
      {list.data?.length === 0 ? <p className="muted">No version saved yet.</p> : null}
      {restore.isError ? <Alert tone="error">{restore.error.message}</Alert> : null}
      <ul className="version-list">
        {list.data?.map((v) => (
          <li key={v.id} className="version-item" aria-label={v.name}>
            <div className="version-head">
              <div>
                <strong dir="auto">{v.name}</strong>
                <p className="muted small">
                  Saved {when(v.created_at)}
                  {v.created_by ? ` by ${v.created_by}` : ''} · {countOf(v.buttons, 'button')}
                </p>
                {v.note ? (
                  <p className="small" dir="auto">
                    {v.note}
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
                  What changed since
                </button>
                {readOnly ? null : (
                  <button type="button" className="btn btn-secondary" onClick={() => setRestoring(v)}>
                    Restore
                  </button>
                )}
              </div>
            </div>
            {open === v.id ? (
              <VersionChanges
                handle={handle}
                version={v}
                onShow={(ids, removed) => onHighlight(ids, removed, v.name)}
              />
            ) : null}
          </li>
        ))}
      </ul>

      {restoring ? (
        <ConfirmDialog
          title="Restore version"
          message={`The menu of ${oven.name} becomes “${restoring.name}” again (press What changed since to see how). Undo takes it back; to keep today's menu too, save it as a version first.`}
          confirmLabel="Restore"
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
