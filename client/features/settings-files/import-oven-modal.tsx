import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FileProblem,
  type ImportStats,
  importSettingsQuery,
  NO_FILE_MESSAGE,
  settingsFileNameMessage,
  settingsFileSizeMessage,
} from '../../../shared/contracts/settings-files';
import { LIMITS } from '../../../shared/domain/messages';
import { ovenNameIssue } from '../../../shared/domain/oven';
import { type OvenType, ovenModel, settingsExtension } from '../../../shared/domain/oven-models';
import { BINARY_MESSAGE, looksBinary, sniffSettings } from '../../../shared/domain/settings-file/sniff';
import { type Said, said } from '../../../shared/i18n/said';
import { Alert, TextField } from '../../components/form';
import { Modal } from '../../components/modal';
import { OvenTypeChoices } from '../../components/oven-type-choices';
import { ApiError } from '../../lib/api';
import { MarkedText, say, textOf } from '../../lib/i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { useImportOven } from './settings-files-api';

interface Picked {
  file: File;
  /** A problem found before uploading (empty, too large, binary), or null. */
  problem: Said | null;
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
  const { t } = useTranslation();
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
        ? { ok: false, said: picked.problem }
        : settingsFileNameMessage(picked.file.name, settingsExtension(type))
      : { ok: false, said: NO_FILE_MESSAGE };
  // A file that will not do says why under the picker: brought into view (a long German or French hint above can
  // push it below the dialog's edge, leaving only a greyed-out Import in sight).
  const checkRef = useRef<HTMLParagraphElement>(null);
  const fileRefused = picked !== null && fileCheck?.ok === false ? JSON.stringify(fileCheck.said) : null;
  useEffect(() => {
    if (fileRefused) checkRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [fileRefused]);
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
        setRefused({ message: textOf(error), problems });
      }
    }
  });

  if (stats) return <ImportResult stats={stats} onClose={onClose} />;

  const progress = importing.progress;
  return (
    <Modal
      title={t('importOven.title')}
      onClose={busy ? () => {} : onClose}
      busy={busy}
      dirty={Boolean(picked || values.oven_name)}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={busy ? importing.cancel : onClose}>
            {busy && progress?.phase === 'sending' ? t('importOven.stopUpload') : t('importOven.cancel')}
          </button>
          <button type="submit" form="import-form" className="btn btn-primary" disabled={!canImport}>
            {busy ? t('importOven.importing') : t('importOven.import')}
          </button>
        </>
      }
    >
      <form id="import-form" onSubmit={submit} noValidate>
        <p className="muted">{t('importOven.intro')}</p>
        <TextField
          label={t('importOven.ovenName')}
          required
          max={LIMITS.ovenNameMax}
          hint={t('importOven.ovenNameHint', { max: LIMITS.ovenNameMax })}
          {...form.field('oven_name')}
          error={nameIssue ? say(nameIssue) : form.errors.oven_name}
          data-autofocus
        />
        <OvenTypeChoices
          value={values.oven_type}
          error={form.errors.oven_type}
          onChange={(m) => form.set('oven_type', m.type)}
        />
        <fieldset className="fieldset">
          <legend className="label-required">{t('importOven.file')}</legend>
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
              <MarkedText i18nKey="importOven.drop" components={{ b: <strong /> }} />{' '}
              <button type="button" className="btn btn-secondary" onClick={() => inputRef.current?.click()}>
                {t('importOven.choose')}
              </button>
            </p>
            <p className="muted small" id={fileHint}>
              {type
                ? t('importOven.fileOfType', {
                    type,
                    ext: settingsExtension(type),
                    file: ovenModel(type).fileName,
                  })
                : t('importOven.fileAny')}
            </p>
            <input
              ref={inputRef}
              type="file"
              className="sr-only"
              aria-label={t('importOven.file')}
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
              {say(said('rules.ovenType'))}
            </p>
          ) : fileCheck ? (
            <p ref={checkRef} className={fileCheck.ok ? 'field-ok' : 'field-error'} role="status">
              {textOf(fileCheck)}
              {picked && fileCheck.ok ? ` (${megabytes(picked.file.size)})` : ''}
            </p>
          ) : null}
        </fieldset>

        <div ref={statusRef}>
          {progress ? (
            <div className="upload-progress" role="status" aria-live="polite">
              {progress.phase === 'sending' ? (
                <>
                  <progress max={progress.total} value={progress.sent} aria-label={t('importOven.upload')} />
                  <span>
                    {t('importOven.uploading', {
                      percent: Math.round((100 * progress.sent) / Math.max(1, progress.total)),
                      sent: megabytes(progress.sent),
                      total: megabytes(progress.total),
                    })}
                  </span>
                </>
              ) : (
                <>
                  <progress aria-label={t('importOven.processing')} />
                  <span>{t('importOven.checking')}</span>
                </>
              )}
            </div>
          ) : null}

          {refused ? <FileProblems refused={refused} /> : null}
          {importing.isError && !refused ? <Alert tone="error">{textOf(importing.error)}</Alert> : null}
        </div>
      </form>
    </Modal>
  );
}

