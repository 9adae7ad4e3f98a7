import { listOf, type Said, type SaidKey, said } from '../i18n/said';

/**
 * Who may do what, as predicates both sides call: the server to refuse, the client to show only the controls that
 * will work. Two axes: the site role (the provider's admins, spec §6) and the role in the current team, which
 * owns ovens, recipes, locations and templates; store managers and crew act only on their locations' ovens.
 * A recipe's team is null for the provider's library.
 */

/**
 * The team's roles, highest first: everything about a role is here, and every list of roles, label, rule of
 * locations and order (in SQL too) is read from it. A new role is one row.
 */
const ROLE_TABLE = {
  owner: {
    label: 'Owner',
    word: 'ruleParts.roleOwner',
    title: 'ruleParts.roleOwnerCap',
    limitedToLocations: false,
    grants: ['owner', 'manager', 'store', 'crew'],
  },
  manager: {
    label: 'Manager',
    word: 'ruleParts.roleManager',
    title: 'ruleParts.roleManagerCap',
    limitedToLocations: false,
    grants: ['store', 'crew'],
  },
  store: {
    label: 'Store manager',
    word: 'ruleParts.roleStore',
    title: 'ruleParts.roleStoreCap',
    limitedToLocations: true,
    grants: [],
  },
  crew: {
    label: 'Crew',
    word: 'ruleParts.roleCrew',
    title: 'ruleParts.roleCrewCap',
    limitedToLocations: true,
    grants: [],
  },
} as const satisfies Record<
  string,
  { label: string; word: SaidKey; title: SaidKey; limitedToLocations: boolean; grants: readonly string[] }
>;

/** A role inside a sentence ("store manager"), said in the reader's language. */
export const roleWord = (role: TeamRole): Said => said(ROLE_TABLE[role].word);
/** A role as a title ("Store manager"). */
export const roleTitle = (role: TeamRole): Said => said(ROLE_TABLE[role].title);

export type TeamRole = keyof typeof ROLE_TABLE;
/** By rank: the highest first. */
export const TEAM_ROLES = Object.keys(ROLE_TABLE) as [TeamRole, ...TeamRole[]];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = Object.fromEntries(
  TEAM_ROLES.map((role) => [role, ROLE_TABLE[role].label]),
) as Record<TeamRole, string>;

/** The user's place in their current team, as the wire carries it (the signed-in user's `team`). */
export interface Membership {
  id: number;
  name: string;
  role: TeamRole;
  /** The locations a store manager or crew member works in (empty for owners and managers, who reach all). */
  location_ids: readonly number[];
}

export interface Actor {
  id: number;
  role: 'admin' | 'other';
  /** The current team, or null for someone in no team yet (they read the library and make a team). */
  team: Membership | null;
}

const ALL: readonly TeamRole[] = TEAM_ROLES;
const RUNS_THE_TEAM: readonly TeamRole[] = ['owner', 'manager'];
const IN_A_STORE: readonly TeamRole[] = ['owner', 'manager', 'store'];

/**
 * Every action on a team's things and the roles that may take it. Routes name their action; one hook refuses the
 * others with 403, and the client hides what the role may not do.
 */
export const TEAM_ACTIONS = {
  'recipes.read': IN_A_STORE,
  'recipes.write': RUNS_THE_TEAM,
  'ovens.read': ALL,
  /** Add, duplicate, rename, move between locations, change warm-ups, delete. */
  'ovens.manage': RUNS_THE_TEAM,
  /** Import an oven from its settings file (a store manager, into one of their locations). */
  'ovens.import': IN_A_STORE,
  /** The editor's changes, undo and redo, saving, restoring and deleting versions. */
  'menus.edit': IN_A_STORE,
  /** A settings file, a location's zip and its USB checklist; marking a file loaded on the oven. */
  'settings.download': ALL,
  'settings.share': IN_A_STORE,
  'locations.read': ALL,
  'locations.manage': RUNS_THE_TEAM,
  'templates.read': IN_A_STORE,
  'templates.manage': RUNS_THE_TEAM,
  'fleet.read': ALL,
  'team.members': RUNS_THE_TEAM,
  'team.activity': RUNS_THE_TEAM,
  /** A chain's systems told of changes: webhooks, their secrets and delivery log. */
  'team.webhooks': RUNS_THE_TEAM,
  'team.manage': ['owner'],
} as const satisfies Record<string, readonly TeamRole[]>;
export type TeamAction = keyof typeof TEAM_ACTIONS;

