import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetOven } from '../../../shared/contracts/chains';
import type { SaidWire } from '../../../shared/contracts/common';
import { downloadNotSeen, FLEET_STATUSES, type FleetStatus } from '../../../shared/domain/fleet';
import { can } from '../../../shared/domain/permissions';
import { Alert, Spinner } from '../../components/form';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { useCurrentUser } from '../../lib/current-user';
import { MarkedText, say, textOf } from '../../lib/i18n';
import { formatDay, isolate } from '../../lib/text';
import { useSearchText } from '../../lib/use-debounced';
import { useUrlState } from '../../lib/use-url-state';
import { LocationSearch, useLocationOptions } from '../ovens';
import { fleetQuery } from './chains-api';

const DEFAULTS = { location: '', status: '', search: '' };

const STATUS_KEYS = {
  waiting: 'fleetPage.status.waiting',
  never_checked: 'fleetPage.status.neverChecked',
  up_to_date: 'fleetPage.status.upToDate',
  no_version: 'fleetPage.status.noVersion',
} as const satisfies Record<FleetStatus, string>;

/** A version's name: as typed, or the one Hearth gave it in the screens' language. */
const nameOf = (name: string, said: SaidWire | null) => (said ? say(said, 'F', name) : name);

function LastSeen({ oven }: { oven: FleetOven }) {
  const { t } = useTranslation();
  const seen = oven.last_seen;
  if (!seen) return <span className="muted">—</span>;
  const what = seen.version
    ? t('fleetPage.quoted', { name: nameOf(seen.version.name, seen.version.name_said) })
    : t('fleetPage.unsavedMenu');
  const date = formatDay(seen.at);
  return (
    <span>
      {what}
      <span className="muted small">
        {' '}
        ·{' '}
        {seen.source === 'file'
          ? t('fleetPage.fileChecked', { date })
          : t('fleetPage.markedLoaded', { date })}
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
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const statusLabel = (s: FleetStatus) => t(STATUS_KEYS[s]);
  const url = useUrlState(DEFAULTS);
  // A status the address carries that is not one (an old or mistyped link) is ignored, not sent.
  const values = {
    ...url.values,
    status: (FLEET_STATUSES as readonly string[]).includes(url.values.status) ? url.values.status : '',
  };
  const locations = useLocationOptions({ value: values.location });
  const box = useSearchText(values.search, (next, push) => url.update({ search: next }, { push }));
  const list = useQuery(fleetQuery(values, url.page));
  const data = list.data;
  // The zip takes the whole location only when the page shows the whole location; otherwise the ovens shown.
  const wholeLocation =
    /^\d+$/.test(values.location) && !values.status && !values.search ? Number(values.location) : null;

  return (
    <section className="page fleet-page" aria-labelledby="fleet-title">
      <header className="page-header">
        <h1 id="fleet-title">{t('fleetPage.title')}</h1>
        <p className="muted">{t('fleetPage.intro')}</p>
      </header>
      <div className="toolbar fleet-filters">
        <label className="field field-inline">
          <span>{t('fleetPage.location')}</span>
          <select value={values.location} onChange={(e) => url.update({ location: e.target.value })}>
            <option value="">{t('fleetPage.allLocations')}</option>
            <option value="none">{t('fleetPage.noLocation')}</option>
            {locations.options.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {t('fleetPage.optionCount', { name: isolate(l.name), count: l.ovens })}
              </option>
            ))}
          </select>
        </label>
        <LocationSearch choice={locations} />
        <label className="field field-inline">
          <span>{t('fleetPage.statusLabel')}</span>
          <select value={values.status} onChange={(e) => url.update({ status: e.target.value })}>
            <option value="">{t('fleetPage.anyStatus')}</option>
            {FLEET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {data
                  ? t('fleetPage.optionCount', { name: statusLabel(s), count: data.counts[s] })
                  : statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <SearchBox
          className="search"
          showLabel
          label={t('fleetPage.search')}
          placeholder={t('fleetPage.searchPlaceholder')}
          {...box.bind}
        />
      </div>
      {data ? (
        <ul className="fleet-counts" aria-label={t('fleetPage.byStatus')}>
          {FLEET_STATUSES.map((s: FleetStatus) => (
            <li key={s} className={`fleet-status fleet-status-${s}`}>
              <MarkedText
                i18nKey="fleetPage.statusCount"
                values={{ label: statusLabel(s), count: data.counts[s] }}
                components={{ b: <strong /> }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {list.isPending ? <Spinner label={t('fleetPage.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('fleetPage.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {data && data.data.length === 0 ? (
        <div className="card empty-state">
          <p>
            {values.location || values.status || values.search
              ? t('fleetPage.noMatch')
              : can(user, 'ovens.import')
                ? t('fleetPage.noOvens')
                : t('ovenPage.noneForReader')}
          </p>
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
                  <th scope="col">{t('fleetPage.colOven')}</th>
                  <th scope="col">{t('fleetPage.colLocation')}</th>
                  <th scope="col">{t('fleetPage.colShouldRun')}</th>
                  <th scope="col">{t('fleetPage.colLastSeen')}</th>
                  <th scope="col">{t('fleetPage.colStatus')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((o) => (
                  <tr key={o.id}>
                    <td data-label={t('fleetPage.colOven')}>
                      <a href={`/ovens?oven=${o.id}`}>{o.name}</a>
                      <div className="muted small">{o.type}</div>
                    </td>
                    <td data-label={t('fleetPage.colLocation')}>
                      {o.location ? (
                        <bdi>{o.location.name}</bdi>
                      ) : (
                        <span className="muted">{t('fleetPage.none')}</span>
                      )}
                    </td>
                    <td
                      data-label={t('fleetPage.colShouldRun')}
                      className={!o.should_run && !o.edited_since && !o.template ? 'fleet-empty' : undefined}
                    >
                      {o.should_run ? (
                        t('fleetPage.quoted', { name: nameOf(o.should_run.name, o.should_run.name_said) })
                      ) : (
                        <span className="muted">—</span>
                      )}
                      {o.edited_since ? (
                        <div className="muted small">{t('fleetPage.editedSince')}</div>
                      ) : null}
                      {o.template ? (
                        <div className="muted small">
                          {t('fleetPage.template', { name: o.template.name })}
                        </div>
                      ) : null}
                    </td>
                    <td
                      data-label={t('fleetPage.colLastSeen')}
                      className={!o.last_seen && !o.last_download ? 'fleet-empty' : undefined}
                    >
                      <LastSeen oven={o} />
                      {o.last_download && downloadNotSeen(o.last_seen?.at ?? null, o.last_download.at) ? (
                        <div className="muted small">
                          {o.last_download.version
                            ? t('fleetPage.downloadedVersionNotSeen', {
                                date: formatDay(o.last_download.at),
                                version: nameOf(o.last_download.version, o.last_download.version_said),
                              })
                            : t('fleetPage.downloadedNotSeen', { date: formatDay(o.last_download.at) })}
                        </div>
                      ) : null}
                    </td>
                    <td data-label={t('fleetPage.colStatus')} className="fleet-status-cell">
                      <span className={`fleet-status fleet-status-${o.status}`}>{statusLabel(o.status)}</span>
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
