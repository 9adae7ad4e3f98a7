import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../shared/domain/permissions';
import { locations, menuTemplates, ovens, recipes } from './schema/index';

/**
 * Whose rows a request may see and change: the one place ownership is written. Every store query of owned rows
 * (ovens and their menus, locations, templates, a kitchen's recipes) takes its condition from here, so a change
 * of who owns what (teams) is made here and in shared/domain/permissions, nowhere else.
 */
export interface Scope {
  /** The kitchen the rows belong to: today the user's own account. */
  readonly ownerId: number;
}

export const scopeOf = (actor: Pick<Actor, 'id'>): Scope => ({ ownerId: actor.id });

/** Conditions for the query builder: the rows of each kind inside the scope. */
export const inScope = {
  ovens: (s: Scope): SQL => eq(ovens.ownerId, s.ownerId),
  locations: (s: Scope): SQL => eq(locations.ownerId, s.ownerId),
  templates: (s: Scope): SQL => eq(menuTemplates.ownerId, s.ownerId),
  /** The kitchen's own recipes (My Recipes). */
  ownRecipes: (s: Scope): SQL => eq(recipes.ownerId, s.ownerId),
  /** The provider's library (owned by nobody): every kitchen reads it, admins change it. */
  library: (): SQL => isNull(recipes.ownerId),
  /** Recipes a menu or template may open: the kitchen's own and the provider's library. */
  menuRecipes: (s: Scope): SQL => or(inScope.library(), inScope.ownRecipes(s))!,
};

/** The same conditions for statements written in SQL, on a table's alias (`o` for ovens, `r` for recipes). */
export const inScopeSql = {
  ovens: (s: Scope, alias: string): SQL => sql`${sql.identifier(alias)}.owner_id = ${s.ownerId}`,
  ownRecipes: (s: Scope, alias: string): SQL => sql`${sql.identifier(alias)}.owner_id = ${s.ownerId}`,
};

/** The owner columns of a new row made in the scope (an oven, location, template or recipe of the kitchen). */
export const ownerColumns = (s: Scope): { ownerId: number } => ({ ownerId: s.ownerId });

/** One row of a kind by id, inside the scope: the condition for "this id, if it is ours". */
export const ownedId = {
  oven: (s: Scope, id: number): SQL => and(eq(ovens.id, id), inScope.ovens(s))!,
  location: (s: Scope, id: number): SQL => and(eq(locations.id, id), inScope.locations(s))!,
  template: (s: Scope, id: number): SQL => and(eq(menuTemplates.id, id), inScope.templates(s))!,
};
