import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, limitedToLocations, NO_TEAM_MESSAGE } from '../../shared/domain/permissions';
import { ConflictError } from '../lib/errors';
import { locations, menuTemplates, ovens, recipes } from './schema/index';

/**
 * Whose rows a request may see and change: the one place ownership is written. Every store query of owned rows
 * (ovens and their menus, locations, templates, a team's recipes) takes its condition from here. A team owns
 * them; a store manager or crew member sees only the ovens and locations of their own locations.
 */
export interface Scope {
  /** The current team, or null for a user in no team (who sees none of anybody's rows). */
  readonly teamId: number | null;
  /** The locations a limited member reaches, or null for all of the team's. */
  readonly locationIds: readonly number[] | null;
}

export const scopeOf = (actor: Pick<Actor, 'team'>): Scope => {
  const team = actor.team;
  if (!team) return { teamId: null, locationIds: null };
  return { teamId: team.id, locationIds: limitedToLocations(team.role) ? [...team.location_ids] : null };
};

const NO_ROW = sql`false`;
const team = (
  s: Scope,
  column: typeof ovens.teamId | typeof locations.teamId | typeof menuTemplates.teamId,
) => (s.teamId === null ? NO_ROW : eq(column, s.teamId));
/** A limited member's locations: an empty list reaches nothing. */
const within = (s: Scope, column: typeof ovens.locationId | typeof locations.id): SQL | undefined => {
  if (s.locationIds === null) return undefined;
  return s.locationIds.length === 0 ? NO_ROW : inArray(column, [...s.locationIds]);
};

/** Conditions for the query builder: the rows of each kind inside the scope. */
export const inScope = {
  ovens: (s: Scope): SQL => and(team(s, ovens.teamId), within(s, ovens.locationId))!,
  locations: (s: Scope): SQL => and(team(s, locations.teamId), within(s, locations.id))!,
  templates: (s: Scope): SQL => team(s, menuTemplates.teamId),
  /** The team's own recipes (My Recipes). */
  ownRecipes: (s: Scope): SQL => (s.teamId === null ? NO_ROW : eq(recipes.teamId, s.teamId)),
  /** The provider's library (owned by no team): every user reads it, admins change it. */
  library: (): SQL => isNull(recipes.teamId),
  /** Recipes a menu or template may open: the team's own and the provider's library. */
  menuRecipes: (s: Scope): SQL => or(inScope.library(), inScope.ownRecipes(s))!,
};

/** The same conditions for statements written in SQL, on a table's alias (`o` for ovens, `r` for recipes). */
export const inScopeSql = {
  ovens: (s: Scope, alias: string): SQL => {
    if (s.teamId === null) return NO_ROW;
    const o = sql.identifier(alias);
    if (s.locationIds === null) return sql`${o}.team_id = ${s.teamId}`;
    return sql`(${o}.team_id = ${s.teamId} and ${o}.location_id in (select value::int from json_array_elements_text(${JSON.stringify(s.locationIds)}::json)))`;
  },
  ownRecipes: (s: Scope, alias: string): SQL =>
    s.teamId === null ? NO_ROW : sql`${sql.identifier(alias)}.team_id = ${s.teamId}`,
};

/** The owner columns of a new row made in the scope (an oven, location, template or recipe of the team). */
export const ownerColumns = (s: Scope): { teamId: number } => {
  if (s.teamId === null) throw new ConflictError(NO_TEAM_MESSAGE);
  return { teamId: s.teamId };
};

/** One row of a kind by id, inside the scope: the condition for "this id, if it is ours". */
export const ownedId = {
  oven: (s: Scope, id: number): SQL => and(eq(ovens.id, id), inScope.ovens(s))!,
  location: (s: Scope, id: number): SQL => and(eq(locations.id, id), inScope.locations(s))!,
  template: (s: Scope, id: number): SQL => and(eq(menuTemplates.id, id), inScope.templates(s))!,
};
