import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ImportPreview, ImportProblem, ImportResult } from '../../../shared/contracts/chain-files';
import {
  CHAIN_FILE_BYTES_MAX,
  CHAIN_FILE_COLUMNS,
  CHAIN_FILE_KINDS,
  CHAIN_FILE_ROWS_MAX,
  type ChainFileKind,
  OPTIONAL_COLUMNS,
} from '../../../shared/domain/chain-files';
import { Alert, Spinner } from '../../components/form';
import { JobProgressBar } from '../../components/job-progress';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { say, textOf } from '../../lib/i18n';
import { downloadExample, useApplyChainFile, useCheckChainFile } from './chain-files-api';

/** Where each kind's list lives, to go back to once imported. */
const HOME: Record<ChainFileKind, string> = {
  locations: '/fleet/locations',
  ovens: '/ovens',
  members: '/team',
};

const problemText = (p: ImportProblem) => say({ key: p.key, params: p.params }, 'F', p.message);

/** The Import page of one kind: its columns and example, the file checked as a table, then imported. */
export function ChainImportPage() {
  const kind = useParams().kind as ChainFileKind;
  const { user } = useCurrentUser();
  const { t } = useTranslation();
  if (!CHAIN_FILE_KINDS.includes(kind) || !user?.team) return <p className="page">{t('notFound.title')}</p>;
  return <ImportKind key={kind} kind={kind} teamId={user.team.id} />;
}

