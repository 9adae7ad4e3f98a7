import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../../shared/contracts/pagination';
import type { AdminUser } from '../../../shared/contracts/users';
import { ovens, recipeImages, recipes, sessions, userActivityDays, users } from '../../db/schema/index';
import {
  createOven,
  createOvenWithRecipe,
  createRecipe,
  createSession,
  createUser,
  recipeBody,
} from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { createUsersService } from './users.service';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof createUser>> & { token: string };
let admin: Signed;
let cook: Signed;

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}): Promise<Signed> {
  const user = await createUser(ctx.db, overrides);
  return { ...user, token: await createSession(ctx.db, user.id) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedIn({ role: 'admin' });
  cook = await signedIn();
});
afterAll(() => ctx?.close());

const as = (u: Signed) => ({ token: u.token });
// A tiny PNG, as the recipe form sends a photo.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('every admin endpoint refuses guests (401) and regular users (403)', () => {
  const endpoints: [string, string][] = [
    ['GET', '/api/reports'],
    ['GET', '/api/users'],
    ['GET', '/api/users/1'],
    ['DELETE', '/api/users/1'],
    ['GET', '/api/recipes/user?user_id=1'],
  ];
  it.each(endpoints)('%s %s', async (method, url) => {
    expect((await ctx.api(method as 'GET', url)).statusCode).toBe(401);
    expect((await ctx.api(method as 'GET', url, undefined, as(cook))).statusCode).toBe(403);
  });
});

