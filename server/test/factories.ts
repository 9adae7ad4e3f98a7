import { type RecipeInput, recipeInput } from '../../shared/contracts/recipes';
import { emptyMenu, type MenuTree } from '../../shared/domain/menu';
import type { OvenType } from '../../shared/domain/oven-models';
import type { Db } from '../db/client';
import { insertRecipe } from '../db/recipe-store';
import { sessions, users } from '../db/schema/index';
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
  return { ...row!, password: overrides.password ?? DEFAULT_PASSWORD };
}

/** A valid recipe of the given oven type (Matchbox by default), written straight to the database. */
export async function createRecipe(
  db: Db,
  overrides: Partial<RecipeInput> & { ownerId?: number | null } = {},
): Promise<{ id: number; name: string }> {
  const { ownerId = null, ...patch } = overrides;
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
  const id = await insertRecipe(db, input, { ownerId, createdBy: ownerId });
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
export async function createSignedInUser(db: Db): Promise<{ id: number; token: string }> {
  const { id } = await createUser(db);
  return { id, token: await createSession(db, id) };
}

/**
 * An oven of a user, written straight to the database: one empty main screen unless a menu is given (recipes are
 * placed by id; every button gets the default look).
 */
export async function createOven(
  db: Db,
  ownerId: number,
  overrides: Partial<{
    name: string;
    type: OvenType;
    warmUps: { name: string; temperature: number }[];
    tree: MenuTree;
  }> = {},
) {
  seq += 1;
  const type = overrides.type ?? 'Matchbox 1718/1313';
  const { oven, tree } = await db.transaction((tx) =>
    createOvenWithMenu(tx, {
      scope: { ownerId },
      userId: ownerId,
      name: overrides.name ?? `Oven ${seq}`,
      type,
      warmUps: overrides.warmUps ?? [],
      // A copy: a test may give the same tree to several ovens.
      tree: structuredClone(overrides.tree ?? emptyMenu()),
      action: 'created',
      summary: 'Created by a test',
    }),
  );
  return { id: oven.id, name: oven.name, type, tree, screenId: tree.screens[0]!.id! };
}
