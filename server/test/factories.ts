import { and, eq } from 'drizzle-orm';
import { type RecipeInput, recipeInput } from '../../shared/contracts/recipes';
import { emptyMenu, type MenuTree } from '../../shared/domain/menu';
import type { OvenType } from '../../shared/domain/oven-models';
import type { TeamRole } from '../../shared/domain/permissions';
import { asWritten } from '../../shared/i18n/said';
import type { Db } from '../db/client';
import { insertRecipe } from '../db/recipe-store';
import { sessions, teamMembers, users } from '../db/schema/index';
import { createTeamWithOwner, setMemberLocations } from '../db/team-store';
import { createOvenWithMenu } from '../features/ovens';
import { hashPassword } from '../lib/passwords';
import { hashToken, newToken } from '../lib/tokens';

let seq = 0;
const hashes = new Map<string, Promise<string>>();
// scrypt is slow on purpose; tests reuse one hash per password.
const hashOf = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

export const DEFAULT_PASSWORD = 'correct-horse-1';

export async function createUser(
  db: Db,
  overrides: Partial<{
    username: string;
    email: string;
    company: string;
    role: 'admin' | 'other';
    verified: boolean;
    password: string;
    /** false: in no team (as an invited person is until they accept). */
    team: boolean;
  }> = {},
) {
  seq += 1;
  const n = `${process.pid}${seq}`;
  const [row] = await db
    .insert(users)
    .values({
      username: overrides.username ?? `user_${n}`,
      email: overrides.email ?? `user${n}@example.com`,
      company: overrides.company ?? 'Test Kitchen',
      role: overrides.role ?? 'other',
      passwordHash: await hashOf(overrides.password ?? DEFAULT_PASSWORD),
      verifiedAt: overrides.verified === false ? null : new Date(),
    })
    .returning();
  // Like a sign-up: everyone starts as the owner of a team of their own.
  const teamId =
    overrides.team === false ? null : await createTeamWithOwner(db, `${row!.username}'s kitchen`, row!.id);
  return { ...row!, teamId, password: overrides.password ?? DEFAULT_PASSWORD };
}

/** The team a user works in now: where the factories put what they make "for a user". */
export async function currentTeamOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.current, true)))
    .limit(1);
  if (!row) throw new Error(`user ${userId} is in no team`);
  return row.teamId;
}

/** Adds a user to a team as `role` (their current team unless `current: false`), with their locations. */
export async function addMember(
  db: Db,
  teamId: number,
  userId: number,
  role: TeamRole,
  options: { locationIds?: number[]; current?: boolean } = {},
) {
  const current = options.current ?? true;
  if (current) await db.update(teamMembers).set({ current: false }).where(eq(teamMembers.userId, userId));
  await db.insert(teamMembers).values({ teamId, userId, role, current });
  await setMemberLocations(db, teamId, userId, options.locationIds ?? []);
}

/**
 * A valid recipe of the given oven type (Matchbox by default), written straight to the database: the library's,
 * or (with `ownerId`, a user) made by that user in their current team.
 */
export async function createRecipe(
  db: Db,
  overrides: Partial<RecipeInput> & { ownerId?: number | null } = {},
): Promise<{ id: number; name: string }> {
  const { ownerId = null, ...patch } = overrides;
  const teamId = ownerId === null ? null : await currentTeamOf(db, ownerId);
  seq += 1;
  const input = recipeInput.parse({
    name: `Recipe ${seq}`,
    oven_type: 'Matchbox 1718/1313',
    product_name: 'Test product',
    set_temp: 450,
    category: 'Pizza',
    icon: 'ICON_PIZZA',
    stages: [{ order: 1, minutes: '01', seconds: '30', temp: 450 }],
    ...patch,
  });
  const id = await insertRecipe(db, input, { teamId, createdBy: ownerId });
  return { id, name: input.name };
}

/** A body for POST/PUT /api/recipes that passes every rule. */
export function recipeBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Crispy Calzone',
    oven_type: 'Matchbox 1718/1313',
    product_name: 'Calzone 10in',
    set_temp: 475,
    category: 'Pizza',
    starting_state: 'Frozen',
    icon: 'ICON_PIZZA',
    ingredients: 'Dough, ricotta, mozzarella',
    stages: [
      {
        order: 1,
        hours: '00',
        minutes: '01',
        seconds: '30',
        temp: 475,
        percent_air_top: 60,
        percent_air_bottom: 50,
        blower_percent: 70,
      },
      { order: 2, hours: '00', minutes: '00', seconds: '45', temp: 500, force_vent_open: true },
    ],
    events: [{ name: 'Rotate', minutes: 1, seconds: 0 }],
    ...overrides,
  };
}

/** A signed-in session for a user, as a login would make: the browser tests log in with its token. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    remember: false,
    expiresAt: new Date(Date.now() + 12 * 3_600_000),
  });
  return token;
}

/** A user with a session: the usual actor of an API test (its id, and the token its requests carry). */
export async function createSignedInUser(db: Db): Promise<{ id: number; token: string; teamId: number }> {
  const { id, teamId } = await createUser(db);
  return { id, teamId: teamId!, token: await createSession(db, id) };
}

/**
 * An oven of a user's current team, written straight to the database: one empty main screen unless a menu is given
 * (recipes are placed by id; every button gets the default look).
 */
export async function createOven(
  db: Db,
  ownerId: number,
  overrides: Partial<{
    name: string;
    type: OvenType;
    warmUps: { name: string; temperature: number }[];
    tree: MenuTree;
    locationId: number;
  }> = {},
) {
  seq += 1;
  const type = overrides.type ?? 'Matchbox 1718/1313';
  const teamId = await currentTeamOf(db, ownerId);
  const { oven, tree } = await db.transaction((tx) =>
    createOvenWithMenu(tx, {
      scope: { teamId, locationIds: null },
      userId: ownerId,
      locationId: overrides.locationId ?? null,
      name: overrides.name ?? `Oven ${seq}`,
      type,
      warmUps: overrides.warmUps ?? [],
      // A copy: a test may give the same tree to several ovens.
      tree: structuredClone(overrides.tree ?? emptyMenu()),
      action: 'created',
      summary: asWritten('Created by a test'),
    }),
  );
  return { id: oven.id, name: oven.name, type, tree, screenId: tree.screens[0]!.id! };
}

/** A menu of one screen whose slot 1 opens the given recipe. */
export function menuOfOne(
  recipe: { id: number; name: string; ovenType: string },
  icon = 'ICON_PIZZA',
): MenuTree {
  return {
    screens: [
      {
        id: null,
        buttons: [
          { id: null, kind: 'recipe', position: 1, icon, color: 'ORANGE_900', favorite: false, recipe },
        ],
      },
    ],
  };
}

/** An oven whose menu holds one recipe of the owner's team in slot 1: one whose file a zip takes. */
export async function createOvenWithRecipe(
  db: Db,
  ownerId: number,
  overrides: Parameters<typeof createOven>[2] = {},
) {
  const type = overrides.type ?? 'Matchbox 1718/1313';
  const recipe = await createRecipe(db, { ownerId, oven_type: type });
  return createOven(db, ownerId, {
    ...overrides,
    tree: menuOfOne({ id: recipe.id, name: recipe.name, ovenType: type }),
  });
}
