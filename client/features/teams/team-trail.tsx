import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../components/form';
import { Pager } from '../../components/pager';
import { formatLocale, say, textOf, type UiLanguage, useUiLanguage } from '../../lib/i18n';
import { useUrlState } from '../../lib/use-url-state';
import { LocationSearch, useLocationOptions } from '../ovens';
import { activityQuery, membersQuery } from './teams-api';

const FILTERS = { location: '', user: '' };

const when = (iso: string, language: UiLanguage) =>
  new Date(iso).toLocaleString(formatLocale(language), { dateStyle: 'medium', timeStyle: 'short' });

/** Who changed what and when, newest first; by location and person, both kept in the address. */
export function TeamTrail({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const url = useUrlState(FILTERS);
  const { location, user } = url.values;
  const places = useLocationOptions({ value: location });
  const trail = useQuery(activityQuery(teamId, { page: url.page, location, user }));
  const people = useQuery(membersQuery(teamId)).data ?? [];
  const data = trail.data;
  return (
    <section className="card team-section" aria-labelledby="trail-title">
      <h2 id="trail-title">{t('teamPage.trail.title')}</h2>
      <div className="trail-filters">
        <label className="field field-inline">
          <span>{t('teamPage.trail.location')}</span>
          <select value={location} onChange={(e) => url.update({ location: e.target.value })}>
            <option value="">{t('teamPage.trail.allLocations')}</option>
            {places.options.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <LocationSearch choice={places} />
        <label className="field field-inline">
          <span>{t('teamPage.trail.person')}</span>
          <select value={user} onChange={(e) => url.update({ user: e.target.value })}>
            <option value="">{t('teamPage.trail.everyone')}</option>
            {people.map((m) => (
              <option key={m.user_id} value={String(m.user_id)}>
                {m.username}
              </option>
            ))}
          </select>
        </label>
      </div>
      {trail.isPending ? <Spinner label={t('teamPage.trail.loading')} /> : null}
      {trail.isError ? <Alert tone="error">{textOf(trail.error)}</Alert> : null}
      {data && data.data.length === 0 ? <p className="muted">{t('teamPage.trail.nothing')}</p> : null}
      {data && data.data.length > 0 ? (
        <>
          <p className="muted small">
            {t('teamPage.trail.showing', { from: data.from, to: data.to, total: data.total })}
          </p>
          <ol className="trail-list" aria-label={t('teamPage.trail.label')}>
            {data.data.map((e) => (
              <li key={e.id} className="trail-entry">
                <time dateTime={e.at} className="trail-time">
                  {when(e.at, language)}
                </time>
                <span className="trail-who">{e.user.username || t('teamPage.trail.someone')}</span>
                <span className="trail-what">{say(e.said, 'F', e.summary)}</span>
                {e.oven || e.location ? (
                  <span className="trail-where muted">
                    {e.oven ? <bdi>{e.oven.name}</bdi> : null}
                    {e.oven && e.location ? ' · ' : ''}
                    {e.location ? <bdi>{e.location.name}</bdi> : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
          <Pager
            page={data.current_page}
            lastPage={data.last_page}
            total={data.total}
            perPage={data.per_page}
            onPage={url.setPage}
          />
        </>
      ) : null}
    </section>
  );
}
