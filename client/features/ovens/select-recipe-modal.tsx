import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipeCard } from '../../../shared/contracts/recipes';
import { FOOD_CATEGORIES } from '../../../shared/domain/catalog';
import { iconUrl } from '../../../shared/domain/icons';
import { Alert, Spinner } from '../../components/form';
import { Modal } from '../../components/modal';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { categoryLabel, textOf } from '../../lib/i18n';
import { useDebounced } from '../../lib/use-debounced';
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
  const { t } = useTranslation();
  const [owner, setOwner] = useState<'community' | 'provider'>('community');
  const [category, setCategory] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  const [page, setPage] = useState(1);
  const list = useQuery(recipeChoicesQuery({ owner, ovenType, category, search, page }));
  const data = list.data;
  const title =
    owner === 'community'
      ? t('selectRecipe.myTitle', { type: ovenType })
      : t('selectRecipe.providerTitle', { provider, type: ovenType });

  return (
    <Modal title={title} onClose={onClose} size="lg">
      <p className="muted">{t('selectRecipe.addingTo', { where })}</p>
      <div className="choice-toolbar">
        <fieldset className="segmented" aria-label={t('selectRecipe.whose')}>
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
            {t('recipeList.myTitle')}
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
            {t('recipeList.providerTitle', { provider })}
          </label>
        </fieldset>
        <label className="field field-inline">
          <span className="sr-only">{t('selectRecipe.category')}</span>
          <select
            aria-label={t('selectRecipe.category')}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('selectRecipe.allCategories')}</option>
            {FOOD_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <SearchBox
          className="search"
          label={t('recipeList.search')}
          placeholder={t('recipeList.searchPlaceholder')}
          value={searchText}
          onChange={(text) => {
            setSearchText(text);
            setPage(1);
          }}
        />
      </div>
      {list.isPending ? <Spinner label={t('recipeList.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('recipeList.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {data && data.total === 0 ? (
        <div className="empty-state">
          <p>{t('recipeList.noResults')}</p>
          <p className="muted">
            {owner === 'community'
              ? t(search || category ? 'selectRecipe.noneMineLike' : 'selectRecipe.noneMine', {
                  type: ovenType,
                  provider,
                })
              : t('selectRecipe.tryAnother')}
          </p>
        </div>
      ) : null}
      <ul className="choice-list">
        {data?.data.map((r) => (
          <li key={r.id} className="choice-card">
            <img src={iconUrl(r.icon)} alt="" />
            <div>
              <strong>{r.name}</strong>
              <span className="muted small">{categoryLabel(r.category)}</span>
            </div>
            <button type="button" className="btn btn-primary" onClick={() => onAdd(r)}>
              {t('selectRecipe.add')}
              <span className="sr-only"> {t('selectRecipe.addContext', { name: r.name })}</span>
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
