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

/** Who may add to a recipe list: My Recipes is the user's own; the library takes additions from admins only. */
export function canCreateIn(actor: Actor, scope: 'provider' | 'community'): boolean {
  return scope === 'community' || isAdmin(actor);
}

/** Admin screens and endpoints: the report, the user list, user details and deleting users. */
export const canManageUsers = (actor: Pick<Actor, 'role'> | null | undefined): boolean => isAdmin(actor);
