import type { Owner } from '../../shared/contracts/recipes';
import { can } from '../../shared/domain/permissions';
import { AssignRecipe } from '../features/ovens/assign-recipe';
import { RecipeListPage } from '../features/recipes/recipe-list-page';
import { useCurrentUser } from '../lib/current-user';
import { AssignRecipeProvider } from '../lib/extension-slots';
import { NotForRolePage } from './not-for-role-page';

/** The recipe lists, with the ovens feature's "put it on an oven" in the wizard's last step. */
export function RecipesRoute({ owner }: { owner: Owner }) {
  // The team's own recipes are not crew's (the library is everyone's).
  const readsOwn = can(useCurrentUser().user, 'recipes.read');
  if (owner === 'community' && !readsOwn) return <NotForRolePage />;
  return (
    <AssignRecipeProvider value={(recipe) => <AssignRecipe recipe={recipe} />}>
      <RecipeListPage owner={owner} />
    </AssignRecipeProvider>
  );
}
