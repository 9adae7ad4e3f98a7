/**
 * Who may do what (spec §6), as predicates both sides call: the server to refuse, the client to show only the
 * controls that will work. A recipe's owner is null for the provider's library.
 */
export interface Actor {
  id: number;
  role: 'admin' | 'other';
}

export const isAdmin = (actor: Pick<Actor, 'role'> | null | undefined): boolean => actor?.role === 'admin';

/** Library recipes are for everyone logged in, a user's for that user; admins read all. */
export function canReadRecipe(actor: Actor, recipe: { ownerId: number | null }): boolean {
  return recipe.ownerId === null || recipe.ownerId === actor.id || isAdmin(actor);
}

/** Users change their own recipes; the provider's admins change the library. */
export function canWriteRecipe(actor: Actor, recipe: { ownerId: number | null }): boolean {
  return recipe.ownerId === actor.id || (recipe.ownerId === null && isAdmin(actor));
}

/**
 * Ovens, their menus, versions and files, locations and templates belong to one kitchen (today: the user). Admins
 * manage users and the library, not other kitchens' ovens.
 */
export function canUseOven(actor: Actor, oven: { ownerId: number }): boolean {
  return oven.ownerId === actor.id;
}

/** A recipe may go on a menu or a template when it is the kitchen's own or the library's. */
export function canPutOnMenu(actor: Actor, recipe: { ownerId: number | null }): boolean {
  return recipe.ownerId === null || recipe.ownerId === actor.id;
}

/** What a request is told when a recipe may not go on a menu (unknown, or another kitchen's: alike). */
export const NOT_A_MENU_RECIPE = 'There is no such recipe among yours or the library.';

/** Who may add to a recipe list: My Recipes is the user's own; the library takes additions from admins only. */
export function canCreateIn(actor: Actor, scope: 'provider' | 'community'): boolean {
  return scope === 'community' || isAdmin(actor);
}

/** Admin screens and endpoints: the report, the user list, user details and deleting users. */
export const canManageUsers = (actor: Pick<Actor, 'role'> | null | undefined): boolean => isAdmin(actor);
