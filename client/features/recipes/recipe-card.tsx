import { useTranslation } from 'react-i18next';
import type { RecipeCard as Card } from '../../../shared/contracts/recipes';
import { categoryLabel } from '../../lib/i18n';
import { OvenBadge } from './oven-badge';
import { RecipeImage } from './recipe-image';

/** Spec §2.5 card: image, name, category, oven type and one action (view, view/edit, or bulk select). */
export function RecipeCard({
  recipe,
  editMode,
  selecting,
  selected,
  onOpen,
  onToggle,
}: {
  recipe: Card;
  editMode: boolean;
  selecting: boolean;
  selected: boolean;
  onOpen(): void;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  return (
    <article className={`recipe-card ${selected ? 'recipe-card-selected' : ''}`} aria-label={recipe.name}>
      <RecipeImage className="recipe-card-image" imageUrl={recipe.image_url} icon={recipe.icon} alt="" />
      <div className="recipe-card-body">
        <h3 className="recipe-card-name">{recipe.name}</h3>
        <p className="recipe-card-meta">
          <span>{categoryLabel(recipe.category)}</span>
          <span className="recipe-card-oven">
            <OvenBadge type={recipe.oven_type} decorative /> {recipe.oven_type}
          </span>
        </p>
        <div className="recipe-card-action">
          {selecting ? (
            <label className="check select-check">
              <input
                type="checkbox"
                checked={selected}
                onChange={onToggle}
                aria-label={t('recipeList.selectNamed', { name: recipe.name })}
              />
              <span>{selected ? t('recipeList.selected') : t('recipeList.select')}</span>
            </label>
          ) : (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onOpen}
              aria-label={t(editMode ? 'recipeList.viewEditNamed' : 'recipeList.viewNamed', {
                name: recipe.name,
              })}
            >
              {editMode ? t('recipeList.viewEdit') : t('recipeList.view')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