function ImportKind({ kind, teamId }: { kind: ChainFileKind; teamId: number }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const check = useCheckChainFile(teamId, kind);
  const apply = useApplyChainFile(teamId, kind);
  const [done, setDone] = useState<ImportResult | null>(null);
  const tooBig = file !== null && file.size > CHAIN_FILE_BYTES_MAX;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file || tooBig) return;
    setDone(null);
    apply.reset();
    check.mutate(file);
  };
  // A refused apply (the team changed since the check) carries its problems: shown like the check's.
  const refused =
    apply.error instanceof ApiError ? (apply.error.body.problems as ImportProblem[] | undefined) : undefined;

  return (
    <section className="page chain-import-page" aria-labelledby="import-title">
      <header className="page-header">
        <p className="muted">
          <Link to={HOME[kind]}>{t(`chainImport.back.${kind}`)}</Link>
        </p>
        <h1 id="import-title">{t(`chainImport.title.${kind}`)}</h1>
        <p className="muted">{t(`chainImport.intro.${kind}`, { n: CHAIN_FILE_ROWS_MAX[kind] })}</p>
      </header>

      <div className="card import-columns">
        <h2>{t('chainImport.columns')}</h2>
        <dl>
          {CHAIN_FILE_COLUMNS[kind].map((column) => (
            <div key={column}>
              <dt>
                <code>{column}</code>
                {OPTIONAL_COLUMNS.has(column) ? null : (
                  <span className="badge">{t('chainImport.needed')}</span>
                )}
              </dt>
              {/* Each kind's own columns: the catalogue has exactly these (scripts/i18n-catalogs.test.ts). */}
              <dd>{t(`chainImport.column.${kind}.${column}` as 'chainImport.column.ovens.name')}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">{t('chainImport.formats')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void downloadExample(kind)}>
          {t('chainImport.example')}
        </button>
      </div>

      <form className="card import-file" onSubmit={submit}>
        <div className="field">
          <span className="field-label" id="import-file-label">
            {t('chainImport.chooseFile')}
          </span>
          {/* The browser's own "Choose File" speaks its language, not the page's: a button of ours instead. */}
          <label className="file-picker">
            <input
              type="file"
              className="file-input"
              aria-labelledby="import-file-label"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                check.reset();
                apply.reset();
                setDone(null);
              }}
            />
            <span className="btn btn-secondary" aria-hidden="true">
              {t('chainImport.chooseButton')}
            </span>
            <span className="file-name">{file ? file.name : t('chainImport.noFile')}</span>
          </label>
        </div>
        {tooBig ? (
          <Alert tone="error">{t('chainImport.tooBig', { size: CHAIN_FILE_BYTES_MAX / 1048576 })}</Alert>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!file || tooBig || check.isPending}>
          {check.isPending ? t('chainImport.checking') : t('chainImport.check')}
        </button>
      </form>

      {check.isPending ? <Spinner label={t('chainImport.checking')} /> : null}
      {check.isError ? <Alert tone="error">{textOf(check.error)}</Alert> : null}

      {check.data && !done ? (
        <Preview
          preview={check.data}
          extra={refused}
          applying={apply.isPending}
          progress={apply.progress}
          error={apply.isError && !refused ? textOf(apply.error) : null}
          onApply={() => {
            if (file)
              apply.mutate(file, {
                onSuccess: (result) => setDone(result),
              });
          }}
        />
      ) : null}

      {done ? (
        <div className="card import-done" role="status">
          <Alert tone="success">
            {t('chainImport.done', { create: done.create, update: done.update, unchanged: done.unchanged })}
          </Alert>
          <p>
            <Link className="btn btn-primary" to={HOME[kind]}>
              {t(`chainImport.back.${kind}`)}
            </Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function Preview({
  preview,
  extra,
  applying,
  progress,
  error,
  onApply,
}: {
  preview: ImportPreview;
  extra: ImportProblem[] | undefined;
  applying: boolean;
  progress: { done: number; total: number } | null;
  error: string | null;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const problems = extra ?? preview.problems;
  const total = extra ? extra.length : preview.problems_total;
  // Each bad cell's reasons, by row and column; the file's and rows' own problems listed above the table.
  const byCell = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of problems) {
      if (p.column === null || p.row === 1) continue;
      const key = `${p.row}:${p.column}`;
      map.set(key, [...(map.get(key) ?? []), problemText(p)]);
    }
    return map;
  }, [problems]);
  const general = problems.filter((p) => p.column === null || p.row === 1);

  return (
    <div className="card import-preview">
      <h2>{t('chainImport.previewTitle')}</h2>
      <p role="status">
        {t('chainImport.summary', {
          count: preview.rows,
          create: preview.create,
          update: preview.update,
          unchanged: preview.unchanged,
        })}
      </p>
      {total > 0 ? (
        <Alert tone="error">
          {t('chainImport.problems', { count: total })}
          {total > problems.length ? ` ${t('chainImport.problemsShown', { n: problems.length })}` : ''}
        </Alert>
      ) : null}
      {general.length > 0 ? (
        <ul className="import-general-problems">
          {general.map((p) => (
            <li key={`${p.row}:${p.column}:${p.key}`}>
              {p.row === 1
                ? t('chainImport.inHeader', { problem: problemText(p) })
                : t('chainImport.inRow', { row: p.row, problem: problemText(p) })}
            </li>
          ))}
        </ul>
      ) : null}
      {preview.lines.length > 0 ? <p className="muted swipe-hint">{t('chainImport.swipe')}</p> : null}
      {preview.lines.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
        <section className="table-scroll" tabIndex={0} aria-label={t('chainImport.tableLabel')}>
          <table className="import-table">
            <thead>
              <tr>
                <th scope="col">{t('chainImport.row')}</th>
                {preview.columns.map((c) => (
                  <th key={c} scope="col">
                    <code>{c}</code>
                  </th>
                ))}
                <th scope="col">{t('chainImport.action')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.lines.map((line) => (
                <tr key={line.row} className={`import-line import-${line.action}`}>
                  <th scope="row">{line.row}</th>
                  {line.cells.map((cell, i) => {
                    const reasons = byCell.get(`${line.row}:${preview.columns[i]}`);
                    return (
                      <td key={preview.columns[i]} className={reasons ? 'cell-bad' : undefined} dir="auto">
                        {/* A long cell shows its first lines; all of it is in the title. */}
                        <span className="cell-text" title={cell.length > 80 ? cell : undefined}>
                          {cell}
                        </span>
                        {reasons?.map((r) => (
                          <span key={r} className="cell-reason">
                            {r}
                          </span>
                        ))}
                      </td>
                    );
                  })}
                  <td>{t(`chainImport.actions.${line.action}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {preview.rows > preview.lines.length ? (
        <p className="muted">
          {t('chainImport.linesShown', { shown: preview.lines.length, count: preview.rows })}
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {applying ? <JobProgressBar progress={progress} unit="row" /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={total > 0 || applying || preview.create + preview.update === 0}
          onClick={onApply}
        >
          {applying
            ? t('chainImport.applying')
            : t('chainImport.apply', { count: preview.create + preview.update })}
        </button>
        {total === 0 && preview.create + preview.update === 0 ? (
          <p className="muted">{t('chainImport.nothingToDo')}</p>
        ) : null}
      </div>
    </div>
  );
}
