import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RecipeCard } from '../../../shared/contracts/recipes';
import { FOOD_CATEGORIES } from '../../../shared/domain/catalog';
import { iconUrl } from '../../../shared/domain/icons';
import { Alert, Spinner } from '../../components/form';
import { Modal } from '../../components/modal';
import { Pager } from '../../components/pager';
import { recipeChoicesQuery } from '../recipes';

/**
 * Spec §2.7 'Select Recipe', titled 'My {oven type} Recipes': a category dropdown (All Categories and each
 * category), a search, simple cards a page at a time, each with Add to Oven. The provider's library can be
 * picked from too.
 */
export function SelectRecipeModal({
  ovenType,
  provider,
  where,
  onAdd,
  onClose,
}: {
  ovenType: string;
  provider: string;
  where: string;
  onAdd(recipe: RecipeCard): void;
  onClose(): void;
}) {
  const [owner, setOwner] = useState<'community' | 'provider'>('community');
  const [category, setCategory] = useState('');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const t = window.setTimeout(() => setSearch(searchText), 300);
    return () => window.clearTimeout(t);
  }, [searchText]);
  const list = useQuery(recipeChoicesQuery({ owner, ovenType, category, search, page }));
  const data = list.data;
  const title = owner === 'community' ? `My ${ovenType} Recipes` : `${provider} ${ovenType} Recipes`;

  return (
    <Modal title={title} onClose={onClose} size="lg">
      <p className="muted">Adding to {where}.</p>
      <div className="choice-toolbar">
        <fieldset className="segmented" aria-label="Whose recipes">
          <label className={owner === 'community' ? 'segmented-on' : ''}>
            <input
              type="radio"
              name="owner"
              className="sr-only"
              checked={owner === 'community'}
              onChange={() => {
                setOwner('community');
                setPage(1);
              }}
            />
            My Recipes
          </label>
          <label className={owner === 'provider' ? 'segmented-on' : ''}>
            <input
              type="radio"
              name="owner"
              className="sr-only"
              checked={owner === 'provider'}
              onChange={() => {
                setOwner('provider');
                setPage(1);
              }}
            />
            {provider} Recipes
          </label>
        </fieldset>
        <label className="field field-inline">
          <span className="sr-only">Category</span>
          <select
            aria-label="Category"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All Categories</option>
            {FOOD_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="search">
          <span className="sr-only">Search recipes</span>
          <input
            type="search"
            placeholder="Search recipes..."
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      {list.isPending ? <Spinner label="Loading recipes ..." /> : null}
      {list.isError ? (
        <Alert tone="error">The recipes could not be loaded: {list.error.message}</Alert>
      ) : null}
      {data && data.total === 0 ? (
        <div className="empty-state">
          <p>No results were found</p>
          <p className="muted">
            {owner === 'community'
              ? `You have no ${ovenType} recipes${search || category ? ' like this' : ''} yet: create one in My Recipes, or pick from the ${provider} Recipes.`
              : 'Try another category or search.'}
          </p>
        </div>
      ) : null}
      <ul className="choice-list">
        {data?.data.map((r) => (
          <li key={r.id} className="choice-card">
            <img src={iconUrl(r.icon)} alt="" />
            <div>
              <strong>{r.name}</strong>
              <span className="muted small">{r.category}</span>
            </div>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => onAdd(r)}
              aria-label={`Add ${r.name} to Oven`}
            >
              Add to Oven
            </button>
          </li>
        ))}
      </ul>
      {data ? (
        <Pager
          page={data.current_page}
          lastPage={data.last_page}
          total={data.total}
          perPage={data.per_page}
          onPage={setPage}
        />
      ) : null}
    </Modal>
  );
}
