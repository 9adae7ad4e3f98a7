import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from './search-box';
import { usePinned } from './use-pinned';

interface PickableOven {
  id: number;
  name: string;
  type: string;
  location: { id: number; name: string } | null;
}

/**
 * Ovens to tick, for a chain's long lists: the first matches of a search the server runs over oven and location
 * names (a chain has more ovens than a list can show), "select all shown" and "clear"; what is ticked stays ticked
 * across searches. Used to move ovens into a location and to apply a template to chosen ovens.
 */
export function OvenPickList({
  label,
  ovens,
  matches,
  search,
  onSearch,
  chosen,
  onChange,
  detail,
}: {
  label: string;
  /** The ovens the search found, as many as the server answered. */
  ovens: PickableOven[];
  /** How many ovens match the search in all: more than `ovens` when a search would narrow them. */
  matches: number;
  search: string;
  onSearch(search: string): void;
  chosen: ReadonlySet<number>;
  onChange(next: Set<number>): void;
  /** What follows the oven's name (its model, where it stands). */
  detail(oven: PickableOven): ReactNode;
}) {
  const { t } = useTranslation();
  // Ticked ovens stay in sight: in their place among the matches, above them when a search does not find them.
  const { shown, pin, unpinAll } = usePinned(ovens);
  // What "select all shown" adds: every oven in sight not ticked yet.
  const unticked = shown.filter((o) => !chosen.has(o.id));
  const toggle = (oven: PickableOven, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(oven.id);
    else next.delete(oven.id);
    if (on) pin([oven]);
    onChange(next);
  };
  return (
    <div className="oven-pick">
      <div className="move-tools">
        <SearchBox
          className="search"
          label={t('common.pickSearchLabel', { label })}
          placeholder={t('common.pickSearch')}
          value={search}
          onChange={onSearch}
          autoFocus
        />
        <button
          type="button"
          className="btn btn-link"
          disabled={unticked.length === 0}
          onClick={() => {
            pin(unticked);
            onChange(new Set([...chosen, ...unticked.map((o) => o.id)]));
          }}
        >
          {t('common.selectAllShown', { count: unticked.length })}
        </button>
        {chosen.size > 0 ? (
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              unpinAll();
              onChange(new Set());
            }}
          >
            {t('common.clearChosen', { count: chosen.size })}
          </button>
        ) : null}
      </div>
      <ul className="pick-list" aria-label={label}>
        {shown.map((o) => (
          <li key={o.id}>
            <label className="check">
              <input
                type="checkbox"
                checked={chosen.has(o.id)}
                onChange={(e) => toggle(o, e.target.checked)}
              />
              <span>
                {o.name}
                <span className="muted small"> · {detail(o)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {ovens.length === 0 && search.trim() !== '' ? (
        <p className="muted">{t('common.noOvenMatches', { search: search.trim() })}</p>
      ) : null}
      {matches > ovens.length ? (
        <p className="muted" role="status">
          {t('common.moreMatches', { shown: ovens.length, count: matches })}
        </p>
      ) : null}
    </div>
  );
}
