import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import { menuButtons, ovens, recipes } from '../../db/schema/index';
import { createOven, createRecipe, createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof createUser>> & { token: string };
let cook: Signed;
let other: Signed;

async function signedIn(): Promise<Signed> {
  const user = await createUser(ctx.db);
  const res = await ctx.api('POST', '/api/login', { username: user.username, password: user.password });
  return { ...user, token: res.json<{ token: string }>().token };
}

beforeAll(async () => {
  ctx = await createTestContext();
  cook = await signedIn();
  other = await signedIn();
});
afterAll(() => ctx?.close());

const as = (user: Signed) => ({ token: user.token });
const oven = (res: { json<T>(): T }) => res.json<{ data: OvenDetail }>().data;
const errorsOf = (res: { json<T>(): T }) => res.json<{ errors: Record<string, string[]> }>().errors;

describe('POST /api/ovens', () => {
  it('creates an oven with one empty main screen', async () => {
    const res = await ctx.api(
      'POST',
      '/api/ovens',
      { name: ' Front Line ', type: 'MiSA', warm_ups: [{ name: 'Morning', temperature: '300.7' }] },
      as(cook),
    );
    expect(res.statusCode).toBe(201);
    expect(oven(res)).toMatchObject({
      name: 'Front Line',
      type: 'MiSA',
      warm_ups: [{ name: 'Morning', temperature: 300 }],
      version: 1,
      screens: [{ position: 1, type: 'main', screen_content: [] }],
      can_undo: false,
    });
  });

  it.each([
    [{ name: '', type: 'MiSA' }, 'name', 'Please input a valid oven name'],
    [
      { name: 'X'.repeat(17), type: 'MiSA' },
      'name',
      'Please input a valid oven name: at most 16 characters (this one has 17).',
    ],
    [
      { name: 'Oven #1', type: 'MiSA' },
      'name',
      'Please input a valid oven name. "#" cannot be shown on the oven.',
    ],
    [
      { name: 'Cuisson Été', type: 'MiSA' },
      'name',
      'Please input a valid oven name. "É" cannot be shown on the oven; use "E".',
    ],
    [{ name: 'Line 1' }, 'type', 'Please select an oven type to start'],
    [{ name: 'Line 1', type: 'Toaster' }, 'type', 'Please select an oven type to start'],
    [
      { name: 'Line 1', type: 'Conveyor 2600/2000/1400', warm_ups: [{ name: 'Am', temperature: 300 }] },
      'warm_ups',
      'Conveyor 2600/2000/1400 ovens have no warm-up profiles.',
    ],
    [
      {
        name: 'Line 1',
        type: 'MiSA',
        warm_ups: Array.from({ length: 4 }, () => ({ name: 'Am', temperature: 300 })),
      },
      'warm_ups',
      'An oven has at most 3 warm-up profiles.',
    ],
    [
      { name: 'Line 1', type: 'MiSA', warm_ups: [{ name: 'Hot', temperature: 526 }] },
      'warm_ups.0.temperature',
      'Please enter a valid profile temperature',
    ],
    [
      { name: 'Line 1', type: 'MiSA', warm_ups: [{ name: 'Hot', temperature: '4a5' }] },
      'warm_ups.0.temperature',
      'Please enter a valid profile temperature',
    ],
    [
      { name: 'Line 1', type: 'MiSA', warm_ups: [{ name: 'X'.repeat(25), temperature: 300 }] },
      'warm_ups.0.name',
      'Please enter a valid profile name',
    ],
  ])('refuses %j naming %s, and creates nothing', async (body, field, message) => {
    const before = await ctx.db.select().from(ovens).where(eq(ovens.createdBy, cook.id));
    const res = await ctx.api('POST', '/api/ovens', body, as(cook));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[field]).toContain(message);
    expect(await ctx.db.select().from(ovens).where(eq(ovens.createdBy, cook.id))).toHaveLength(before.length);
  });

  it('takes the warm-up limits at both sides: 3 profiles, the range ends', async () => {
    const res = await ctx.api(
      'POST',
      '/api/ovens',
      {
        name: 'Limits',
        type: 'MiSA',
        warm_ups: [
          { name: 'Low', temperature: 200 },
          { name: 'High', temperature: 525 },
          { name: 'X'.repeat(24), temperature: 300 },
        ],
      },
      as(cook),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('GET /api/ovens', () => {
  it("lists only the user's own ovens, by name, and filters by type", async () => {
    const user = await signedIn();
    await createOven(ctx.db, user.id, { name: 'B Line', type: 'MiSA' });
    await createOven(ctx.db, user.id, { name: 'A Line', type: 'Matchbox 1718/1313' });
    await createOven(ctx.db, other.id, { name: 'Not Mine' });
    const all = await ctx.api('GET', '/api/ovens?ovens=All', undefined, as(user));
    expect(all.json<{ data: { name: string }[] }>().data.map((o) => o.name)).toEqual(['A Line', 'B Line']);
    const misa = await ctx.api('GET', '/api/ovens?ovens=MiSA', undefined, as(user));
    expect(misa.json<{ data: { name: string }[] }>().data.map((o) => o.name)).toEqual(['B Line']);
    const bad = await ctx.api('GET', '/api/ovens?ovens=Toaster', undefined, as(user));
    expect(bad.statusCode).toBe(422);
  });

  it("counts each oven's buttons, categories with them, so an empty menu shows as one", async () => {
    const user = await signedIn();
    const dish = await createRecipe(ctx.db, { ownerId: user.id, name: 'Dish' });
    const base = { icon: 'ICON_PIZZA', color: 'ORANGE_900' as const, favorite: false };
    await createOven(ctx.db, user.id, {
      name: 'Full',
      tree: {
        screens: [
          {
            id: null,
            buttons: [
              {
                ...base,
                id: null,
                kind: 'recipe',
                position: 1,
                recipe: { id: dish.id, name: 'Dish', ovenType: 'Matchbox 1718/1313' },
              },
              {
                ...base,
                id: null,
                kind: 'category',
                position: 2,
                category: {
                  id: null,
                  name: 'Sides',
                  icon: 'ICON_CATEGORY_DEFAULT',
                  pages: [{ id: null, buttons: [] }],
                },
              },
            ],
          },
        ],
      },
    });
    await createOven(ctx.db, user.id, { name: 'Plain' });
    const list = (await ctx.api('GET', '/api/ovens?page=1', undefined, as(user))).json<{
      data: { name: string; recipes: number; buttons: number }[];
    }>().data;
    expect(list.map((o) => [o.name, o.recipes, o.buttons])).toEqual([
      ['Full', 1, 2],
      ['Plain', 0, 0],
    ]);
  });

  it('pages, searches oven and location names, and counts the total without reading every oven', async () => {
    const chef = await signedIn();
    for (const name of ['Bravo', 'alpha', 'Charlie', 'Delta', 'echo'])
      await createOven(ctx.db, chef.id, { name });
    const place = (await ctx.api('POST', '/api/locations', { name: 'Harbour Street' }, as(chef))).json<{
      data: { id: number };
    }>().data;
    const list = (await ctx.api('GET', '/api/ovens?ovens=All', undefined, as(chef))).json<{
      data: { id: number; name: string }[];
      total: number;
    }>();
    const echo = list.data.find((o) => o.name === 'echo')!;
    await ctx.api('POST', `/api/locations/${place.id}/ovens`, { oven_ids: [echo.id] }, as(chef));
    type Page = { data: { name: string }[]; total: number; current_page: number; last_page: number };
    const page = async (q: string) =>
      (await ctx.api('GET', `/api/ovens?${q}`, undefined, as(chef))).json<Page>();
    // The spec's call, without a page: every oven (a small kitchen), by name whatever its case.
    expect(list.data.map((o) => o.name)).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta', 'echo']);
    expect(list.total).toBe(5);
    const second = await page('page=2&per_page=2');
    expect(second).toMatchObject({ total: 5, current_page: 2, last_page: 3 });
    expect(second.data.map((o) => o.name)).toEqual(['Charlie', 'Delta']);
    // A search finds ovens by their name and by their location's.
    expect((await page('search=ARL&page=1')).data.map((o) => o.name)).toEqual(['Charlie']);
    const byPlace = await page('search=harbour&page=1');
    expect([byPlace.total, byPlace.data.map((o) => o.name)]).toEqual([1, ['echo']]);
    const inPlace = await page(`location=${place.id}&page=1`);
    expect([inPlace.total, inPlace.data.map((o) => o.name)]).toEqual([1, ['echo']]);
    const none = await page('search=%25_&page=1');
    expect(none.total).toBe(0);
  });

  it('lists ovens of one name by their store, and the one without a store last', async () => {
    const chef = await signedIn();
    const store = async (name: string) =>
      (await ctx.api('POST', '/api/locations', { name }, as(chef))).json<{ data: { id: number } }>().data.id;
    const zurich = await store('Zurich');
    const bern = await store('Bern');
    const lines: Record<string, number> = {};
    for (const key of ['zurich', 'none', 'bern'])
      lines[key] = (await createOven(ctx.db, chef.id, { name: 'Line 1' })).id;
    await ctx.api('POST', `/api/locations/${zurich}/ovens`, { oven_ids: [lines.zurich] }, as(chef));
    await ctx.api('POST', `/api/locations/${bern}/ovens`, { oven_ids: [lines.bern] }, as(chef));
    const list = (await ctx.api('GET', '/api/ovens?page=1', undefined, as(chef))).json<{
      data: { id: number; location: { name: string } | null }[];
    }>().data;
    expect(list.map((o) => o.location?.name ?? null)).toEqual(['Bern', 'Zurich', null]);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.api('GET', '/api/ovens')).statusCode).toBe(401);
  });
});

describe("another user's oven is not found", () => {
  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['DELETE', ''],
    ['POST', 'clone/'],
  ] as const)('%s /api/ovens/%s{id} answers 404 and changes nothing', async (method, prefix) => {
    const theirs = await createOven(ctx.db, other.id, { name: 'Theirs' });
    const url = prefix ? `/api/ovens/${prefix}${theirs.id}` : `/api/ovens/${theirs.id}`;
    const res = await ctx.api(
      method,
      url,
      method === 'PUT' ? { name: 'Mine now', warm_ups: [] } : undefined,
      as(cook),
    );
    expect(res.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(ovens).where(eq(ovens.id, theirs.id));
    expect(row?.name).toBe('Theirs');
  });

  it('a guessed id answers 404 like any other', async () => {
    expect((await ctx.api('GET', '/api/ovens/99999999', undefined, as(cook))).statusCode).toBe(404);
  });
});

describe('PUT /api/ovens/{id}', () => {
  it("changes the name and warm-ups, checked against the oven's type", async () => {
    const mine = await createOven(ctx.db, cook.id, { type: 'Conveyor 2600/2000/1400' });
    const ok = await ctx.api('PUT', `/api/ovens/${mine.id}`, { name: 'Renamed', warm_ups: [] }, as(cook));
    expect(ok.json()).toMatchObject({ updated: true, data: { name: 'Renamed', version: 2 } });
    const refused = await ctx.api(
      'PUT',
      `/api/ovens/${mine.id}`,
      { name: 'Renamed', warm_ups: [{ name: 'Am', temperature: 300 }] },
      as(cook),
    );
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).warm_ups).toEqual(['Conveyor 2600/2000/1400 ovens have no warm-up profiles.']);
  });
});

