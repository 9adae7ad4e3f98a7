/** The recipes feature's public API on the client: what the menu editor and the app may use. */
export { recipeChoicesQuery, recipeKeys } from './recipes-api';
