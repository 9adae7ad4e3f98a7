import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FOOD_CATEGORIES } from '../../../shared/domain/catalog';
import { OVEN_TYPES } from '../../../shared/domain/oven-models';
import { categoryLabel } from '../../lib/i18n';
import { breakAfterSlashes } from '../../lib/text';
import { OvenBadge } from './oven-badge';

function Group({
  title,
  options,
  selected,
  onChange,
  badge,
  label = (o) => o,
}: {
  title: string;
  options: readonly string[];
  selected: string[];
  onChange(next: string[]): void;
  badge?: boolean;
  label?: (option: string) => string;
}) {
  const { t } = useTranslation();
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
        <span>{t('recipeList.all')}</span>
      </label>
      {options.map((o) => (
        <label key={o} className="check filter-option">
          <input
            type="checkbox"
            aria-label={label(o)}
            checked={selected.includes(o)}
            onChange={() => toggle(o)}
          />
          {badge ? <OvenBadge type={o} decorative /> : null}
          <span>{breakAfterSlashes(label(o))}</span>
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
  const { t } = useTranslation();
  return (
    <div className="filters">
      <Group
        title={t('recipeList.filterOvens')}
        options={OVEN_TYPES}
        selected={ovens}
        onChange={onOvens}
        badge
      />
      <Group
        title={t('recipeList.filterCategories')}
        options={FOOD_CATEGORIES}
        selected={categories}
        onChange={onCategories}
        label={categoryLabel}
      />
    </div>
  );
}