describe('GET /api/users', () => {
  it('lists users newest first with their counts, in pages with Laravel fields', async () => {
    const someone = await createUser(ctx.db, { email: `counted_${Date.now()}@kitchen.test` });
    await createRecipe(ctx.db, { ownerId: someone.id });
    await createRecipe(ctx.db, { ownerId: someone.id });
    await createOven(ctx.db, someone.id);
    const res = await ctx.api(
      'GET',
      `/api/users?email=${encodeURIComponent('COUNTED_')}`,
      undefined,
      as(admin),
    );
    expect(res.statusCode).toBe(200);
    const page = res.json<Paginated<AdminUser>>();
    expect(page.data).toEqual([
      expect.objectContaining({
        id: someone.id,
        email: someone.email,
        recipesCounter: 2,
        ovensCounter: 1,
        lastLogin: null,
        createdAt: expect.any(String),
      }),
    ]);
    expect(page).toMatchObject({ current_page: 1, per_page: 20, total: 1, from: 1, to: 1 });
    expect(page.first_page_url).toBe('http://hearth.test/api/users?email=COUNTED_&page=1');
  });

  it('pages: 25 matching users make two pages of 20 and 5', async () => {
    for (let i = 0; i < 25; i++) await createUser(ctx.db, { email: `paged${i}_${process.pid}@paging.test` });
    const second = (await ctx.api('GET', '/api/users?email=paging.test&page=2', undefined, as(admin))).json<
      Paginated<AdminUser>
    >();
    expect(second).toMatchObject({ total: 25, last_page: 2, from: 21, to: 25 });
    expect(second.data).toHaveLength(5);
  });

  it('finds % and _ literally, and answers an empty page when nothing matches', async () => {
    const res = await ctx.api('GET', `/api/users?email=${encodeURIComponent('%_%')}`, undefined, as(admin));
    expect(res.json<Paginated<AdminUser>>()).toMatchObject({ total: 0, data: [], from: null });
  });

  it('refuses a bad page with 422 naming it', async () => {
    const res = await ctx.api('GET', '/api/users?page=0', undefined, as(admin));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['page']);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers one user, or 404', async () => {
    const res = await ctx.api('GET', `/api/users/${cook.id}`, undefined, as(admin));
    expect(res.json<{ data: AdminUser }>().data).toMatchObject({
      id: cook.id,
      username: cook.username,
      role: 'other',
    });
    expect((await ctx.api('GET', '/api/users/999999', undefined, as(admin))).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the user with their recipes, photos, ovens and sessions; their activity still counts', async () => {
    const doomed = await signedIn();
    const made = await ctx.api(
      'POST',
      '/api/recipes',
      recipeBody({ name: 'Photo Dish', image: PNG }),
      as(doomed),
    );
    expect(made.statusCode, made.body).toBe(201);
    const imageUrl = made.json<{ data: { image_url: string } }>().data.image_url;
    await createOvenWithRecipe(ctx.db, doomed.id);
    const res = await ctx.api('DELETE', `/api/users/${doomed.id}`, undefined, as(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, id: doomed.id, username: doomed.username });
    const left = async (
      table: typeof recipes | typeof ovens,
      column: typeof recipes.teamId | typeof ovens.teamId,
    ) => Number((await ctx.db.select({ n: count() }).from(table).where(eq(column, doomed.teamId!)))[0]!.n);
    // Alone in their team, the team went with them, and everything it owned.
    expect(await left(recipes, recipes.teamId)).toBe(0);
    expect(await left(ovens, ovens.teamId)).toBe(0);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, doomed.id))).toEqual([]);
    const imageId = imageUrl.split('/').pop()!.split('?')[0]!;
    expect(await ctx.db.select().from(recipeImages).where(eq(recipeImages.id, imageId))).toEqual([]);
    expect((await ctx.api('GET', '/api/auth/check', undefined, as(doomed))).statusCode).toBe(401);
    // The report's past activity of the user is kept (anonymous counts).
    expect(
      (await ctx.db.select().from(userActivityDays).where(eq(userActivityDays.userId, doomed.id))).length,
    ).toBe(1);
  });

  it('refuses to delete yourself, with a 422 that says so', async () => {
    const res = await ctx.api('DELETE', `/api/users/${admin.id}`, undefined, as(admin));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.id).toEqual([
      'You cannot delete your own account. Ask another admin to do it.',
    ]);
  });

  it('never deletes the last admin', async () => {
    const service = createUsersService({ db: ctx.db });
    // Every admin but one demoted for this check, then restored.
    const others = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    await ctx.db
      .update(users)
      .set({ role: 'other' })
      .where(sql`${users.role} = 'admin' and ${users.id} <> ${admin.id}`);
    try {
      await expect(service.remove({ id: -1 }, admin.id)).rejects.toThrow(/last admin/);
      expect((await ctx.db.select().from(users).where(eq(users.id, admin.id))).length).toBe(1);
    } finally {
      for (const o of others) await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, o.id));
    }
  });

  it('another admin can be deleted', async () => {
    const second = await signedIn({ role: 'admin' });
    expect((await ctx.api('DELETE', `/api/users/${second.id}`, undefined, as(admin))).statusCode).toBe(200);
  });

  it('a failure in the middle deletes nothing', async () => {
    const victim = await signedIn();
    await createRecipe(ctx.db, { ownerId: victim.id });
    await createOven(ctx.db, victim.id);
    await ctx.db.execute(
      sql.raw(`create or replace function refuse_oven_delete() returns trigger language plpgsql as $$
        begin if old.owner_id = ${victim.id} then raise exception 'disk full'; end if; return old; end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        'create trigger refuse_oven_delete before delete on ovens for each row execute function refuse_oven_delete()',
      ),
    );
    try {
      const res = await ctx.api('DELETE', `/api/users/${victim.id}`, undefined, as(admin));
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger refuse_oven_delete on ovens'));
      await ctx.db.execute(sql.raw('drop function refuse_oven_delete()'));
    }
    expect((await ctx.db.select().from(users).where(eq(users.id, victim.id))).length).toBe(1);
    expect((await ctx.db.select().from(recipes).where(eq(recipes.teamId, victim.teamId!))).length).toBe(1);
    expect((await ctx.db.select().from(ovens).where(eq(ovens.teamId, victim.teamId!))).length).toBe(1);
  });

  it('answers 404 for a user who is not there', async () => {
    expect((await ctx.api('DELETE', '/api/users/999999', undefined, as(admin))).statusCode).toBe(404);
  });
});
