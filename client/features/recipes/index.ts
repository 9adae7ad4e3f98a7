/** The recipes feature's public API on the client: what the menu editor and the app may use. */
export { menuRecipesQuery, recipeChoicesQuery, recipeKeys, seenRecipe } from './recipes-api';
