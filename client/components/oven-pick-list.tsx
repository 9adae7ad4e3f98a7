import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PickableOven {
  id: number;
  name: string;
  type: string;
  location: { id: number; name: string } | null;
}

/**
 * Ovens to tick, for a chain's long lists: a search over name, model and location, "select all shown" and
 * "clear". Used to move ovens into a location and to apply a template to chosen ovens.
 */
export function OvenPickList({
  label,
  ovens,
  chosen,
  onChange,
  detail,
}: {
  label: string;
  ovens: PickableOven[];
  chosen: ReadonlySet<number>;
  onChange(next: Set<number>): void;
  /** What follows the oven's name (its model, where it stands). */
  detail(oven: PickableOven): ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? ovens.filter(
        (o) =>
          o.name.toLowerCase().includes(needle) ||
          o.type.toLowerCase().includes(needle) ||
          (o.location?.name.toLowerCase().includes(needle) ?? false),
      )
    : ovens;
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <div className="oven-pick">
      <div className="move-tools">
        <label className="search">
          <span className="sr-only">{t('common.pickSearchLabel', { label })}</span>
          <input
            type="search"
            placeholder={t('common.pickSearch')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            // In a dialog, the search is where a long list starts.
            data-autofocus
          />
        </label>
        <button
          type="button"
          className="btn btn-link"
          disabled={shown.length === 0}
          onClick={() => onChange(new Set([...chosen, ...shown.map((o) => o.id)]))}
        >
          {t('common.selectAllShown', { count: shown.length })}
        </button>
        {chosen.size > 0 ? (
          <button type="button" className="btn btn-link" onClick={() => onChange(new Set())}>
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
                onChange={(e) => toggle(o.id, e.target.checked)}
              />
              <span>
                {o.name}
                <span className="muted small"> · {detail(o)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="muted">{t('common.noOvenMatches', { search })}</p> : null}
    </div>
  );
}
