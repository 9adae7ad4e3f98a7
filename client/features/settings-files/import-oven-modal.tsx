import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type FileProblem,
  type ImportStats,
  importSettingsQuery,
  NO_FILE_MESSAGE,
  settingsFileNameMessage,
  settingsFileSizeMessage,
} from '../../../shared/contracts/settings-files';
import { LIMITS, MESSAGES } from '../../../shared/domain/messages';
import { ovenNameIssue } from '../../../shared/domain/oven';
import { type OvenType, ovenModel, settingsExtension } from '../../../shared/domain/oven-models';
import { BINARY_MESSAGE, looksBinary, sniffSettings } from '../../../shared/domain/settings-file/sniff';
import { countOf, nounFor } from '../../../shared/domain/words';
import { Alert, TextField } from '../../components/form';
import { Modal } from '../../components/modal';
import { OvenTypeChoices } from '../../components/oven-type-choices';
import { ApiError } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';
import { useImportOven } from './settings-files-api';

interface Picked {
  file: File;
  /** A problem found before uploading (empty, too large, binary), or null. */
  problem: string | null;
}

const SHOWN_PROBLEMS = 50;
const SHOWN_RECIPES = 100;

function megabytes(bytes: number): string {
  return bytes >= 1048576
    ? `${(bytes / 1048576).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Looks at the first bytes of a picked file: text or not, and which oven and name it announces. */
async function inspect(file: File): Promise<Picked & { sniffed: ReturnType<typeof sniffSettings> }> {
  const size = settingsFileSizeMessage(file.size);
  if (size) return { file, problem: size, sniffed: {} };
  const head = new Uint8Array(await file.slice(0, 8192).arrayBuffer());
  if (looksBinary(head)) return { file, problem: BINARY_MESSAGE, sniffed: {} };
  return { file, problem: null, sniffed: sniffSettings(new TextDecoder().decode(head)) };
}

/**
 * Spec §2.7 Import Oven modal: name, oven type and the settings file (picked or dropped), checked as the spec says
 * (§5 messages); Import waits until all three are valid. While a large file uploads a progress bar moves; then the
 * statistics view says what was imported and what was skipped and why. A refused file lists every problem with its
 * line, so it can be fixed or the right file found.
 */
export function ImportOvenModal({
  onClose,
  onImported,
  onFailed,
}: {
  onClose(): void;
  onImported(oven: ImportStats['oven']): void;
  onFailed(name: string, error: unknown): void;
}) {
  const form = useZodForm(importSettingsQuery, { oven_name: '', oven_type: '' as OvenType });
  const values = form.values;
  const [picked, setPicked] = useState<Picked | null>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<{ message: string; problems: FileProblem[] } | null>(null);
  const [stats, setStats] = useState<ImportStats | null>(null);
  const importing = useImportOven();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const fileHint = useId();
  const uploading = importing.progress !== null;
  // The progress and the problems are below the form: bring them into view when they appear.
  useEffect(() => {
    if (uploading || refused) statusRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [uploading, refused]);

  const type = values.oven_type || null;
  const nameIssue = values.oven_name.trim() === '' ? null : ovenNameIssue(values.oven_name.trim());
  const fileCheck = !type
    ? null
    : picked
      ? picked.problem
        ? { ok: false, message: picked.problem }
        : settingsFileNameMessage(picked.file.name, settingsExtension(type))
      : { ok: false, message: NO_FILE_MESSAGE };
  const busy = importing.isPending;
  const canImport =
    !busy && values.oven_name.trim() !== '' && !nameIssue && type !== null && fileCheck?.ok === true;

  async function choose(file: File | undefined) {
    if (!file) return;
    setRefused(null);
    const result = await inspect(file);
    setPicked({ file: result.file, problem: result.problem });
    // The file says which oven it came from: fill in what the person has not chosen yet.
    if (!values.oven_type && result.sniffed.model) form.set('oven_type', result.sniffed.model.type);
    const name = result.sniffed.ovenName?.trim();
    if (!values.oven_name.trim() && name && !ovenNameIssue(name)) form.set('oven_name', name);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void choose(event.dataTransfer.files[0]);
  };

  const submit = form.onSubmit(async (data) => {
    if (!picked || !fileCheck?.ok) return;
    setRefused(null);
    try {
      const result = await importing.mutateAsync({ ...data, data: await picked.file.text() });
      setStats(result);
      onImported(result.oven);
    } catch (error) {
      onFailed(data.oven_name, error);
      if (error instanceof ApiError) {
        const problems = (error.body.problems as FileProblem[] | undefined) ?? [];
        setRefused({ message: error.message, problems });
      }
    }
  });

  if (stats) return <ImportResult stats={stats} onClose={onClose} />;

  const progress = importing.progress;
  return (
    <Modal
      title="Import My Oven"
      onClose={busy ? () => {} : onClose}
      busy={busy}
      backdropCloses={!picked && !values.oven_name}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={busy ? importing.cancel : onClose}>
            {busy && progress?.phase === 'sending' ? 'Stop upload' : 'Cancel'}
          </button>
          <button type="submit" form="import-form" className="btn btn-primary" disabled={!canImport}>
            {busy ? 'Importing ...' : 'Import'}
          </button>
        </>
      }
    >
      <form id="import-form" onSubmit={submit} noValidate>
        <p className="muted">
          Bring an oven into Hearth from the settings file copied off its USB port: its screens, categories
          and buttons become a new oven, and its recipes are added to My Recipes (recipes you already have are
          not added twice).
        </p>
        <TextField
          label="Oven name"
          required
          maxLength={LIMITS.ovenNameMax}
          hint={`Up to ${LIMITS.ovenNameMax} letters, numbers, spaces, dashes or underscores.`}
          {...form.field('oven_name')}
          error={nameIssue ?? form.errors.oven_name}
          data-autofocus
        />
        <OvenTypeChoices
          value={values.oven_type}
          error={form.errors.oven_type}
          onChange={(m) => form.set('oven_type', m.type)}
        />
        <fieldset className="fieldset">
          <legend className="label-required">Settings file</legend>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target wraps a real file input and button */}
          <div
            className={`drop-zone ${dragging ? 'drop-zone-active' : ''}`}
            data-testid="drop-zone"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>
              <strong>Drop the file here</strong> or{' '}
              <button type="button" className="btn btn-secondary" onClick={() => inputRef.current?.click()}>
                Choose file
              </button>
            </p>
            <p className="muted small" id={fileHint}>
              {type
                ? `${type} ovens use a .${settingsExtension(type)} file (${ovenModel(type).fileName}).`
                : 'Matchbox, Shuttle and Conveyor ovens use .ai2 files; MiLO and MiSA ovens use .rcp files.'}
            </p>
            <input
              ref={inputRef}
              type="file"
              className="sr-only"
              aria-label="Settings file"
              aria-describedby={fileHint}
              accept=".ai2,.rcp,.AI2,.RCP"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          {!type ? (
            <p className="field-error" role="status">
              {MESSAGES.ovenType}
            </p>
          ) : fileCheck ? (
            <p className={fileCheck.ok ? 'field-ok' : 'field-error'} role="status">
              {fileCheck.message}
              {picked && fileCheck.ok ? ` (${megabytes(picked.file.size)})` : ''}
            </p>
          ) : null}
        </fieldset>

        <div ref={statusRef}>
          {progress ? (
            <div className="upload-progress" role="status" aria-live="polite">
              {progress.phase === 'sending' ? (
                <>
                  <progress max={progress.total} value={progress.sent} aria-label="Upload" />
                  <span>
                    Uploading {Math.round((100 * progress.sent) / Math.max(1, progress.total))}% (
                    {megabytes(progress.sent)} of {megabytes(progress.total)})
                  </span>
                </>
              ) : (
                <>
                  <progress aria-label="Processing" />
                  <span>Checking every recipe and button, and creating the oven ...</span>
                </>
              )}
            </div>
          ) : null}

          {refused ? <FileProblems refused={refused} /> : null}
          {importing.isError && !refused ? <Alert tone="error">{importing.error.message}</Alert> : null}
        </div>
      </form>
    </Modal>
  );
}

/** Why the file was refused: every problem (the first 50 shown) with its line, column and field. */
function FileProblems({ refused }: { refused: { message: string; problems: FileProblem[] } }) {
  const { problems } = refused;
  if (problems.length === 0) return <Alert tone="error">{refused.message}</Alert>;
  return (
    <div className="file-problems" role="alert">
      <h3>
        The file could not be imported: {problems.length >= 200 ? '200 or more' : problems.length}{' '}
        {nounFor(problems.length, 'problem')}
      </h3>
      <p className="muted small">
        Nothing was created. Fix the file or copy it from the oven again, then import it.
      </p>
      <ol>
        {problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
          <li key={`${p.line}-${p.column}-${i}`}>
            <span className="problem-where">
              Line {p.line}
              {p.column > 0 ? `, column ${p.column}` : ''}
            </span>{' '}
            <span className="problem-field">{p.field}:</span> {p.message}
          </li>
        ))}
      </ol>
      {problems.length > SHOWN_PROBLEMS ? (
        <p className="muted small">and {problems.length - SHOWN_PROBLEMS} more.</p>
      ) : null}
    </div>
  );
}

const REASONS = {
  already_saved: 'already in My Recipes',
  repeated_in_file: 'appears earlier in this file',
} as const;

/** The statistics view (spec §2.7, §3): what came in, what was skipped and why. */
function ImportResult({ stats, onClose }: { stats: ImportStats; onClose(): void }) {
  const { imported_recipes: imported, not_imported_recipes: skipped, menu } = stats;
  const stages = (n: number) => `${countOf(n, 'stage')}`;
  return (
    <Modal
      title="Import My Oven"
      onClose={onClose}
      size="lg"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          Done
        </button>
      }
    >
      <section className="import-stats" aria-label="Import statistics">
        <Alert tone="success">
          <strong>{stats.oven.name}</strong> has been added to My Ovens.
        </Alert>
        <dl className="stat-tiles">
          <div>
            <dt>Recipes imported</dt>
            <dd data-testid="imported-total">{imported.total}</dd>
          </div>
          <div>
            <dt>Recipes not imported</dt>
            <dd data-testid="skipped-total">{skipped.total}</dd>
          </div>
          <div>
            <dt>Menu</dt>
            <dd className="stat-menu">
              {countOf(menu.screens, 'screen')}, {countOf(menu.categories, 'category')},{' '}
              {countOf(menu.buttons, 'button')}
            </dd>
          </div>
        </dl>
        {imported.total > 0 ? (
          <section>
            <h3>Imported into My Recipes</h3>
            <ul className="stat-list">
              {imported.recipes.slice(0, SHOWN_RECIPES).map((r) => (
                <li key={r.id}>
                  {r.name} <span className="muted">· {stages(r.stages.length)}</span>
                </li>
              ))}
            </ul>
            {imported.total > SHOWN_RECIPES ? (
              <p className="muted small">and {imported.total - SHOWN_RECIPES} more, all in My Recipes.</p>
            ) : null}
          </section>
        ) : null}
        {skipped.total > 0 ? (
          <section>
            <h3>Not imported (the oven's buttons use the recipe you already have)</h3>
            <ul className="stat-list">
              {skipped.recipes.slice(0, SHOWN_RECIPES).map((r, i) => (
                <li key={`${r.id}-${i}`}>
                  {r.name} <span className="muted">· same name and stages {REASONS[r.reason]}</span>
                </li>
              ))}
            </ul>
            {skipped.total > SHOWN_RECIPES ? (
              <p className="muted small">and {skipped.total - SHOWN_RECIPES} more.</p>
            ) : null}
          </section>
        ) : null}
      </section>
    </Modal>
  );
}
