import { useId } from 'react';
import { FOOD_CATEGORIES } from '../../../shared/domain/catalog';
import { OVEN_TYPES } from '../../../shared/domain/oven-models';
import { breakAfterSlashes } from '../../lib/text';
import { OvenBadge } from './oven-badge';

function Group({
  title,
  options,
  selected,
  onChange,
  badge,
}: {
  title: string;
  options: readonly string[];
  selected: string[];
  onChange(next: string[]): void;
  badge?: boolean;
}) {
  const id = useId();
  const toggle = (option: string) => {
    const next = selected.includes(option) ? selected.filter((o) => o !== option) : [...selected, option];
    // Choosing every option is the same as 'All'.
    onChange(next.length === options.length ? [] : next);
  };
  return (
    <fieldset className="filter-group" aria-labelledby={id}>
      <legend id={id}>{title}</legend>
      <label className="check filter-option">
        <input type="checkbox" checked={selected.length === 0} onChange={() => onChange([])} />
        <span>All</span>
      </label>
      {options.map((o) => (
        <label key={o} className="check filter-option">
          <input type="checkbox" aria-label={o} checked={selected.includes(o)} onChange={() => toggle(o)} />
          {badge ? <OvenBadge type={o} decorative /> : null}
          <span>{breakAfterSlashes(o)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Spec §2.5 sidebar: filter by ovens and by categories, each with 'All'. */
export function RecipeFilters({
  ovens,
  categories,
  onOvens,
  onCategories,
}: {
  ovens: string[];
  categories: string[];
  onOvens(next: string[]): void;
  onCategories(next: string[]): void;
}) {
  return (
    <div className="filters">
      <Group title="Ovens" options={OVEN_TYPES} selected={ovens} onChange={onOvens} badge />
      <Group title="Categories" options={FOOD_CATEGORIES} selected={categories} onChange={onCategories} />
    </div>
  );
}
