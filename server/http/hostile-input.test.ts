import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '../../shared/contracts/common';
import { createRecipe, createUser, recipeBody } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let token: string;
let mine: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db);
  token = (await ctx.api('POST', '/api/login', { username: user.username, password: user.password })).json<{
    token: string;
  }>().token;
  mine = (await createRecipe(ctx.db, { ownerId: user.id })).id;
});
afterAll(() => ctx?.close());

const zodJargon = /expected|received|nonoptional|must match pattern|Invalid input|\/\^/;

describe('CSRF', () => {
  it.each(['/%61pi/users/1', '/api/users/1', '/API/users/1', '/api//users/1'])(
    'refuses an unsafe request without the token on %s',
    async (url) => {
      const res = await ctx.api('PUT', url, { username: 'x' }, { token, csrf: false });
      expect(res.statusCode).toBe(419);
    },
  );
});

describe('sizes', () => {
  it('refuses a recipe with 250,000 stages at once, with a short answer', async () => {
    const stages = Array.from({ length: 250_000 }, (_, i) => ({ order: i + 1, minutes: '01', temp: 450 }));
    const res = await ctx.api('POST', '/api/recipes', recipeBody({ stages }), { token });
    expect([413, 422]).toContain(res.statusCode);
    expect(res.body.length).toBeLessThan(2000);
  });

  it('refuses 10,000 bad stages with a capped list of errors', async () => {
    const stages = Array.from({ length: 3 }, () => ({ order: 'x', temp: 'y', minutes: -1, seconds: 'z' }));
    const res = await ctx.api('POST', '/api/recipes', recipeBody({ stages, events: [{}, {}] }), { token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).length).toBeLessThanOrEqual(20);
  });

  it('answers 413 naming the limit for a body over 1 MB on an ordinary route', async () => {
    const res = await ctx.api('PUT', '/api/users/1', { username: 'x'.repeat(1_200_000) }, { token });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe('The request is too large: it may be at most 1 MB.');
  });

  it('takes a recipe with a 5 MB photo (its route has its own, larger limit)', async () => {
    const png = Buffer.alloc(4.5 * 1024 * 1024);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    const res = await ctx.api(
      'POST',
      '/api/recipes',
      recipeBody({ name: 'Big Photo', image: `data:image/png;base64,${png.toString('base64')}` }),
      { token },
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('characters and numbers the database cannot take', () => {
  it.each([
    ['name', { name: 'Pizza\u0000' }],
    ['product_name', { product_name: 'P\u0000' }],
    ['ingredients', { ingredients: 'flour\u0000' }],
    ['events.0.name', { events: [{ name: 'Ro\u0000tate', minutes: 0, seconds: 30 }] }],
  ])('a NUL character in %s is a 422 naming it', async (field, patch) => {
    const res = await ctx.api('POST', '/api/recipes', recipeBody(patch), { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]?.[0]).toMatch(
      /may not contain the NUL character/,
    );
  });

  it.each([
    ['/api/recipes?owner=community&search=piz%00za', 'search'],
    ['/api/recipes/%00', 'id'],
  ])('a NUL character in %s is a 422 naming %s', async (url, field) => {
    const res = await ctx.api('GET', url, undefined, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty([field]);
  });

  it('a NUL character in the log-in name is a 422, not a database error', async () => {
    const res = await ctx.api('POST', '/api/login', { username: 'ad\u0000min', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: object }>().errors).toHaveProperty('username');
  });

  it.each([String(MAX_ID + 1), '99999999999', '0x10', '1e3', '-1', '0', '1.5', ' 7'])(
    'a recipe id of %j is a 422 naming the id',
    async (id) => {
      const res = await ctx.api('GET', `/api/recipes/${encodeURIComponent(id)}`, undefined, { token });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(
        'The recipe id must be a whole number from 1 to 2147483647.',
      );
    },
  );

  it('the largest id is a plain 404', async () => {
    const res = await ctx.api('GET', `/api/recipes/${MAX_ID}`, undefined, { token });
    expect(res.statusCode).toBe(404);
  });

  it.each([[MAX_ID + 1], [-5], ['7'], [1.5]])(
    'a bulk-delete id of %j is a 422 and deletes nothing',
    async (bad) => {
      const res = await ctx.api('DELETE', '/api/recipes/bulk-delete', { data: [mine, bad] }, { token });
      expect(res.statusCode).toBe(422);
      expect((await ctx.api('GET', `/api/recipes/${mine}`, undefined, { token })).statusCode).toBe(200);
    },
  );

  it.each(['0x2', '1e1', '-3', '2147483648'])('a page of %j is a 422', async (page) => {
    const res = await ctx.api('GET', `/api/recipes?owner=community&page=${page}`, undefined, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: object }>().errors).toHaveProperty('page');
  });

  it('a stage with negative minutes is refused, not saved as 00', async () => {
    const res = await ctx.api(
      'POST',
      '/api/recipes',
      recipeBody({ stages: [{ order: 1, minutes: -3, seconds: '30', temp: 450 }] }),
      { token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['stages.0.minutes']).toEqual([
      'Minutes must be between 0 and 99.',
    ]);
  });
});

describe('messages a person can read', () => {
  it.each([
    [{}, 'name'],
    [{ stages: [{}] }, 'stages.0.order'],
    [{ set_temp: { a: 1 }, icon: 7, category: ['x'] }, 'icon'],
    [{ events: 'soon' }, 'events'],
  ])('no zod jargon or regular expression in the answer to %j', async (patch, field) => {
    const body = { ...recipeBody(), ...patch };
    if ('name' in patch === false && Object.keys(patch).length === 0)
      delete (body as Record<string, unknown>).name;
    const res = await ctx.api('POST', '/api/recipes', body, { token });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors).toHaveProperty([field]);
    for (const messages of Object.values(errors)) for (const m of messages) expect(m).not.toMatch(zodJargon);
  });

  it('malformed JSON is a 400 that says so', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: '{"username": "a", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is not valid JSON.',
      key: 'ruleMessages.notJson',
      params: {},
    });
  });

  it('a __proto__ key is dropped like any unused key: the request is judged on its fields, not as broken JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: '{"username": "a", "__proto__": {"password": "x"}}',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('password');
    expect(({} as Record<string, unknown>).password).toBeUndefined();
  });
});
