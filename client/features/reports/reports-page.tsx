import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportResponse } from '../../../shared/contracts/reports';
import { REPORT_FILTERS, type ReportFilter, reportPeriodIssues } from '../../../shared/domain/report';
import { Alert, Spinner } from '../../components/form';
import { formatLocale, say, textOf, type UiLanguage, useUiLanguage } from '../../lib/i18n';
import { useUrlState } from '../../lib/use-url-state';
import { ModelsDoughnut, UsersBarChart } from './charts';
import { reportQuery } from './reports-api';

const DEFAULTS = { filter: 'yearToDate', start: '', end: '' };
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A day of the report (YYYY-MM-DD, a day of the report's zone) in the reader's language. */
const dayIn = (day: string, locale: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { ...options, timeZone: 'UTC' });

/**
 * A bar's label in the reader's language: the series says "Feb 28", "Feb" or "Feb 2027" in English, and its key
 * is the day or the month's first day (an hour's "14:00" reads the same everywhere).
 */
function bucketLabel({ key, label }: { key: string; label: string }, language: UiLanguage): string {
  if (language === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(key)) return label;
  const locale = formatLocale(language);
  if (/\d{4}$/.test(label)) return dayIn(key, locale, { month: 'short', year: 'numeric' });
  if (/^\S+$/.test(label)) return dayIn(key, locale, { month: 'short' });
  return dayIn(key, locale, { month: 'short', day: 'numeric' });
}

/** A shared period rule's message in the reader's language. */
/** The numbers of a chart as a table, for screen readers and for anyone who wants the exact figures. */
function NumbersTable({ caption, rows }: { caption: string; rows: [string, number][] }) {
  const { t } = useTranslation();
  const locale = formatLocale(useUiLanguage());
  return (
    <details className="chart-numbers">
      <summary>{t('reportsPage.showNumbers')}</summary>
      <table>
        <caption className="sr-only">{caption}</caption>
        <tbody>
          {rows.map(([label, n]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{n.toLocaleString(locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function ChartCard({
  title,
  empty,
  children,
  rows,
}: {
  title: string;
  empty: boolean;
  children: React.ReactNode;
  rows: [string, number][];
}) {
  const { t } = useTranslation();
  return (
    <section className="card chart-card" aria-label={title}>
      <h2>{title}</h2>
      {empty ? (
        <p className="chart-empty">{t('reportsPage.noData')}</p>
      ) : (
        <div className="chart-box">{children}</div>
      )}
      <NumbersTable caption={title} rows={rows} />
    </section>
  );
}

function Charts({ data, filter }: { data: ReportResponse; filter: ReportFilter }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const usersTitle = t(`reportsPage.usersTitle.${filter}`);
  const series = data.series.map((s) => ({ label: bucketLabel(s, language), count: s.count }));
  const recipes = Object.entries(data.recipesByOvenCounter);
  const ovens = Object.entries(data.createdOvensCounter);
  return (
    <div className="report-charts">
      <ChartCard
        title={usersTitle}
        empty={series.every((s) => s.count === 0)}
        rows={series.map((s) => [s.label, s.count])}
      >
        <UsersBarChart
          labels={series.map((s) => s.label)}
          counts={series.map((s) => s.count)}
          label={t('reportsPage.inAll', { title: usersTitle, count: data.totals.activeUsers })}
        />
      </ChartCard>
      <ChartCard
        title={t('reportsPage.recipesPerOven')}
        empty={data.totals.recipesCreated === 0}
        rows={recipes}
      >
        <ModelsDoughnut
          counts={data.recipesByOvenCounter}
          label={t('reportsPage.recipesPerModel', { count: data.totals.recipesCreated })}
        />
      </ChartCard>
      <ChartCard title={t('reportsPage.ovensCreated')} empty={data.totals.ovensCreated === 0} rows={ovens}>
        <ModelsDoughnut
          counts={data.createdOvensCounter}
          label={t('reportsPage.ovensPerModel', { count: data.totals.ovensCreated })}
        />
      </ChartCard>
    </div>
  );
}

/**
 * Spec §2.10 Reports: the date filter (a range reveals Start Date and End Date), the three totals, the Unique Users
 * bars and two doughnuts per oven model. The filter lives in the address; any change reloads.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const locale = formatLocale(language);
  const day = (iso: string) => dayIn(iso, locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const number = (n: number) => n.toLocaleString(locale);
  const url = useUrlState(DEFAULTS);
  const filter = (REPORT_FILTERS as readonly string[]).includes(url.values.filter)
    ? (url.values.filter as ReportFilter)
    : 'yearToDate';
  const today = localToday();
  const start = url.values.start || today;
  const end = url.values.end || today;
  const issues = reportPeriodIssues(filter, start, end);
  const valid = issues.length === 0;
  const query = useQuery({
    ...reportQuery(filter === 'range' ? { filter, start_date: start, end_date: end } : { filter }),
    enabled: valid,
  });
  const data = query.data;
  const issueOf = (field: string) => {
    const found = issues.find((i) => i.path[0] === field);
    return found ? say(found.said) : undefined;
  };

  return (
    <section className="page reports-page" aria-labelledby="report-title">
      <header className="page-header report-header">
        <div>
          <h1 id="report-title">{t('reportsPage.title')}</h1>
          {data ? (
            <p className="muted">
              {data.period.start_date === data.period.end_date
                ? t('reportsPage.periodDay', {
                    day: day(data.period.start_date),
                    zone: data.period.time_zone,
                  })
                : t('reportsPage.periodRange', {
                    start: day(data.period.start_date),
                    end: day(data.period.end_date),
                    zone: data.period.time_zone,
                  })}
            </p>
          ) : null}
        </div>
        <form className="report-filter" onSubmit={(e) => e.preventDefault()}>
          <label className="field field-inline">
            <span>{t('reportsPage.period')}</span>
            <select
              value={filter}
              onChange={(e) => {
                const next = e.target.value;
                // A range starts as the server's today (the report's zone), ready to widen.
                const from = data?.period.end_date ?? today;
                url.update(
                  next === 'range'
                    ? { filter: next, start: from, end: from }
                    : { filter: next, start: '', end: '' },
                );
              }}
            >
              {REPORT_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {t(`reportsPage.filters.${f}`)}
                </option>
              ))}
            </select>
          </label>
          {filter === 'range' ? (
            <>
              <label className="field field-inline">
                <span>{t('reportsPage.startDate')}</span>
                <input
                  type="date"
                  value={start}
                  max={today}
                  aria-invalid={issueOf('start_date') ? true : undefined}
                  // A date being typed fires a change per part: it amends its step.
                  onChange={(e) => url.update({ start: e.target.value }, { push: false })}
                />
              </label>
              <label className="field field-inline">
                <span>{t('reportsPage.endDate')}</span>
                <input
                  type="date"
                  value={end}
                  aria-invalid={issueOf('end_date') ? true : undefined}
                  onChange={(e) => url.update({ end: e.target.value }, { push: false })}
                />
              </label>
            </>
          ) : null}
        </form>
      </header>
      {!valid ? <Alert tone="error">{issues.map((i) => say(i.said)).join(' ')}</Alert> : null}
      {query.isError ? (
        <Alert tone="error">{t('reportsPage.loadFailed', { message: textOf(query.error) })}</Alert>
      ) : null}
      {valid && !data ? <Spinner label={t('reportsPage.loading')} /> : null}
      {data ? (
        <div
          className={query.isFetching ? 'report-body report-loading' : 'report-body'}
          aria-busy={query.isFetching}
        >
          <dl className="stat-tiles report-totals">
            <div>
              <dt>{t('reportsPage.activeUsers')}</dt>
              <dd data-testid="total-active">{number(data.totals.activeUsers)}</dd>
            </div>
            <div>
              <dt>{t('reportsPage.recipesCreated')}</dt>
              <dd data-testid="total-recipes">{number(data.totals.recipesCreated)}</dd>
            </div>
            <div>
              <dt>{t('reportsPage.ovensRegistered')}</dt>
              <dd data-testid="total-ovens">{number(data.totals.ovensCreated)}</dd>
            </div>
          </dl>
          <Charts data={data} filter={filter} />
        </div>
      ) : null}
    </section>
  );
}