export const isAdmin = (actor: Pick<Actor, 'role'> | null | undefined): boolean => actor?.role === 'admin';

/** The role in the current team may take this action (on the locations it reaches). */
export function can(actor: Pick<Actor, 'team'> | null | undefined, action: TeamAction): boolean {
  const role = actor?.team?.role;
  return role !== undefined && (TEAM_ACTIONS[action] as readonly TeamRole[]).includes(role);
}

/** Store managers and crew see and act on the ovens of their locations only. */
export const limitedToLocations = (role: TeamRole): boolean => ROLE_TABLE[role].limitedToLocations;

/** An oven (or location) is within reach: the current team's, and in one of the member's locations if limited. */
export function reaches(
  actor: Pick<Actor, 'team'> | null | undefined,
  thing: { teamId: number; locationId: number | null },
): boolean {
  const team = actor?.team;
  if (!team || team.id !== thing.teamId) return false;
  if (!limitedToLocations(team.role)) return true;
  return thing.locationId !== null && team.location_ids.includes(thing.locationId);
}

/** What someone in no team is told when they try what only a team's member may. */
export const NO_TEAM_MESSAGE = said('ruleMessages.noTeam');

/** What a 403 says when the role is short of an action: the role, in words. */
export function refusalFor(actor: Pick<Actor, 'team'> | null | undefined, action: TeamAction): Said {
  const team = actor?.team;
  if (!team) return NO_TEAM_MESSAGE;
  const allowed = listOf((TEAM_ACTIONS[action] as readonly TeamRole[]).map(roleTitle));
  return said('ruleMessages.roleRefused', { role: roleWord(team.role), team: team.name, allowed });
}

/* ---------- Recipes ---------- */

/** Library recipes are for everyone logged in; a team's for its members who read recipes; admins read all. */
export function canReadRecipe(actor: Actor, recipe: { teamId: number | null }): boolean {
  if (recipe.teamId === null || isAdmin(actor)) return true;
  return actor.team?.id === recipe.teamId && can(actor, 'recipes.read');
}

/** Owners and managers change their team's recipes; the provider's admins change the library. */
export function canWriteRecipe(actor: Actor, recipe: { teamId: number | null }): boolean {
  if (recipe.teamId === null) return isAdmin(actor);
  return actor.team?.id === recipe.teamId && can(actor, 'recipes.write');
}

/** Who may add to a recipe list: My Recipes is the team's; the library takes additions from admins only. */
export function canCreateIn(actor: Actor, scope: 'provider' | 'community'): boolean {
  return scope === 'community' ? can(actor, 'recipes.write') : isAdmin(actor);
}

/** A recipe may go on a menu or a template when it is the team's own or the library's. */
export function canPutOnMenu(actor: Pick<Actor, 'team'>, recipe: { teamId: number | null }): boolean {
  return recipe.teamId === null || recipe.teamId === actor.team?.id;
}

/** What a request is told when a recipe may not go on a menu (unknown, or another team's: alike). */
export const NOT_A_MENU_RECIPE = said('ruleMessages.noSuchRecipe');

/* ---------- Ovens ---------- */

/** An oven's menu and files are for the members who reach it (admins manage users and the library, not ovens). */
export function canUseOven(
  actor: Pick<Actor, 'team'>,
  oven: { teamId: number; locationId: number | null },
): boolean {
  return reaches(actor, oven);
}

/* ---------- The team's people ---------- */

/** Roles a member may hand out: an owner any, a manager store managers and crew. */
export function rolesGrantableBy(role: TeamRole | undefined): readonly TeamRole[] {
  return role ? ROLE_TABLE[role].grants : [];
}

/**
 * May `actor` give member `target` the role `next` (or remove them, with `next` null)? Nobody changes their own
 * role; an owner changes anyone's; a manager only store managers' and crew's, to those roles. Leaving (removing
 * oneself) is always asked for; that the last owner may not leave is the service's count to make.
 */
export function canChangeMember(
  actor: { userId: number; role: TeamRole },
  target: { userId: number; role: TeamRole },
  next: TeamRole | null,
): boolean {
  if (actor.userId === target.userId) return next === null;
  const grantable = rolesGrantableBy(actor.role);
  if (!grantable.includes(target.role)) return false;
  return next === null || grantable.includes(next);
}

/** Admin screens and endpoints: the report, the user list, user details and deleting users. */
export const canManageUsers = (actor: Pick<Actor, 'role'> | null | undefined): boolean => isAdmin(actor);
