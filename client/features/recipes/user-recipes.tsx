import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../components/form';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { useSearchText } from '../../lib/use-debounced';
import { listParam, parseListParam, useUrlState } from '../../lib/use-url-state';
import { RecipeCard } from './recipe-card';
import { RecipeFilters } from './recipe-filters';
import { RecipeViewModal } from './recipe-view-modal';
import { userRecipeListQuery } from './recipes-api';

const DEFAULTS = { search: '', ovens: '', categories: '' };

/**
 * Spec §2.10 user detail, lower half: one user's recipes for an admin: 'Search recipe...', the filter panel, two
 * columns of read-only cards, 'Showing {from} - {to} of {total} Recipes' and 'No results were found'.
 */
export function UserRecipes({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const url = useUrlState(DEFAULTS);
  const ovens = parseListParam(url.values.ovens);
  const categories = parseListParam(url.values.categories);
  const search = url.values.search;
  const box = useSearchText(search, (next, push) => url.update({ search: next }, { push }));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const { update } = url;
  const list = useQuery(userRecipeListQuery({ userId, ovens, categories, search, page: url.page }));
  const data = list.data;

  return (
    <section aria-label={t('userRecipes.region')} className="user-recipes">
      <div className="toolbar">
        <SearchBox
          className="search"
          label={t('userRecipes.search')}
          placeholder={t('userRecipes.searchPlaceholder')}
          {...box.bind}
        />
        <button
          type="button"
          className="btn btn-secondary filters-toggle"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {ovens.length + categories.length > 0
            ? t('recipeList.filtersCount', { count: ovens.length + categories.length })
            : t('recipeList.filters')}
        </button>
      </div>
      <div className="recipes-layout">
        <aside
          className={`card filters-panel ${filtersOpen ? 'filters-open' : ''}`}
          aria-label={t('recipeList.filters')}
        >
          <RecipeFilters
            ovens={ovens}
            categories={categories}
            onOvens={(next) => update({ ovens: next.length ? listParam(next) : '' })}
            onCategories={(next) => update({ categories: next.length ? listParam(next) : '' })}
          />
        </aside>
        <div className="recipes-main">
          <p className="counter" aria-live="polite">
            {data && data.total > 0
              ? t('userRecipes.counter', { from: data.from, to: data.to, total: data.total })
              : ''}
          </p>
          {list.isPending ? <Spinner label={t('recipeList.loading')} /> : null}
          {list.isError ? (
            <Alert tone="error">{t('recipeList.loadFailed', { message: list.error.message })}</Alert>
          ) : null}
          {data && data.total === 0 ? (
            <div className="card empty-state">
              <p>{t('recipeList.noResults')}</p>
            </div>
          ) : null}
          <div className="recipe-grid recipe-grid-2">
            {data?.data.map((r) => (
              <RecipeCard
                key={r.id}
                recipe={r}
                editMode={false}
                selecting={false}
                selected={false}
                onOpen={() => setViewing(r.id)}
                onToggle={() => {}}
              />
            ))}
          </div>
          {data ? (
            <Pager
              page={data.current_page}
              lastPage={data.last_page}
              total={data.total}
              perPage={data.per_page}
              onPage={url.setPage}
            />
          ) : null}
        </div>
      </div>
      {viewing !== null ? (
        <RecipeViewModal
          id={viewing}
          editMode={false}
          readOnly
          busy={false}
          onAction={() => {}}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </section>
  );
}
