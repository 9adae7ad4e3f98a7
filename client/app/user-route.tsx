import { UserRecipes } from '../features/recipes/user-recipes';
import { UserPage } from '../features/users/user-page';

/** The admin's user page, where features meet: the user and their deletion (users), their recipes (recipes). */
export function UserRoute() {
  return <UserPage renderRecipes={(userId) => <UserRecipes userId={userId} />} />;
}
