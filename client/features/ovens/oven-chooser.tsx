import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/search-box';
import { isolate } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { useDebounced } from '../../lib/use-debounced';
import { ovenPageQuery } from './ovens-api';

/** What a chooser needs to know of an oven. */
export interface OvenChoice {
  id: number;
  name: string;
  type: string;
  location: { id: number; name: string } | null;
  /** Buttons on its menu (0: empty). */
  buttons: number;
}

export const ovenLabel = (o: OvenChoice) =>
  `${isolate(o.name)} · ${o.type}${o.location ? ` · ${isolate(o.location.name)}` : ''}`;

/** A kitchen's ovens fit one list; past this many the chooser offers a search. */
const SEARCH_FROM = 20;

/**
 * One oven (to take a menu from, to put a recipe on): a list of the team's ovens (of one model, when given) from
 * the server, with a search of oven and location names once there are more than a list shows well. The chosen
 * oven stays in the list while another search runs.
 */
export function OvenChooser({
  id,
  type,
  value,
  onChange,
  placeholder,
  invalid = false,
  autoFocus = false,
  optionLabel = ovenLabel,
  refuseEmpty = false,
}: {
  id: string;
  type?: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  invalid?: boolean;
  autoFocus?: boolean;
  /** How an oven reads in the list: its name, model and location unless the caller says less. */
  optionLabel?: (oven: OvenChoice) => string;
  /** An oven whose menu is empty is offered but cannot be chosen, and says why (no template is made of one). */
  refuseEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Kept as picked from the list (every chooser starts empty), not read again: an oven's own read holds its menu.
  const [chosen, setChosen] = useState<OvenChoice | null>(null);
  const asked = useDebounced(search.trim(), TIMINGS.pickerSearchDebounceMs);
  const found = useQuery(ovenPageQuery({ types: type ?? 'All', location: '', search: asked, page: 1 })).data;
  const searchable = (found !== undefined && found.total > SEARCH_FROM) || search !== '';
  const options = found?.data ?? [];
  const kept =
    chosen && String(chosen.id) === value && !options.some((o) => o.id === chosen.id) ? [chosen] : [];
  return (
    <>
      {searchable ? (
        <SearchBox
          className="oven-chooser-search"
          label={t('templatesPage.searchOvens')}
          placeholder={t('common.pickSearch')}
          value={search}
          onChange={setSearch}
        />
      ) : null}
      <select
        id={id}
        value={value}
        onChange={(e) => {
          setChosen([...kept, ...options].find((o) => String(o.id) === e.target.value) ?? null);
          onChange(e.target.value);
        }}
        aria-invalid={invalid ? true : undefined}
        data-autofocus={autoFocus ? true : undefined}
      >
        <option value="">{placeholder}</option>
        {[...kept, ...options].map((o) => (
          <option key={o.id} value={String(o.id)} disabled={refuseEmpty && o.buttons === 0}>
            {refuseEmpty && o.buttons === 0
              ? t('common.emptyMenuOption', { oven: optionLabel(o) })
              : optionLabel(o)}
          </option>
        ))}
      </select>
      {found && found.total > options.length ? (
        <p className="field-hint" role="status">
          {t('common.moreMatches', { shown: options.length, count: found.total })}
        </p>
      ) : found && found.total === 0 && asked !== '' ? (
        <p className="field-hint" role="status">
          {t('common.noOvenMatches', { search: asked })}
        </p>
      ) : null}
    </>
  );
}
