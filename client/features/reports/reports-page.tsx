import { useQuery } from '@tanstack/react-query';
import type { ReportResponse } from '../../../shared/contracts/reports';
import {
  CHART_TITLE_SUFFIX,
  REPORT_FILTER_LABELS,
  REPORT_FILTERS,
  type ReportFilter,
  reportPeriodIssues,
} from '../../../shared/domain/report';
import { Alert, Spinner } from '../../components/form';
import { useUrlState } from '../../lib/use-url-state';
import { ModelsDoughnut, UsersBarChart } from './charts';
import { reportQuery } from './reports-api';

const DEFAULTS = { filter: 'yearToDate', start: '', end: '' };
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The numbers of a chart as a table, for screen readers and for anyone who wants the exact figures. */
function NumbersTable({ caption, rows }: { caption: string; rows: [string, number][] }) {
  return (
    <details className="chart-numbers">
      <summary>Show the numbers</summary>
      <table>
        <caption className="sr-only">{caption}</caption>
        <tbody>
          {rows.map(([label, n]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{n}</td>
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
  return (
    <section className="card chart-card" aria-label={title}>
      <h2>{title}</h2>
      {empty ? (
        <p className="chart-empty">No Data Available...</p>
      ) : (
        <div className="chart-box">{children}</div>
      )}
      <NumbersTable caption={title} rows={rows} />
    </section>
  );
}

function Charts({ data, filter }: { data: ReportResponse; filter: ReportFilter }) {
  const usersTitle = `Unique Users ${CHART_TITLE_SUFFIX[filter]}`;
  const series = data.series;
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
          label={`${usersTitle}: ${data.totals.activeUsers} in all`}
        />
      </ChartCard>
      <ChartCard title="Recipes Created per Oven" empty={data.totals.recipesCreated === 0} rows={recipes}>
        <ModelsDoughnut
          counts={data.recipesByOvenCounter}
          label={`Recipes created per oven model: ${data.totals.recipesCreated} in all`}
        />
      </ChartCard>
      <ChartCard title="Ovens Created" empty={data.totals.ovensCreated === 0} rows={ovens}>
        <ModelsDoughnut
          counts={data.createdOvensCounter}
          label={`Ovens created per oven model: ${data.totals.ovensCreated} in all`}
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
  const issueOf = (field: string) => issues.find((i) => i.path[0] === field)?.message;

  return (
    <section className="page reports-page" aria-labelledby="report-title">
      <header className="page-header report-header">
        <div>
          <h1 id="report-title">General Report</h1>
          {data ? (
            <p className="muted">
              {data.period.start_date === data.period.end_date
                ? data.period.start_date
                : `${data.period.start_date} to ${data.period.end_date}`}
              , counted in {data.period.time_zone}
            </p>
          ) : null}
        </div>
        <form className="report-filter" onSubmit={(e) => e.preventDefault()}>
          <label className="field field-inline">
            <span>Period</span>
            <select
              value={filter}
              onChange={(e) => {
                const next = e.target.value;
                // A range starts as the server's today (the report's zone), ready to widen.
                const day = data?.period.end_date ?? today;
                url.update(
                  next === 'range'
                    ? { filter: next, start: day, end: day }
                    : { filter: next, start: '', end: '' },
                );
              }}
            >
              {REPORT_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {REPORT_FILTER_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          {filter === 'range' ? (
            <>
              <label className="field field-inline">
                <span>Start Date</span>
                <input
                  type="date"
                  value={start}
                  max={today}
                  aria-invalid={issueOf('start_date') ? true : undefined}
                  onChange={(e) => url.update({ start: e.target.value })}
                />
              </label>
              <label className="field field-inline">
                <span>End Date</span>
                <input
                  type="date"
                  value={end}
                  aria-invalid={issueOf('end_date') ? true : undefined}
                  onChange={(e) => url.update({ end: e.target.value })}
                />
              </label>
            </>
          ) : null}
        </form>
      </header>
      {!valid ? <Alert tone="error">{issues.map((i) => i.message).join(' ')}</Alert> : null}
      {query.isError ? (
        <Alert tone="error">The report could not be loaded: {query.error.message}</Alert>
      ) : null}
      {valid && !data ? <Spinner label="Loading data ..." /> : null}
      {data ? (
        <div
          className={query.isFetching ? 'report-body report-loading' : 'report-body'}
          aria-busy={query.isFetching}
        >
          <dl className="stat-tiles report-totals">
            <div>
              <dt>Active Users</dt>
              <dd data-testid="total-active">{data.totals.activeUsers}</dd>
            </div>
            <div>
              <dt>Recipes Created</dt>
              <dd data-testid="total-recipes">{data.totals.recipesCreated}</dd>
            </div>
            <div>
              <dt>Ovens Registered</dt>
              <dd data-testid="total-ovens">{data.totals.ovensCreated}</dd>
            </div>
          </dl>
          <Charts data={data} filter={filter} />
        </div>
      ) : null}
    </section>
  );
}
