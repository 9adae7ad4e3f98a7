import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paginated } from '../../../shared/contracts/pagination';
import type { RecipeCard as CardData } from '../../../shared/contracts/recipes';
import { Alert, Spinner } from '../../components/form';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { textOf } from '../../lib/i18n';
import { useSearchText } from '../../lib/use-debounced';
import { listParam, parseListParam, useUrlState } from '../../lib/use-url-state';
import { RecipeCard } from './recipe-card';
import { RecipeFilters } from './recipe-filters';

type CardPage = Paginated<CardData>;

const FILTER_DEFAULTS = { search: '', ovens: '', categories: '' };

/** What a list of recipes is asked for: the filters and the page, kept in the address. */
export interface RecipeListFilters {
  ovens: string[];
  categories: string[];
  search: string;
  page: number;
}

/**
 * A list of recipes to search, filter and page through, its state in the address (a reload or a shared link shows
 * the same list): the library, My Recipes and an admin's view of one user's recipes all browse with it.
 */
export function useRecipeBrowser<K extends QueryKey>(
  query: (filters: RecipeListFilters) => UseQueryOptions<CardPage, Error, CardPage, K>,
) {
  const url = useUrlState(FILTER_DEFAULTS);
  const ovens = parseListParam(url.values.ovens);
  const categories = parseListParam(url.values.categories);
  const search = url.values.search;
  const page = url.page;
  // Typing waits a moment before searching.
  const box = useSearchText(search, (next, push) => url.update({ search: next }, { push }));
  const list = useQuery(query({ ovens, categories, search, page }));
  const data = list.data;
  const { setPage } = url;
  // After deletes (or an old link) the page may be past the end: show the last page that has recipes.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.data.length === 0 && data.total > 0 && page > data.last_page)
      setPage(data.last_page);
  }, [data, list.isPlaceholderData, page, setPage]);
  return {
    url,
    ovens,
    categories,
    search,
    box,
    list,
    data,
    filtered: ovens.length + categories.length > 0 || search !== '',
  };
}

export type RecipeBrowserState = ReturnType<typeof useRecipeBrowser<QueryKey>>;

/**
 * The browser's screen: the search and the filters' button (with the page's own actions beside them), the filter
 * panel, "Showing 1 - 12 of 40", the cards, what the page puts under them (the bulk bar) and the pager.
 */
export function RecipeBrowser({
  browser,
  searchLabel,
  searchPlaceholder,
  counter,
  actions,
  empty,
  gridClassName = 'recipe-grid',
  editMode = false,
  selecting = false,
  selected,
  onToggle,
  onOpen,
  below,
}: {
  browser: RecipeBrowserState;
  searchLabel: string;
  searchPlaceholder: string;
  counter(range: { from: number; to: number; total: number }): string;
  actions?: ReactNode;
  /** Said under "No results were found" (why, and what to try). */
  empty?: ReactNode;
  gridClassName?: string;
  editMode?: boolean;
  selecting?: boolean;
  selected?: ReadonlyMap<number, unknown>;
  onToggle?(recipe: CardData): void;
  onOpen(recipe: CardData): void;
  below?: ReactNode;
}) {
  const { t } = useTranslation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { url, ovens, categories, box, list, data } = browser;
  const chosen = ovens.length + categories.length;
  return (
    <>
      <div className="toolbar">
        <SearchBox className="search" label={searchLabel} placeholder={searchPlaceholder} {...box.bind} />
        <button
          type="button"
          className="btn btn-secondary filters-toggle"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {chosen > 0 ? t('recipeList.filtersCount', { count: chosen }) : t('recipeList.filters')}
        </button>
        {actions ? <div className="toolbar-actions">{actions}</div> : null}
      </div>

      <div className="recipes-layout">
        <aside
          className={`card filters-panel ${filtersOpen ? 'filters-open' : ''}`}
          aria-label={t('recipeList.filters')}
        >
          <RecipeFilters
            ovens={ovens}
            categories={categories}
            onOvens={(next) => url.update({ ovens: next.length ? listParam(next) : '' })}
            onCategories={(next) => url.update({ categories: next.length ? listParam(next) : '' })}
          />
        </aside>
        <div className="recipes-main">
          <p className="counter" aria-live="polite">
            {data && data.total > 0 && data.from !== null && data.to !== null
              ? counter({ from: data.from, to: data.to, total: data.total })
              : ''}
          </p>
          {list.isPending ? <Spinner label={t('recipeList.loading')} /> : null}
          {list.isError ? (
            <Alert tone="error">{t('recipeList.loadFailed', { message: textOf(list.error) })}</Alert>
          ) : null}
          {data && data.total === 0 ? (
            <div className="card empty-state">
              <p>{t('recipeList.noResults')}</p>
              {empty}
            </div>
          ) : null}
          <div className={gridClassName}>
            {data?.data.map((r) => (
              <RecipeCard
                key={r.id}
                recipe={r}
                editMode={editMode}
                selecting={selecting}
                selected={selected?.has(r.id) ?? false}
                onOpen={() => onOpen(r)}
                onToggle={() => onToggle?.(r)}
              />
            ))}
          </div>
          {below}
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
    </>
  );
}
