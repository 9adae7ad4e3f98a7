import type { Owner } from '../../shared/contracts/recipes';
import { AssignRecipe } from '../features/ovens/assign-recipe';
import { RecipeListPage } from '../features/recipes/recipe-list-page';
import { AssignRecipeProvider } from '../lib/extension-slots';

/** The recipe lists, with the ovens feature's "put it on an oven" in the wizard's last step. */
export function RecipesRoute({ owner }: { owner: Owner }) {
  return (
    <AssignRecipeProvider value={(recipe) => <AssignRecipe recipe={recipe} />}>
      <RecipeListPage owner={owner} />
    </AssignRecipeProvider>
  );
}
