import type { RecipeCard as Card } from '../../../shared/contracts/recipes';
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
  return (
    <article className={`recipe-card ${selected ? 'recipe-card-selected' : ''}`} aria-label={recipe.name}>
      <RecipeImage className="recipe-card-image" imageUrl={recipe.image_url} icon={recipe.icon} alt="" />
      <div className="recipe-card-body">
        <h3 className="recipe-card-name">{recipe.name}</h3>
        <p className="recipe-card-meta">
          <span>{recipe.category}</span>
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
                aria-label={`Select ${recipe.name}`}
              />
              <span>{selected ? 'Selected' : 'Select'}</span>
            </label>
          ) : (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onOpen}
              aria-label={`${editMode ? 'View or edit' : 'View'} ${recipe.name}`}
            >
              {editMode ? 'View / Edit' : 'View'}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