describe('DELETE /api/ovens/{id}', () => {
  it('deletes the oven and its menu; its recipes stay', async () => {
    const recipe = await createRecipe(ctx.db, { ownerId: cook.id });
    const mine = await createOven(ctx.db, cook.id);
    await ctx.api(
      'POST',
      '/api/buttons',
      { position: 1, screen_id: mine.screenId, buttonable_id: recipe.id, buttonable_type: 'Recipe' },
      as(cook),
    );
    const res = await ctx.api('DELETE', `/api/ovens/${mine.id}`, undefined, as(cook));
    expect(res.json()).toEqual({ deleted: true, data: { id: mine.id, name: mine.name } });
    expect(await ctx.db.select().from(menuButtons).where(eq(menuButtons.ovenId, mine.id))).toEqual([]);
    expect(await ctx.db.select().from(recipes).where(eq(recipes.id, recipe.id))).toHaveLength(1);
  });
});

describe('POST /api/ovens/clone/{id}', () => {
  it('copies the whole menu with the same recipes, as "… Copy", independent of the original', async () => {
    const recipe = await createRecipe(ctx.db, { ownerId: cook.id });
    const source = await createOven(ctx.db, cook.id, { name: 'Front Line' });
    await ctx.api(
      'POST',
      '/api/buttons',
      { position: 3, screen_id: source.screenId, buttonable_id: recipe.id, buttonable_type: 'Recipe' },
      as(cook),
    );
    const cat = await ctx.api(
      'POST',
      '/api/categories',
      { name: 'Sides', oven_id: source.id, screen_id: source.screenId },
      as(cook),
    );
    const page = oven(cat).screens[0]!.screen_content.find((b) => b.type === 'category')!.data!.pages[0]!
      .screen_id;
    await ctx.api(
      'POST',
      '/api/buttons',
      { position: 1, screen_id: page, buttonable_id: recipe.id, buttonable_type: 'Recipe' },
      as(cook),
    );

    const res = await ctx.api('POST', `/api/ovens/clone/${source.id}`, undefined, as(cook));
    expect(res.statusCode).toBe(201);
    const copy = oven(res);
    const original = oven(await ctx.api('GET', `/api/ovens/${source.id}`, undefined, as(cook)));
    expect(copy.name).toBe('Front Line Copy');
    const shape = (o: OvenDetail) =>
      JSON.parse(
        JSON.stringify(o.screens, (k, v) => (['id', 'screen_id', 'category_id'].includes(k) ? undefined : v)),
      );
    expect(shape(copy)).toEqual(shape(original));
    expect(copy.screens[0]!.screen_id).not.toBe(original.screens[0]!.screen_id);

    const button = copy.screens[0]!.screen_content.find((b) => b.type === 'recipe')!;
    await ctx.api('DELETE', `/api/buttons/${button.id}`, undefined, as(cook));
    const after = oven(await ctx.api('GET', `/api/ovens/${source.id}`, undefined, as(cook)));
    expect(shape(after)).toEqual(shape(original));
  });

  it('shortens a long name to "--- Copy"', async () => {
    const source = await createOven(ctx.db, cook.id, { name: 'Sixteen chars ok' });
    const res = await ctx.api('POST', `/api/ovens/clone/${source.id}`, undefined, as(cook));
    expect(oven(res).name).toBe('Sixteen--- Copy');
  });
});
