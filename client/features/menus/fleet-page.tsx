import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FleetOven } from '../../../shared/contracts/ovens';
import {
  downloadNotSeen,
  FLEET_STATUS_LABELS,
  FLEET_STATUSES,
  type FleetStatus,
} from '../../../shared/domain/fleet';
import { Alert, Spinner } from '../../components/form';
import { Pager } from '../../components/pager';
import { formatDay, isolate } from '../../lib/text';
import { useUrlState } from '../../lib/use-url-state';
import { locationListQuery } from '../ovens';
import { fleetQuery } from './menus-api';

const DEFAULTS = { location: '', status: '', search: '' };

function LastSeen({ oven }: { oven: FleetOven }) {
  const seen = oven.last_seen;
  if (!seen) return <span className="muted">—</span>;
  const what = seen.version ? `"${seen.version.name}"` : 'a menu not saved as a version';
  return (
    <span>
      {what}
      <span className="muted small">
        {' '}
        · {seen.source === 'file' ? 'file checked' : 'marked loaded'} {formatDay(seen.at)}
      </span>
    </span>
  );
}

/**
 * Every oven of a chain on one page: where it stands, the version it should run (its newest), what it was last
 * seen running, and whether a newer version waits; filters and page in the address. The zip download of the
 * ovens shown is composed in by the app (settings-files).
 */
export function FleetPage({
  renderDownload,
  renderLoaded,
}: {
  /** The zip of a whole location, or of the ovens shown (`partial`: one page of several). */
  renderDownload?(props: { ovenIds: number[]; locationId: number | null; partial: boolean }): ReactNode;
  /** "Mark loaded" for a row whose last download came after it was last seen. */
  renderLoaded?(oven: FleetOven): ReactNode;
}) {
  const url = useUrlState(DEFAULTS);
  // A status the address carries that is not one (an old or mistyped link) is ignored, not sent.
  const values = {
    ...url.values,
    status: (FLEET_STATUSES as readonly string[]).includes(url.values.status) ? url.values.status : '',
  };
  const locations = useQuery(locationListQuery());
  const list = useQuery(fleetQuery(values, url.page));
  const data = list.data;
  // The zip takes the whole location only when the page shows the whole location; otherwise the ovens shown.
  const wholeLocation =
    /^\d+$/.test(values.location) && !values.status && !values.search ? Number(values.location) : null;

  return (
    <section className="page fleet-page" aria-labelledby="fleet-title">
      <header className="page-header">
        <h1 id="fleet-title">Fleet</h1>
        <p className="muted">What each oven should run, and what it was last seen running.</p>
      </header>
      <div className="toolbar fleet-filters">
        <label className="field field-inline">
          <span>Location</span>
          <select value={values.location} onChange={(e) => url.update({ location: e.target.value })}>
            <option value="">All locations</option>
            <option value="none">No location</option>
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={String(l.id)}>
                {isolate(l.name)} ({l.ovens})
              </option>
            ))}
          </select>
        </label>
        <label className="field field-inline">
          <span>Status</span>
          <select value={values.status} onChange={(e) => url.update({ status: e.target.value })}>
            <option value="">Any status</option>
            {FLEET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {FLEET_STATUS_LABELS[s]}
                {data ? ` (${data.counts[s]})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="search">
          <span className="sr-only">Search ovens or locations</span>
          <input
            // A new search from the address (a tab, the back button) shows in the box.
            key={values.search}
            type="search"
            placeholder="Search ovens or locations..."
            defaultValue={values.search}
            onKeyDown={(e) => {
              if (e.key === 'Enter') url.update({ search: e.currentTarget.value.trim() });
            }}
            onBlur={(e) => url.update({ search: e.currentTarget.value.trim() })}
          />
        </label>
      </div>
      {data ? (
        <ul className="fleet-counts" aria-label="Ovens by status">
          {FLEET_STATUSES.map((s: FleetStatus) => (
            <li key={s} className={`fleet-status fleet-status-${s}`}>
              {FLEET_STATUS_LABELS[s]}: <strong>{data.counts[s]}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {list.isPending ? <Spinner label="Loading the fleet..." /> : null}
      {list.isError ? <Alert tone="error">The fleet could not be loaded: {list.error.message}</Alert> : null}
      {data && data.data.length === 0 ? (
        <div className="card empty-state">
          <p>No ovens match these filters.</p>
        </div>
      ) : null}
      {data && data.data.length > 0 ? (
        <>
          {renderDownload
            ? renderDownload({
                ovenIds: data.data.map((o) => o.id),
                locationId: wholeLocation,
                partial: data.last_page > 1,
              })
            : null}
          <div className="users-table-wrap card">
            <table className="users-table fleet-table" aria-busy={list.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Oven</th>
                  <th scope="col">Location</th>
                  <th scope="col">Should run</th>
                  <th scope="col">Last seen running</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((o) => (
                  <tr key={o.id}>
                    <td data-label="Oven">
                      <a href={`/ovens?oven=${o.id}`}>{o.name}</a>
                      <div className="muted small">{o.type}</div>
                    </td>
                    <td data-label="Location">
                      {o.location ? <bdi>{o.location.name}</bdi> : <span className="muted">None</span>}
                    </td>
                    <td data-label="Should run">
                      {o.should_run ? `"${o.should_run.name}"` : <span className="muted">—</span>}
                      {o.edited_since ? <div className="muted small">Edited since, not saved</div> : null}
                      {o.template ? <div className="muted small">Template "{o.template.name}"</div> : null}
                    </td>
                    <td data-label="Last seen running">
                      <LastSeen oven={o} />
                      {o.last_download && downloadNotSeen(o.last_seen?.at ?? null, o.last_download.at) ? (
                        <div className="muted small">
                          Downloaded {formatDay(o.last_download.at)}
                          {o.last_download.version ? ` ("${o.last_download.version}")` : ''}, not seen since
                        </div>
                      ) : null}
                    </td>
                    <td data-label="Status">
                      <span className={`fleet-status fleet-status-${o.status}`}>
                        {FLEET_STATUS_LABELS[o.status]}
                      </span>
                      {renderLoaded ? <div className="fleet-row-action">{renderLoaded(o)}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {data ? (
        <Pager
          page={data.current_page}
          lastPage={data.last_page}
          total={data.total}
          perPage={data.per_page}
          onPage={url.setPage}
        />
      ) : null}
    </section>
  );
}