/** Why the file was refused: every problem (the first 50 shown) with its line, column and field. */
function FileProblems({ refused }: { refused: { message: string; problems: FileProblem[] } }) {
  const { t } = useTranslation();
  const { problems } = refused;
  if (problems.length === 0) return <Alert tone="error">{refused.message}</Alert>;
  return (
    <div className="file-problems" role="alert">
      <h3>
        {problems.length >= 200
          ? t('importOven.problemsMany')
          : t('importOven.problemsTitle', { count: problems.length })}
      </h3>
      <p className="muted small">{t('importOven.nothingCreated')}</p>
      <ol>
        {problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
          <li key={`${p.line}-${p.column}-${i}`}>
            <span className="problem-where">
              {p.column > 0
                ? t('importOven.lineColumn', { line: p.line, column: p.column })
                : t('importOven.line', { line: p.line })}
            </span>{' '}
            <span className="problem-field">{say(p.field_said, 'F', p.field)}:</span> {textOf(p)}
          </li>
        ))}
      </ol>
      {problems.length > SHOWN_PROBLEMS ? (
        <p className="muted small">{t('importOven.more', { count: problems.length - SHOWN_PROBLEMS })}</p>
      ) : null}
    </div>
  );
}

const REASONS = {
  already_saved: 'importOven.sameAlready',
  repeated_in_file: 'importOven.sameEarlier',
} as const;

/** The statistics view (spec §2.7, §3): what came in, what was skipped and why. */
function ImportResult({ stats, onClose }: { stats: ImportStats; onClose(): void }) {
  const { t } = useTranslation();
  const { imported_recipes: imported, not_imported_recipes: skipped, menu } = stats;
  return (
    <Modal
      title={t('importOven.title')}
      onClose={onClose}
      size="lg"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('importOven.done')}
        </button>
      }
    >
      <section className="import-stats" aria-label={t('importOven.statistics')}>
        <Alert tone="success">
          <MarkedText
            i18nKey="importOven.added"
            values={{ name: stats.oven.name }}
            components={{ b: <strong /> }}
          />
        </Alert>
        <dl className="stat-tiles">
          <div>
            <dt>{t('importOven.imported')}</dt>
            <dd data-testid="imported-total">{imported.total}</dd>
          </div>
          <div>
            <dt>{t('importOven.notImported')}</dt>
            <dd data-testid="skipped-total">{skipped.total}</dd>
          </div>
          <div>
            <dt>{t('importOven.menu')}</dt>
            <dd className="stat-menu">
              {t('importOven.screens', { count: menu.screens })},{' '}
              {t('importOven.categories', { count: menu.categories })},{' '}
              {t('importOven.buttons', { count: menu.buttons })}
            </dd>
          </div>
        </dl>
        {imported.total > 0 ? (
          <section>
            <h3>{t('importOven.importedList')}</h3>
            <ul className="stat-list">
              {imported.recipes.slice(0, SHOWN_RECIPES).map((r) => (
                <li key={r.id}>
                  {r.name}{' '}
                  <span className="muted">· {t('importOven.stages', { count: r.stages.length })}</span>
                </li>
              ))}
            </ul>
            {imported.total > SHOWN_RECIPES ? (
              <p className="muted small">
                {t('importOven.moreImported', { count: imported.total - SHOWN_RECIPES })}
              </p>
            ) : null}
          </section>
        ) : null}
        {skipped.total > 0 ? (
          <section>
            <h3>{t('importOven.skippedList')}</h3>
            <ul className="stat-list">
              {skipped.recipes.slice(0, SHOWN_RECIPES).map((r, i) => (
                <li key={`${r.id}-${i}`}>
                  {r.name} <span className="muted">· {t(REASONS[r.reason])}</span>
                </li>
              ))}
            </ul>
            {skipped.total > SHOWN_RECIPES ? (
              <p className="muted small">{t('importOven.more', { count: skipped.total - SHOWN_RECIPES })}</p>
            ) : null}
          </section>
        ) : null}
      </section>
    </Modal>
  );
}
