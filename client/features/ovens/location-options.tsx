import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../../shared/contracts/chains';
import { SearchBox } from '../../components/search-box';
import { TIMINGS } from '../../lib/timings';
import { useDebounced } from '../../lib/use-debounced';
import { locationChoiceQuery, locationQuery } from './ovens-api';

/** A kitchen's locations fit one list; past this many a location select offers a search. */
const SEARCH_FROM = 20;

/**
 * The options of a location select, for a chain of thousands: the first page of the team's locations from the
 * server, searched by name or address once there are more than a list shows well, with the chosen one kept in the
 * list (read on its own when the page does not hold it). `value` is the select's value: an id, or a word such as
 * "" or "none" that the caller offers as its own option.
 */
export function useLocationOptions({ value, type }: { value: string; type?: string }) {
  const [search, setSearch] = useState('');
  // A location chosen ends its search: the box empties (the chosen one stays in the list, read on its own), so a
  // word left in it never looks like a filter still applied.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setSearch('');
  }
  // Asked of the server once typing pauses, not at every letter.
  const asked = useDebounced(search.trim(), TIMINGS.pickerSearchDebounceMs);
  const page = useQuery(locationChoiceQuery({ search: asked, ...(type ? { type } : {}) })).data;
  const id = /^\d+$/.test(value) ? Number(value) : null;
  const inPage = id !== null && (page?.data ?? []).some((l) => l.id === id);
  const chosen = useQuery({
    ...locationQuery(id ?? 0, type),
    enabled: id !== null && page !== undefined && !inPage,
  }).data;
  const kept = chosen && chosen.id === id && !inPage ? [chosen] : [];
  const options: Location[] = [...kept, ...(page?.data ?? [])];
  return {
    options,
    /** Whether the team has any location at all (a form shows no location field without one). */
    any: page !== undefined && (page.total > 0 || search.trim() !== ''),
    loaded: page !== undefined,
    search,
    setSearch,
    searchable: (page !== undefined && page.total > SEARCH_FROM) || search !== '',
    shown: page?.data.length ?? 0,
    total: page?.total ?? 0,
  };
}

/** The search box and the "50 of 3,000 shown" line beside a location select, when the team has that many. */
export function LocationSearch({ choice }: { choice: ReturnType<typeof useLocationOptions> }) {
  const { t } = useTranslation();
  if (!choice.searchable) return null;
  return (
    <span className="location-search">
      <SearchBox
        label={t('common.searchLocations')}
        showLabel
        placeholder={t('common.searchLocationsHint')}
        value={choice.search}
        onChange={choice.setSearch}
      />
      {choice.total > choice.shown ? (
        <span className="field-hint" role="status">
          {t('common.moreLocations', { shown: choice.shown, count: choice.total })}
        </span>
      ) : choice.total === 0 ? (
        <span className="field-hint" role="status">
          {t('common.noLocationMatches', { search: choice.search.trim() })}
        </span>
      ) : null}
    </span>
  );
}
