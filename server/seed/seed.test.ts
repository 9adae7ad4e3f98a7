import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVEN_TYPES } from '../../shared/domain/oven-models';
import { recipes, users } from '../db/schema/index';
import { createTestContext, type TestContext } from '../test/harness';
import { DEMO_ACCOUNTS, seedDemoUsers } from './demo-users';
import { LIBRARY_NAMES, libraryRecipes, seedLibrary } from './library-recipes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('seeding', () => {
  it('the library has at least 60 valid recipes covering every oven type, none with a cut name', () => {
    const list = libraryRecipes();
    for (const r of list) expect(LIBRARY_NAMES.has(r.name), r.name).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(60);
    for (const type of OVEN_TYPES)
      expect(list.filter((r) => r.oven_type === type).length).toBeGreaterThanOrEqual(10);
  });

  it('seeds the library and the demo accounts once, however often it runs', async () => {
    expect(await seedLibrary(ctx.db)).toBeGreaterThanOrEqual(60);
    expect(await seedLibrary(ctx.db)).toBe(0);
    await seedDemoUsers(ctx.db);
    await seedDemoUsers(ctx.db);
    const lib = await ctx.db.select({ id: recipes.id }).from(recipes).where(isNull(recipes.teamId));
    expect(lib.length).toBe(libraryRecipes().length);
    const accounts = await ctx.db.select().from(users);
    expect(accounts.map((u) => u.username).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
    const login = await ctx.api('POST', '/api/login', { username: 'demo', password: 'hearth-demo-2026' });
    expect(login.statusCode).toBe(200);
    const list = await ctx.api('GET', '/api/recipes?owner=provider', undefined, {
      token: login.json<{ token: string }>().token,
    });
    expect(list.json()).toMatchObject({ total: lib.length });
  });
});
