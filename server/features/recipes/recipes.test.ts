import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE_DEFAULTS } from '../../../shared/domain/stage';
import { createActivityRecorder } from '../../db/activity-store';
import { recipeImages, recipes } from '../../db/schema/index';
import { createRecipe, createSession, createUser, recipeBody } from '../../test/factories';
import { createTestContext, jobResult, type TestContext } from '../../test/harness';
import { pdfToText } from '../../test/pdf-text';
import { createRecipesService } from './recipes.service';

let ctx: TestContext;
let user: { id: number; token: string };
let other: { id: number; token: string };
let admin: { id: number; token: string };

async function loggedIn(role: 'admin' | 'other' = 'other') {
  const u = await createUser(ctx.db, { role });
  const res = await ctx.api('POST', '/api/login', { username: u.username, password: u.password });
  return { id: u.id, token: res.json<{ token: string }>().token };
}

beforeAll(async () => {
  // No job sweeps while counting statements (the library's list): only the list's own (a sweep landed in one
  // count on PostgreSQL).
  ctx = await createTestContext({ jobPollMs: 3_600_000 });
  user = await loggedIn();
  other = await loggedIn();
  admin = await loggedIn('admin');
});
afterAll(() => ctx?.close());

type Page = {
  data: { id: number; name: string; oven_type: string; category: string; owner: string }[];
  total: number;
  from: number | null;
  to: number | null;
  current_page: number;
  last_page: number;
  per_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  links: { label: string; active: boolean }[];
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pngDataUrl = `data:image/png;base64,${PNG.toString('base64')}`;

describe('authorization on every recipe endpoint', () => {
  it.each([
    ['GET', '/api/recipes'],
    ['GET', '/api/recipes/user?user_id=1'],
    ['GET', '/api/recipes/1'],
    ['POST', '/api/recipes'],
    ['PUT', '/api/recipes/1'],
    ['DELETE', '/api/recipes/1'],
    ['POST', '/api/recipes/clone/1/0'],
    ['DELETE', '/api/recipes/bulk-delete'],
    ['GET', '/api/createpdfs'],
    ['GET', '/api/createpdfs/1'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await ctx.api(method, url, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
  });

  it("GET /api/recipes/user is for admins only and lists that user's recipes", async () => {
    await createRecipe(ctx.db, { ownerId: other.id, name: 'Others Secret' });
    expect(
      (await ctx.api('GET', `/api/recipes/user?user_id=${other.id}`, undefined, { token: user.token }))
        .statusCode,
    ).toBe(403);
    const res = await ctx.api('GET', `/api/recipes/user?user_id=${other.id}`, undefined, {
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Page>().data.map((r) => r.name)).toContain('Others Secret');
  });

  it("nobody reads another user's recipe by guessing its id (404); admins may read it", async () => {
    const theirs = await createRecipe(ctx.db, { ownerId: other.id });
    const res = await ctx.api('GET', `/api/recipes/${theirs.id}`, undefined, { token: user.token });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(theirs.name);
    expect(
      (await ctx.api('GET', `/api/recipes/${theirs.id}`, undefined, { token: admin.token })).statusCode,
    ).toBe(200);
    for (const [method, url] of [
      ['PUT', `/api/recipes/${theirs.id}`],
      ['DELETE', `/api/recipes/${theirs.id}`],
      ['POST', `/api/recipes/clone/${theirs.id}/0`],
      ['POST', `/api/recipes/clone/${theirs.id}/1`],
      ['GET', `/api/createpdfs/${theirs.id}`],
    ] as const) {
      const r = await ctx.api(method, url, method === 'PUT' ? recipeBody() : undefined, {
        token: user.token,
      });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    const [still] = await ctx.db.select().from(recipes).where(eq(recipes.id, theirs.id));
    expect(still?.name).toBe(theirs.name);
  });

  it('the library is read by everyone but changed only by admins', async () => {
    const lib = await createRecipe(ctx.db, { ownerId: null, name: 'Library Pie' });
    expect(
      (await ctx.api('GET', `/api/recipes/${lib.id}`, undefined, { token: user.token })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.api('PUT', `/api/recipes/${lib.id}`, recipeBody(), { token: user.token })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.api('DELETE', `/api/recipes/${lib.id}`, undefined, { token: user.token })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.api('POST', `/api/recipes/clone/${lib.id}/1`, undefined, { token: user.token })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.api('POST', '/api/recipes', recipeBody({ scope: 'provider' }), { token: user.token }))
        .statusCode,
    ).toBe(403);
    const upd = await ctx.api('PUT', `/api/recipes/${lib.id}`, recipeBody({ name: 'Library Pie 2' }), {
      token: admin.token,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ data: { name: 'Library Pie 2', owner: 'provider' } });
    const made = await ctx.api('POST', '/api/recipes', recipeBody({ scope: 'provider', name: 'Admin Pie' }), {
      token: admin.token,
    });
    expect(made.json()).toMatchObject({ data: { owner: 'provider' } });
  });
});

describe('create, read, update, delete', () => {
  it('creates a recipe with every field, normalized, and reads it back', async () => {
    const res = await ctx.api(
      'POST',
      '/api/recipes',
      recipeBody({ name: '  Crispy Calzone Supreme Deluxe ' }),
      { token: user.token },
    );
    expect(res.statusCode).toBe(201);
    const data = res.json<{ data: Record<string, unknown> & { id: number } }>().data;
    expect(data).toMatchObject({
      name: 'Crispy Calzone S',
      owner: 'community',
      oven_type: 'Matchbox 1718/1313',
      set_temp: 475,
      starting_state: 'Frozen',
      ingredients: 'Dough, ricotta, mozzarella',
      stages: [
        { order: 1, minutes: '01', seconds: '30', temp: 475, percent_air_top: 60, force_vent_open: false },
        { order: 2, minutes: '00', seconds: '45', temp: 500, percent_air_top: 10, force_vent_open: true },
      ],
      events: [{ name: 'Rotate', minutes: 1, seconds: 0 }],
      image_url: null,
    });
    const read = await ctx.api('GET', `/api/recipes/${data.id}`, undefined, { token: user.token });
    expect(read.json<{ data: unknown }>().data).toEqual(data);
  });

  it.each([
    [{ name: '' }, 'name', 'Please enter a valid recipe name'],
    [
      { name: 'Pizza!' },
      'name',
      'Please enter a valid recipe name: use letters, numbers, spaces, _ - and " only. "!" cannot be shown on the oven.',
    ],
    [{ oven_type: 'Toaster' }, 'oven_type', 'Please select an oven type to start'],
    [{ set_temp: 0 }, 'set_temp', 'Set Temp cannot be 0.'],
    [{ set_temp: 1000 }, 'set_temp', 'Set Temp cannot be 0.'],
    [{ product_name: '' }, 'product_name', 'Product name is required.'],
    [
      { category: 'Soup' },
      'category',
      'Choose a category: Bakery, Dairy, Pizza, Protein, Starches, Vegetable, Imported.',
    ],
    [{ stages: [] }, 'stages', 'Add at least one cooking stage.'],
    [
      { stages: [{ order: 1, minutes: '00', seconds: '04', temp: 475 }] },
      'stages.0.seconds',
      'A stage must last at least 5 seconds.',
    ],
    [
      {
        stages: [
          { order: 1, minutes: '01', seconds: '00', temp: 475 },
          { order: 2, minutes: '01', seconds: '00', temp: 526 },
        ],
      },
      'stages.1.temp',
      'Temperature must be between 250 and 525 °F.',
    ],
    [
      {
        stages: [
          { order: 1, minutes: '01', seconds: '00', temp: 400 },
          { order: 2, minutes: '01', seconds: '00', temp: 451 },
        ],
      },
      'stages.1.temp',
      'The temperature is too far from previous stage. Please edit stage to correct it.',
    ],
    [
      {
        events: [
          { name: 'A', minutes: 0, seconds: 5 },
          { name: 'B', minutes: 0, seconds: 6 },
          { name: 'C', minutes: 0, seconds: 7 },
        ],
      },
      'events',
      'A recipe can have at most 2 events.',
    ],
    [
      { image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      'image',
      'The image must be a PNG or JPEG file.',
    ],
    [
      { image: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` },
      'image',
      'The image must be a PNG or JPEG file.',
    ],
  ])('refuses %j with a message on %s and writes nothing', async (patch, field, message) => {
    const before = (await ctx.db.select({ id: recipes.id }).from(recipes)).length;
    const res = await ctx.api('POST', '/api/recipes', recipeBody(patch), { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(message);
    expect((await ctx.db.select({ id: recipes.id }).from(recipes)).length).toBe(before);
  });

  it('says each refused field by key and values beside its English, for every client to say it', async () => {
    const stages = [{ ...STAGE_DEFAULTS, order: 1, minutes: '02', temp: 9000 }];
    const res = await ctx.api('POST', '/api/recipes', recipeBody({ stages, product_name: '' }), {
      token: user.token,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<{
      key: string;
      issues: { path: string; key: string; params: object; message: string }[];
    }>();
    expect(body.issues).toEqual(
      expect.arrayContaining([
        {
          path: 'stages.0.temp',
          key: 'ruleMessages.tempRange',
          params: {
            min: { degrees: 250, as: 'low' },
            max: { degrees: 525, as: 'high' },
            unit: { degrees: 0, as: 'unit' },
          },
          message: 'Temperature must be between 250 and 525 °F.',
        },
        {
          path: 'product_name',
          key: 'ruleMessages.productNameRequired',
          params: {},
          message: 'Product name is required.',
        },
      ]),
    );
    // The summary is the first problem, said the same way.
    expect(body.issues.map((i) => i.key)).toContain(body.key);
  });

  it('refuses a photo over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await ctx.api(
      'POST',
      '/api/recipes',
      recipeBody({ image: `data:image/png;base64,${big.toString('base64')}` }),
      { token: user.token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.image).toEqual([
      'The image may be at most 5 MB.',
    ]);
  });

  it('stores a photo, serves it with a cache-busting address, replaces and removes it', async () => {
    const made = await ctx.api('POST', '/api/recipes', recipeBody({ image: pngDataUrl }), {
      token: user.token,
    });
    const { id, image_url } = made.json<{ data: { id: number; image_url: string } }>().data;
    expect(image_url).toMatch(/^\/storage\/recipe-images\/[\w-]{20,}\?t=\d+$/);
    const img = await ctx.api('GET', image_url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // Its address changes with the photo: it may be kept, unlike the API's other answers.
    expect(img.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(img.rawPayload).equals(PNG)).toBe(true);

    const kept = await ctx.api('PUT', `/api/recipes/${id}`, recipeBody({ name: 'Renamed' }), {
      token: user.token,
    });
    expect(kept.json<{ data: { image_url: string } }>().data.image_url?.split('?')[0]).toBe(
      image_url.split('?')[0],
    );
    const removed = await ctx.api('PUT', `/api/recipes/${id}`, recipeBody({ image: null }), {
      token: user.token,
    });
    expect(removed.json<{ data: { image_url: null } }>().data.image_url).toBeNull();
    expect((await ctx.api('GET', image_url)).statusCode).toBe(404);
  });

  it('updates replace stages and events; a bad update changes nothing', async () => {
    const made = await ctx.api('POST', '/api/recipes', recipeBody(), { token: user.token });
    const { id } = made.json<{ data: { id: number } }>().data;
    const upd = await ctx.api(
      'PUT',
      `/api/recipes/${id}`,
      recipeBody({ stages: [{ order: 1, minutes: '02', seconds: '00', temp: 450 }], events: [] }),
      { token: user.token },
    );
    expect(upd.json()).toMatchObject({
      data: { stages: [{ order: 1, minutes: '02', temp: 450 }], events: [] },
    });
    const bad = await ctx.api('PUT', `/api/recipes/${id}`, recipeBody({ name: '', stages: [] }), {
      token: user.token,
    });
    expect(bad.statusCode).toBe(422);
    const read = await ctx.api('GET', `/api/recipes/${id}`, undefined, { token: user.token });
    expect(read.json()).toMatchObject({ data: { name: 'Crispy Calzone', stages: [{ temp: 450 }] } });
  });

  it('deletes one recipe and says which', async () => {
    const mine = await createRecipe(ctx.db, { ownerId: user.id, name: 'Short Lived' });
    const res = await ctx.api('DELETE', `/api/recipes/${mine.id}`, undefined, { token: user.token });
    expect(res.json()).toEqual({ deleted: true, data: { id: mine.id, name: 'Short Lived' } });
    expect(
      (await ctx.api('GET', `/api/recipes/${mine.id}`, undefined, { token: user.token })).statusCode,
    ).toBe(404);
  });
});

describe('clone and duplicate', () => {
  it('clone (0) copies a library recipe into My Recipes with its name, stages, events and photo', async () => {
    const made = await ctx.api(
      'POST',
      '/api/recipes',
      recipeBody({ scope: 'provider', name: 'Lib Calzone', image: pngDataUrl }),
      { token: admin.token },
    );
    const lib = made.json<{ data: { id: number; image_url: string; stages: unknown[]; events: unknown[] } }>()
      .data;
    const res = await ctx.api('POST', `/api/recipes/clone/${lib.id}/0`, undefined, { token: user.token });
    expect(res.statusCode).toBe(201);
    const copy = res.json<{
      data: {
        id: number;
        name: string;
        owner: string;
        image_url: string;
        stages: unknown[];
        events: unknown[];
      };
    }>().data;
    expect(copy).toMatchObject({
      name: 'Lib Calzone',
      owner: 'community',
      stages: lib.stages,
      events: lib.events,
    });
    expect(copy.id).not.toBe(lib.id);
    expect(copy.image_url.split('?')[0]).not.toBe(lib.image_url.split('?')[0]);
    const mine = await ctx.api('GET', '/api/recipes?owner=community&search=Lib%20Calzone', undefined, {
      token: user.token,
    });
    expect(mine.json<Page>().data.map((r) => r.id)).toContain(copy.id);
  });

  it("duplicate (1) copies one of yours with the ' Copy' rule", async () => {
    const mine = await createRecipe(ctx.db, { ownerId: user.id, name: 'Pepperoni Pizza' });
    const res = await ctx.api('POST', `/api/recipes/clone/${mine.id}/1`, undefined, { token: user.token });
    expect(res.json()).toMatchObject({ data: { name: 'Pepperon--- Copy', owner: 'community' } });
    const short = await createRecipe(ctx.db, { ownerId: user.id, name: 'Knots' });
    const res2 = await ctx.api('POST', `/api/recipes/clone/${short.id}/1`, undefined, { token: user.token });
    expect(res2.json()).toMatchObject({ data: { name: 'Knots Copy' } });
  });

  it('a stored recipe that breaks a rule is not copied unchecked', async () => {
    const mine = await createRecipe(ctx.db, { ownerId: user.id, name: 'Old Rules' });
    // As if written before the rule: a stage far too short.
    await ctx.db.execute(
      sql`update recipe_stages set minutes = '00', seconds = '02' where recipe_id = ${mine.id}`,
    );
    const res = await ctx.api('POST', `/api/recipes/clone/${mine.id}/1`, undefined, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { 'stages.0.seconds': ['A stage must last at least 5 seconds.'] },
    });
  });

  it('refuses an unknown mode', async () => {
    const mine = await createRecipe(ctx.db, { ownerId: user.id });
    const res = await ctx.api('POST', `/api/recipes/clone/${mine.id}/2`, undefined, { token: user.token });
    expect(res.statusCode).toBe(422);
  });
});

describe('bulk delete is all or nothing', () => {
  it('deletes all of mine', async () => {
    const a = await createRecipe(ctx.db, { ownerId: user.id });
    const b = await createRecipe(ctx.db, { ownerId: user.id });
    const res = await ctx.api(
      'DELETE',
      '/api/recipes/bulk-delete',
      { data: [a.id, b.id] },
      { token: user.token },
    );
    expect(res.json()).toEqual({ deleted: 2 });
    expect(
      await ctx.db
        .select()
        .from(recipes)
        .where(inArray(recipes.id, [a.id, b.id])),
    ).toEqual([]);
  });

  it.each([
    ["another user's", 404],
    ['a library', 403],
    ['a missing', 404],
  ] as const)('one %s id among mine deletes nothing (%i)', async (kind, status) => {
    const a = await createRecipe(ctx.db, { ownerId: user.id });
    const b = await createRecipe(ctx.db, { ownerId: user.id });
    const bad =
      kind === 'a missing'
        ? 99_999_999
        : (await createRecipe(ctx.db, { ownerId: kind === 'a library' ? null : other.id })).id;
    const res = await ctx.api(
      'DELETE',
      '/api/recipes/bulk-delete',
      { data: [a.id, bad, b.id] },
      { token: user.token },
    );
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toMatch(/Nothing was deleted/);
    expect(
      (
        await ctx.db
          .select()
          .from(recipes)
          .where(inArray(recipes.id, [a.id, b.id]))
      ).length,
    ).toBe(2);
  });

  it.each([[{ data: [] }], [{}], [{ data: ['x'] }]])('validates %j', async (body) => {
    const res = await ctx.api('DELETE', '/api/recipes/bulk-delete', body, { token: user.token });
    expect(res.statusCode).toBe(422);
  });
});

describe('list, filters, search and pagination', () => {
  let lister: { id: number; token: string };
  beforeAll(async () => {
    lister = await loggedIn();
    // 30 of this user's recipes: 3 oven types × 2 categories × 5, names sortable.
    const types = ['Matchbox 1718/1313', 'Shuttle 1200/1600/2000/2600', 'MiLO/Double MiLO'] as const;
    let n = 0;
    for (const oven_type of types) {
      for (const category of ['Pizza', 'Bakery'] as const) {
        for (let i = 0; i < 5; i++) {
          n += 1;
          await createRecipe(ctx.db, {
            ownerId: lister.id,
            oven_type,
            category,
            name: `${category === 'Pizza' ? 'Pie' : 'Bun'} ${String(n).padStart(2, '0')}`,
            stages: [
              { order: 1, minutes: '01', seconds: '00', temp: oven_type.startsWith('MiLO') ? 400 : 450 },
            ],
          });
        }
      }
    }
    await createRecipe(ctx.db, { ownerId: lister.id, name: '100 Rye_bread' });
  });
  const list = (q: string) =>
    ctx.api('GET', `/api/recipes?owner=community&${q}`, undefined, { token: lister.token });

  it('pages by 12 with Laravel fields, ordered by name', async () => {
    const p1 = (await list('page=1')).json<Page>();
    expect(p1).toMatchObject({
      current_page: 1,
      per_page: 12,
      total: 31,
      from: 1,
      to: 12,
      last_page: 3,
      prev_page_url: null,
    });
    expect(p1.next_page_url).toMatch(/\/api\/recipes\?owner=community&page=2$/);
    expect(p1.data[0]!.name).toBe('100 Rye_bread');
    expect(p1.links.map((l) => l.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
    const p3 = (await list('page=3')).json<Page>();
    expect(p3).toMatchObject({ from: 25, to: 31, next_page_url: null });
    expect(p3.data).toHaveLength(7);
    const beyond = (await list('page=9')).json<Page>();
    expect(beyond).toMatchObject({ data: [], from: null, to: null, total: 31 });
    expect((await list('page=0')).statusCode).toBe(422);
    expect((await list('page=x')).statusCode).toBe(422);
  });

  it('orders names with their numbers by value and case aside: "pizza 1", "Pizza 2", "Pizza 10"', async () => {
    const cook = await loggedIn();
    for (const name of ['Pizza 10', 'Pizza 2', 'pizza 1'])
      await createRecipe(ctx.db, { ownerId: cook.id, name });
    const page = (
      await ctx.api('GET', '/api/recipes?owner=community&page=1', undefined, { token: cook.token })
    ).json<Page>();
    expect(page.data.map((r) => r.name)).toEqual(['pizza 1', 'Pizza 2', 'Pizza 10']);
    expect(Object.keys(page.data[0]!)).not.toContain('sort_key');
  });

  it('filters by ovens and categories (All or comma-joined) and searches, combined', async () => {
    expect((await list('ovens=All&categories=All')).json<Page>().total).toBe(31);
    const shuttlePizza = (
      await list(`ovens=${encodeURIComponent('Shuttle 1200/1600/2000/2600')}&categories=Pizza`)
    ).json<Page>();
    expect(shuttlePizza.total).toBe(5);
    expect(shuttlePizza.data.every((r) => r.oven_type.startsWith('Shuttle') && r.category === 'Pizza')).toBe(
      true,
    );
    const two = (
      await list(
        `ovens=${encodeURIComponent('Shuttle 1200/1600/2000/2600,MiLO/Double MiLO')}&categories=Bakery&search=bun%201`,
      )
    ).json<Page>();
    expect(two.data.map((r) => r.name)).toEqual(['Bun 16', 'Bun 17', 'Bun 18', 'Bun 19']);
    expect((await list('search=PIE%2003')).json<Page>().data.map((r) => r.name)).toEqual(['Pie 03']);
    // LIKE wildcards in the search are plain characters.
    expect((await list('search=%25')).json<Page>().total).toBe(0);
    expect((await list('search=_')).json<Page>().data.map((r) => r.name)).toEqual(['100 Rye_bread']);
    expect((await list('search=nothing-like-this')).json<Page>()).toMatchObject({
      total: 0,
      data: [],
      from: null,
    });
  });

  // A recipe's name holds no accents (the oven cannot show them), but a cook types them: "crème" finds "Creme".
  it('searches names with case and accents aside, as kitchens type them', async () => {
    const cook = await loggedIn();
    for (const name of ['Creme Brulee', 'CAFE Latte', 'Plain Bun'])
      await createRecipe(ctx.db, { ownerId: cook.id, name });
    const found = async (search: string) =>
      (
        await ctx.api('GET', `/api/recipes?owner=community&search=${encodeURIComponent(search)}`, undefined, {
          token: cook.token,
        })
      )
        .json<Page>()
        .data.map((r) => r.name);
    expect(await found('crème brûlée')).toEqual(['Creme Brulee']);
    expect(await found('Café')).toEqual(['CAFE Latte']);
    expect(await found('cafe')).toEqual(['CAFE Latte']);
  });

  it('refuses unknown filter values with a clear message', async () => {
    const res = await list('ovens=Toaster');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe('Unknown oven type: Toaster.');
    expect(
      (await ctx.api('GET', '/api/recipes?owner=everyone', undefined, { token: lister.token })).statusCode,
    ).toBe(422);
  });

  it("owner=community shows only the caller's; owner=provider only the library", async () => {
    const mine = (await list('page=1')).json<Page>();
    expect(mine.data.every((r) => r.owner === 'community')).toBe(true);
    const lib = (
      await ctx.api('GET', '/api/recipes?owner=provider', undefined, { token: lister.token })
    ).json<Page>();
    expect(lib.data.every((r) => r.owner === 'provider')).toBe(true);
  });
});

describe("the library's list under many readers", () => {
  // After a library change every reader asks pages no one has read since: twenty at once ran twenty page reads.
  it('reads a page many ask at once, and its version, once for all of them', async () => {
    await createRecipe(ctx.db, { name: 'Shared Page Bun' });
    const recipesService = createRecipesService({
      db: ctx.db,
      activity: createActivityRecorder({ db: ctx.db, timeZone: 'UTC' }),
    });
    const filters = { ovens: 'All' as const, categories: 'All' as const, search: 'shared page' };
    const before = ctx.database.statements();
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => recipesService.list({ owner: 'library', filters, page: 1 })),
    );
    // The version read out when the first asked, the one after it for the rest, then the page and its count.
    expect(ctx.database.statements() - before).toBeLessThanOrEqual(4);
    expect(new Set(pages.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(pages[0]!.data.map((r) => r.name)).toEqual(['Shared Page Bun']);
  });

  it('counts a search once for every filter of models and categories, each total exact', async () => {
    const kinds = [
      ['Matchbox 1718/1313', 'Pizza'],
      ['Matchbox 1718/1313', 'Bakery'],
      ['MiSA', 'Pizza'],
      ['MiSA', 'Protein'],
      ['Shuttle 1200/1600/2000/2600', 'Pizza'],
    ] as const;
    for (const [i, [oven_type, category]] of kinds.entries())
      for (let n = 0; n <= i; n++)
        await createRecipe(ctx.db, { name: `Tally ${i}${n}`, oven_type, category });
    const recipesService = createRecipesService({
      db: ctx.db,
      activity: createActivityRecorder({ db: ctx.db, timeZone: 'UTC' }),
    });
    const ask = (ovens: string[] | 'All', categories: string[] | 'All') =>
      recipesService.list({
        owner: 'library',
        filters: { ovens: ovens as never, categories: categories as never, search: 'tally' },
        page: 1,
      });
    expect((await ask('All', 'All')).total).toBe(15);
    const before = ctx.database.statements();
    expect((await ask(['MiSA'], 'All')).total).toBe(7);
    expect((await ask('All', ['Pizza'])).total).toBe(1 + 3 + 5);
    expect((await ask(['Matchbox 1718/1313', 'MiSA'], ['Pizza', 'Bakery'])).total).toBe(1 + 2 + 3);
    expect((await ask(['MiLO/Double MiLO'], 'All')).total).toBe(0);
    // Four filters: a version read and a page each, no count of their own.
    expect(ctx.database.statements() - before).toBeLessThanOrEqual(8);
  });

  it('a searched library page keeps name order, numbers by value, as an unsearched one', async () => {
    for (const name of ['Zeta Order Bun', 'order bun 10', 'Order Bun 2', 'Alpha Order Bun'])
      await createRecipe(ctx.db, { name });
    const recipesService = createRecipesService({
      db: ctx.db,
      activity: createActivityRecorder({ db: ctx.db, timeZone: 'UTC' }),
    });
    const page = await recipesService.list({
      owner: 'library',
      filters: { ovens: 'All', categories: 'All', search: 'order bun' },
      page: 1,
    });
    expect(page.data.map((r) => r.name)).toEqual([
      'Alpha Order Bun',
      'Order Bun 2',
      'order bun 10',
      'Zeta Order Bun',
    ]);
  });

  it('a library change made after a page was read is in the next answer', async () => {
    const recipesService = createRecipesService({
      db: ctx.db,
      activity: createActivityRecorder({ db: ctx.db, timeZone: 'UTC' }),
    });
    const filters = { ovens: 'All' as const, categories: 'All' as const, search: 'fresh loaf' };
    const ask = () => recipesService.list({ owner: 'library', filters, page: 1 });
    expect((await ask()).total).toBe(0);
    await createRecipe(ctx.db, { name: 'Fresh Loaf' });
    expect((await ask()).data.map((r) => r.name)).toEqual(['Fresh Loaf']);
  });
});

describe('PDFs', () => {
  const pdfText = pdfToText;

  it('one recipe: name, oven type, category, specifications, every stage field, events, preparation', async () => {
    const made = await ctx.api(
      'POST',
      '/api/recipes',
      recipeBody({ name: 'PDF Calzone', image: pngDataUrl }),
      { token: user.token },
    );
    const { id } = made.json<{ data: { id: number } }>().data;
    const prep = await ctx.api('GET', `/api/createpdfs/${id}`, undefined, { token: user.token });
    const { name } = prep.json<{ name: string }>();
    expect(name).toMatch(/^[\w-]{20,}\.pdf$/);
    const file = await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token: user.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="PDF-Calzone.pdf"');
    const text = pdfText(Buffer.from(file.rawPayload));
    for (const s of [
      'PDF Calzone',
      'Matchbox 1718/1313 (MB)',
      'Pizza',
      'Frozen',
      'Calzone 10in',
      '475 °F',
      'Cooking stages',
      'Air bottom %',
      'Microwave %',
      '01:30',
      '500',
      'Open',
      'Rotate',
      'Dough, ricotta, mozzarella',
    ]) {
      expect(text).toContain(s);
    }
  });

  it('all recipes for the current filters, with what was asked for on the first page', async () => {
    await createRecipe(ctx.db, { ownerId: user.id, name: 'Zesty Focaccia', category: 'Bakery' });
    const prep = await ctx.api('GET', '/api/createpdfs?owner=community&categories=Bakery', undefined, {
      token: user.token,
    });
    const { name, total } = prep.json<{ name: string; total: number }>();
    expect(total).toBeGreaterThan(0);
    const done = await jobResult<'recipes-pdf'>(ctx, user.token, prep);
    expect(done).toMatchObject({ name, total });
    const file = await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token: user.token });
    const text = pdfText(Buffer.from(file.rawPayload));
    expect(text).toContain('My Recipes');
    expect(text).toContain('Zesty Focaccia');
    expect(text).toContain(`${total} recipe`);
    expect(text).toContain('all ovens; Bakery');
    expect(text).not.toContain('Crispy Calzone');
  });

  it('draws a PDF once and answers it only to the session that asked', async () => {
    const mine = await createRecipe(ctx.db, { ownerId: user.id, name: 'Once Only' });
    const { name } = (
      await ctx.api('GET', `/api/createpdfs/${mine.id}`, undefined, { token: user.token })
    ).json<{ name: string }>();
    // Drawn already: deleting the recipe does not change what the link serves.
    await ctx.api('DELETE', `/api/recipes/${mine.id}`, undefined, { token: user.token });
    const again = await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token: user.token });
    expect(again.statusCode).toBe(200);
    expect(pdfText(Buffer.from(again.rawPayload))).toContain('Once Only');
    expect((await ctx.api('GET', `/storage/pdf/${name}`)).statusCode).toBe(404);
    const otherSession = await createSession(ctx.db, user.id);
    expect(
      (await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token: otherSession })).statusCode,
    ).toBe(404);
  });

  it('an unknown or expired name is a 404 page', async () => {
    expect((await ctx.api('GET', '/storage/pdf/nope.pdf', undefined, { token: user.token })).statusCode).toBe(
      404,
    );
    const mine = await createRecipe(ctx.db, { ownerId: user.id });
    const { name } = (
      await ctx.api('GET', `/api/createpdfs/${mine.id}`, undefined, { token: user.token })
    ).json<{ name: string }>();
    ctx.clock.advance(16 * 60_000);
    const res = await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token: user.token });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('expired');
  });

  it('photos of deleted recipes are deleted with them', async () => {
    const made = await ctx.api('POST', '/api/recipes', recipeBody({ image: pngDataUrl }), {
      token: user.token,
    });
    const { id } = made.json<{ data: { id: number } }>().data;
    const before = (await ctx.db.select({ id: recipeImages.id }).from(recipeImages)).length;
    await ctx.api('DELETE', `/api/recipes/${id}`, undefined, { token: user.token });
    expect((await ctx.db.select({ id: recipeImages.id }).from(recipeImages)).length).toBe(before - 1);
  });
});
