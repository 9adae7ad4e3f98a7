/** Choosing a member's role and the locations it is limited to, shared by a member's form and an invitation. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceRef } from '../../../shared/contracts/teams';
import { limitedToLocations, type TeamRole } from '../../../shared/domain/permissions';
import { SearchBox } from '../../components/search-box';
import { usePinned } from '../../components/use-pinned';
import { isolate } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { useDebounced } from '../../lib/use-debounced';
import { locationChoiceQuery } from '../ovens';

export const placeNames = (places: readonly PlaceRef[]) => places.map((p) => isolate(p.name)).join(', ');

/** A role chooser with what each role may do, and the locations a store manager or crew member works in. */
export function RoleAndPlaces({
  roles,
  role,
  onRole,
  chosen,
  onChosen,
  known = [],
  error,
  legend,
}: {
  /** The role group's title ("Role" unless said otherwise). */
  legend?: string;
  roles: readonly TeamRole[];
  role: TeamRole;
  onRole(r: TeamRole): void;
  chosen: Set<number>;
  onChosen(s: Set<number>): void;
  /** The locations ticked when the dialog opened, with their names (a search may not find them). */
  known?: readonly PlaceRef[];
  error?: string;
}) {
  const { t } = useTranslation();
  const { first } = useFirstPlaces();
  return (
    <>
      <fieldset className="fieldset role-choice">
        <legend>{legend ?? t('teamPage.role')}</legend>
        {roles.map((r) => (
          <label key={r} className="check role-option">
            <input type="radio" name="role" checked={role === r} onChange={() => onRole(r)} />
            <span>
              <strong>{t(`teamPage.roles.${r}`)}</strong>
              <span className="muted small"> {t(`teamPage.roleHints.${r}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {limitedToLocations(role) ? (
        <fieldset
          className={`fieldset place-choice${error ? ' field-invalid' : ''}`}
          aria-describedby="places-error"
        >
          <legend>{t('teamPage.locations')}</legend>
          {first === undefined ? null : first.total === 0 ? (
            <p className="muted">{t('teamPage.noLocations')}</p>
          ) : (
            <PlaceChecks known={known} chosen={chosen} onChosen={onChosen} />
          )}
          {error ? (
            <p id="places-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

/** A kitchen's few locations are all listed; past this many a search of the server finds a chain's. */
export const PLACES_SEARCH_FROM = 20;

/**
 * The team's first page of locations (one request, shared): whether it has any, and its only one when it has one
 * (an invitation in a one-store team ticks it).
 */
export function useFirstPlaces() {
  const first = useQuery(locationChoiceQuery({ search: '' })).data;
  return { first, only: first?.total === 1 ? first.data[0] : undefined };
}

/**
 * The locations to tick: the first page of the team's, or of a search of names and addresses on the server; those
 * ticked (now or since the dialog opened) stay in sight, in their place or above a search that does not find them,
 * so an untick by mistake can be taken back. What is ticked stays ticked across searches.
 */
export function PlaceChecks({
  known,
  chosen,
  onChosen,
}: {
  known: readonly PlaceRef[];
  chosen: Set<number>;
  onChosen(s: Set<number>): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const asked = useDebounced(search.trim(), TIMINGS.pickerSearchDebounceMs);
  const page = useQuery(locationChoiceQuery({ search: asked })).data;
  const searchable = (page !== undefined && page.total > PLACES_SEARCH_FROM) || search !== '';
  // Ticked now or since the dialog opened, with their names.
  const { shown, pin } = usePinned<PlaceRef>(
    page?.data ?? [],
    known.filter((p) => chosen.has(p.id)),
  );
  return (
    <>
      {searchable ? (
        <SearchBox
          className="place-search"
          label={t('common.searchLocations')}
          placeholder={t('common.searchLocationsHint')}
          value={search}
          onChange={setSearch}
        />
      ) : null}
      <div className="place-list">
        {shown.map((p) => (
          <label key={p.id} className="check">
            <input
              type="checkbox"
              checked={chosen.has(p.id)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(p.id);
                else next.delete(p.id);
                onChosen(next);
                if (e.target.checked) pin([{ id: p.id, name: p.name }]);
              }}
            />
            <span>{p.name}</span>
          </label>
        ))}
      </div>
      {page && page.total > page.data.length ? (
        <p className="muted small" role="status">
          {t('common.moreLocations', { shown: page.data.length, count: page.total })}
        </p>
      ) : page && page.total === 0 && asked !== '' ? (
        <p className="muted small" role="status">
          {t('common.noLocationMatches', { search: asked })}
        </p>
      ) : null}
    </>
  );
}
