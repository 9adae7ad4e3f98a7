/**
 * Every route the server registers × {guest, owner, another user, admin}, with the status each must get. The routes
 * are read from the app itself: a new route without a row here fails the first test. Each request carries a fresh
 * session (a logout in one row cannot disturb the next), and rows that destroy something build their own.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvenDetail } from '../../shared/contracts/ovens';
import type { ImportStats, SettingsDownload } from '../../shared/contracts/settings-files';
import { createOven, createRecipe, createSession, createUser, recipeBody } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

type Role = 'guest' | 'owner' | 'other' | 'admin';
const ROLES: Role[] = ['guest', 'owner', 'other', 'admin'];
type User = Awaited<ReturnType<typeof createUser>>;

let ctx: TestContext;
let owner: User;
let other: User;
let admin: User;
/** The owner's things, which the others try to reach. */
const the = {} as {
  recipe: number;
  imageId: string;
  oven: OvenDetail;
  pdfName: string;
  download: string;
  session: string;
  job: number;
  outboxId: number;
  versionId: number;
  location: number;
  template: number;
};
let unique = 0;
const uniqueName = (prefix: string) => `${prefix} ${++unique}`;

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const golden = readFileSync(
  new URL('../../shared/domain/settings-file/fixtures/example-mb.ai2', import.meta.url),
  'utf8',
);
const STRANGER_IP = '203.0.113.50';

async function tokenOf(role: Role): Promise<string | undefined> {
  if (role === 'guest') return undefined;
  return createSession(ctx.db, { owner, other, admin }[role].id);
}
async function call(role: Role, method: string, url: string, body?: unknown) {
  const token = await tokenOf(role);
  return ctx.api(method as 'GET', url, body, { ...(token ? { token } : {}), ip: STRANGER_IP });
}
async function ownerApi<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call('owner', method, url, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}
const firstScreen = (o: OvenDetail) => o.screens[0]!;
const categoryButton = (o: OvenDetail) => firstScreen(o).screen_content.find((b) => b.type === 'category')!;
const recipeButton = (o: OvenDetail) => firstScreen(o).screen_content.find((b) => b.type === 'recipe')!;
/** A fresh imported oven of the owner's (for rows that change or delete it). */
async function freshOven(): Promise<OvenDetail> {
  const stats = await ownerApi<ImportStats>('POST', '/api/files', {
    oven_name: 'Matrix',
    oven_type: 'Matchbox 1718/1313',
    data: golden,
  });
  return (await ownerApi<{ data: OvenDetail }>('GET', `/api/ovens/${stats.oven.id}`)).data;
}

interface Row {
  /** The request, built anew for each role (so destructive rows have something to destroy). */
  request(): Promise<{ url: string; body?: unknown }>;
  expect: Record<Role, number>;
  /** The owner calls with the session that prepared the thing (a download), not a fresh one. */
  preparedBy?: 'session';
}
const same = (status: number): Record<Role, number> => ({
  guest: status,
  owner: status,
  other: status,
  admin: status,
});
const users = (ok: number): Record<Role, number> => ({ guest: 401, owner: ok, other: ok, admin: ok });
/** Only the owner reaches it; the others learn nothing of it (404), the admin included. */
const ownerOnly = (ok: number): Record<Role, number> => ({ guest: 401, owner: ok, other: 404, admin: 404 });
const adminOnly = (ok: number): Record<Role, number> => ({ guest: 401, owner: 403, other: 403, admin: ok });

const fixed = (url: string, body?: unknown) => async () => ({ url, body });
const fixedBody = (url: string, body: () => unknown) => async () => ({ url, body: body() });

const MATRIX: Record<string, Row> = {
  'GET /api/health': { request: fixed('/api/health'), expect: same(200) },
  'GET /api/ready': { request: fixed('/api/ready'), expect: same(200) },
  'GET /api/config': { request: fixed('/api/config'), expect: same(200) },
  'GET /api/outbox': { request: fixed('/api/outbox'), expect: same(200) },
  'GET /api/outbox/:id/attachments/:position': {
    request: async () => ({ url: `/api/outbox/${the.outboxId}/attachments/1` }),
    expect: { guest: 404, owner: 200, other: 404, admin: 200 },
  },
  'GET /guides/usb/:guide': { request: fixed('/guides/usb/milo-misa.pdf'), expect: same(200) },

  // Accounts: the public forms answer everyone alike (here an empty form: 422).
  'POST /api/login': { request: fixed('/api/login', {}), expect: same(422) },
  'POST /api/register': { request: fixed('/api/register', {}), expect: same(422) },
  'POST /api/password/email': { request: fixed('/api/password/email', {}), expect: same(422) },
  'POST /api/password/reset': { request: fixed('/api/password/reset', {}), expect: same(422) },
  'POST /api/verify-account': { request: fixed('/api/verify-account', {}), expect: same(422) },
  'POST /api/verify-account/resend': { request: fixed('/api/verify-account/resend', {}), expect: same(422) },
  'GET /api/auth/check': { request: fixed('/api/auth/check'), expect: users(200) },
  'POST /api/logout': { request: fixed('/api/logout'), expect: users(200) },
  'PUT /api/users/:id': {
    request: async () => ({
      url: `/api/users/${owner.id}`,
      body: {
        username: owner.username,
        company: 'Kept',
        email: owner.email,
        password: '',
        password_confirmation: '',
      },
    }),
    expect: { guest: 401, owner: 200, other: 403, admin: 403 },
  },

  // Admin.
  'GET /api/reports': { request: fixed('/api/reports'), expect: adminOnly(200) },
  'GET /api/users': { request: fixed('/api/users'), expect: adminOnly(200) },
  'GET /api/users/:id': { request: async () => ({ url: `/api/users/${owner.id}` }), expect: adminOnly(200) },
  'DELETE /api/users/:id': {
    request: async () => ({ url: `/api/users/${(await createUser(ctx.db)).id}` }),
    expect: adminOnly(200),
  },
  'GET /api/recipes/user': {
    request: async () => ({ url: `/api/recipes/user?user_id=${owner.id}` }),
    expect: adminOnly(200),
  },

  // Recipes: the owner's; the admin reads any recipe but changes only the library.
  'GET /api/recipes': { request: fixed('/api/recipes?owner=community'), expect: users(200) },
  'POST /api/recipes': {
    request: async () => ({ url: '/api/recipes', body: recipeBody() }),
    expect: users(201),
  },
  'GET /api/recipes/:id': {
    request: async () => ({ url: `/api/recipes/${the.recipe}` }),
    expect: { guest: 401, owner: 200, other: 404, admin: 200 },
  },
  'PUT /api/recipes/:id': {
    request: async () => ({ url: `/api/recipes/${the.recipe}`, body: recipeBody({ name: 'Kept Name' }) }),
    expect: { guest: 401, owner: 200, other: 404, admin: 403 },
  },
  'DELETE /api/recipes/:id': {
    request: async () => ({ url: `/api/recipes/${(await createRecipe(ctx.db, { ownerId: owner.id })).id}` }),
    expect: { guest: 401, owner: 200, other: 404, admin: 403 },
  },
  'DELETE /api/recipes/bulk-delete': {
    request: async () => ({
      url: '/api/recipes/bulk-delete',
      body: { data: [(await createRecipe(ctx.db, { ownerId: owner.id })).id] },
    }),
    expect: { guest: 401, owner: 200, other: 404, admin: 403 },
  },
  'POST /api/recipes/clone/:id/:mode': {
    request: async () => ({ url: `/api/recipes/clone/${the.recipe}/1` }),
    expect: { guest: 401, owner: 201, other: 404, admin: 403 },
  },
  'GET /api/recipes/:id/convert': {
    request: async () => ({ url: `/api/recipes/${the.recipe}/convert?oven_type=MiSA` }),
    expect: { guest: 401, owner: 200, other: 404, admin: 200 },
  },
  'POST /api/recipes/convert': {
    request: fixedBody('/api/recipes/convert', () => ({ ids: [the.recipe], oven_type: 'MiSA' })),
    expect: { guest: 401, owner: 201, other: 404, admin: 201 },
  },
  'GET /api/createpdfs': { request: fixed('/api/createpdfs?owner=community'), expect: users(200) },
  'GET /api/createpdfs/:recipeId': {
    request: async () => ({ url: `/api/createpdfs/${the.recipe}` }),
    expect: { guest: 401, owner: 200, other: 404, admin: 200 },
  },
  // Prepared downloads answer only to the session that asked for them (the owner's `the.session`).
  'GET /storage/pdf/:name': {
    request: async () => ({ url: `/storage/pdf/${the.pdfName}` }),
    expect: { guest: 404, owner: 200, other: 404, admin: 404 },
    preparedBy: 'session',
  },
  'GET /storage/recipe-images/:id': {
    request: async () => ({ url: `/storage/recipe-images/${the.imageId}` }),
    expect: same(200),
  },
  'GET /storage/settings/:token/:file': {
    request: async () => ({ url: `/storage/settings/${the.download}` }),
    expect: { guest: 404, owner: 200, other: 404, admin: 404 },
    preparedBy: 'session',
  },
  'GET /api/jobs/:id': {
    request: async () => ({ url: `/api/jobs/${the.job}` }),
    expect: ownerOnly(200),
  },

  // Ovens and their menus: the owner's alone.
  'GET /api/ovens': { request: fixed('/api/ovens'), expect: users(200) },
  'POST /api/ovens': {
    request: fixed('/api/ovens', { name: 'Mine', type: 'MiSA', warm_ups: [] }),
    expect: users(201),
  },
  'GET /api/ovens/:id': {
    request: async () => ({ url: `/api/ovens/${the.oven.id}` }),
    expect: ownerOnly(200),
  },
  'PUT /api/ovens/:id': {
    request: async () => ({ url: `/api/ovens/${the.oven.id}`, body: { name: 'Matrix', warm_ups: [] } }),
    expect: ownerOnly(200),
  },
  'DELETE /api/ovens/:id': {
    request: async () => ({ url: `/api/ovens/${(await createOven(ctx.db, owner.id)).id}` }),
    expect: ownerOnly(200),
  },
  'POST /api/ovens/clone/:id': {
    request: async () => ({ url: `/api/ovens/clone/${the.oven.id}` }),
    expect: ownerOnly(201),
  },
  'PUT /api/ovens/button-position/:ovenId': {
    request: async () => {
      const oven = await freshOven();
      return {
        url: `/api/ovens/button-position/${oven.id}`,
        body: { screen_id: firstScreen(oven).screen_id, current_position: 1, new_position: 3 },
      };
    },
    expect: ownerOnly(200),
  },
  'POST /api/ovens/:id/undo': {
    request: async () => {
      const oven = await freshOven();
      await ownerApi('PUT', `/api/buttons/${recipeButton(oven).id}`, { is_favorite: false });
      return { url: `/api/ovens/${oven.id}/undo` };
    },
    expect: ownerOnly(200),
  },
  'POST /api/ovens/:id/redo': {
    request: async () => {
      const oven = await freshOven();
      await ownerApi('PUT', `/api/buttons/${recipeButton(oven).id}`, { is_favorite: false });
      await ownerApi('POST', `/api/ovens/${oven.id}/undo`);
      return { url: `/api/ovens/${oven.id}/redo` };
    },
    expect: ownerOnly(200),
  },
  'GET /api/ovens/:id/revisions': {
    request: async () => ({ url: `/api/ovens/${the.oven.id}/revisions` }),
    expect: ownerOnly(200),
  },
  'GET /api/ovens/:kind/:id': {
    request: async () => ({ url: `/api/ovens/settings/${the.oven.id}?email=matrix@example.com` }),
    expect: { guest: 401, owner: 405, other: 405, admin: 405 },
  },
  'POST /api/ovens/:kind/:id': {
    request: async () => ({
      url: `/api/ovens/settings/${the.oven.id}`,
      body: { email: 'matrix@example.com' },
    }),
    expect: ownerOnly(202),
  },
  'GET /api/ovens/:id/versions': {
    request: async () => ({ url: `/api/ovens/${the.oven.id}/versions` }),
    expect: ownerOnly(200),
  },
  'POST /api/ovens/:id/versions': {
    request: async () => ({ url: `/api/ovens/${(await freshOven()).id}/versions`, body: { name: 'Matrix' } }),
    expect: ownerOnly(201),
  },
  'GET /api/ovens/:id/versions/:versionId/diff': {
    request: async () => ({ url: `/api/ovens/${the.oven.id}/versions/${the.versionId}/diff` }),
    expect: ownerOnly(200),
  },
  'POST /api/ovens/:id/versions/:versionId/restore': {
    // Its own oven: a restore gives the menu new rows, which later rows of the shared oven would miss.
    request: async () => {
      const oven = await freshOven();
      const { data } = await ownerApi<{ data: { id: number } }>('POST', `/api/ovens/${oven.id}/versions`, {
        name: 'Restore me',
      });
      return { url: `/api/ovens/${oven.id}/versions/${data.id}/restore` };
    },
    expect: ownerOnly(200),
  },
  'POST /api/screens': {
    request: async () => ({ url: '/api/screens', body: { type: 'main', oven_id: (await freshOven()).id } }),
    expect: ownerOnly(201),
  },
  'DELETE /api/screens/:id': {
    request: async () => ({ url: `/api/screens/${(await freshOven()).screens[1]!.screen_id}` }),
    expect: ownerOnly(200),
  },
  'POST /api/buttons': {
    request: async () => ({
      url: '/api/buttons',
      body: {
        position: 8,
        screen_id: firstScreen(the.oven).screen_id,
        buttonable_id: recipeButton(the.oven).buttonable_id,
        buttonable_type: 'Recipe',
      },
    }),
    expect: ownerOnly(201),
  },
  'PUT /api/buttons/:id': {
    request: async () => ({ url: `/api/buttons/${recipeButton(the.oven).id}`, body: { is_favorite: true } }),
    expect: ownerOnly(200),
  },
  'DELETE /api/buttons/:id': {
    request: async () => ({ url: `/api/buttons/${recipeButton(await freshOven()).id}` }),
    expect: ownerOnly(200),
  },
  'POST /api/categories': {
    request: async () => {
      const oven = await freshOven();
      return {
        url: '/api/categories',
        body: { name: 'Matrix', oven_id: oven.id, screen_id: firstScreen(oven).screen_id },
      };
    },
    expect: ownerOnly(201),
  },
  'PUT /api/categories/:id': {
    request: async () => ({
      url: `/api/categories/${categoryButton(the.oven).data!.category_id}`,
      body: { name: 'Renamed' },
    }),
    expect: ownerOnly(200),
  },

  // Settings files.
  'POST /api/files': {
    request: fixed('/api/files', { oven_name: 'Imported', oven_type: 'Matchbox 1718/1313', data: golden }),
    expect: users(201),
  },
  'POST /api/ovens/:id/check-file': {
    request: async () => ({ url: `/api/ovens/${the.oven.id}/check-file`, body: { data: golden } }),
    expect: ownerOnly(200),
  },
  'POST /api/files/raw': {
    request: fixed('/api/files/raw?oven_name=Raw&oven_type=MiSA'),
    expect: { guest: 401, owner: 422, other: 422, admin: 422 },
  },
  'GET /api/files/:id': {
    request: async () => ({ url: `/api/files/${the.oven.id}` }),
    expect: ownerOnly(200),
  },
  'POST /api/files/zip': {
    request: async () => ({ url: '/api/files/zip', body: { oven_ids: [the.oven.id] } }),
    expect: ownerOnly(202),
  },
  'POST /api/ovens/:id/loaded': {
    request: async () => ({ url: `/api/ovens/${the.oven.id}/loaded` }),
    expect: ownerOnly(200),
  },

  // Locations, the fleet and templates.
  'GET /api/locations': { request: fixed('/api/locations'), expect: users(200) },
  'POST /api/locations': {
    request: async () => ({ url: '/api/locations', body: { name: uniqueName('Store') } }),
    expect: users(201),
  },
  'PUT /api/locations/:id': {
    request: async () => ({ url: `/api/locations/${the.location}`, body: { name: uniqueName('Renamed') } }),
    expect: ownerOnly(200),
  },
  'DELETE /api/locations/:id': {
    request: async () => {
      const { data } = await ownerApi<{ data: { id: number } }>('POST', '/api/locations', {
        name: uniqueName('Gone'),
      });
      return { url: `/api/locations/${data.id}` };
    },
    expect: ownerOnly(200),
  },
  'POST /api/locations/:id/ovens': {
    request: async () => ({ url: `/api/locations/${the.location}/ovens`, body: { oven_ids: [the.oven.id] } }),
    expect: ownerOnly(200),
  },
  'GET /api/fleet': { request: fixed('/api/fleet'), expect: users(200) },
  'GET /api/templates': { request: fixed('/api/templates'), expect: users(200) },
  'POST /api/templates': {
    request: async () => ({
      url: '/api/templates',
      body: { name: uniqueName('Menu'), oven_id: the.oven.id },
    }),
    expect: ownerOnly(201),
  },
  'GET /api/templates/:id': {
    request: async () => ({ url: `/api/templates/${the.template}` }),
    expect: ownerOnly(200),
  },
  'PUT /api/templates/:id': {
    request: async () => ({ url: `/api/templates/${the.template}`, body: { name: uniqueName('Menu') } }),
    expect: ownerOnly(200),
  },
  'DELETE /api/templates/:id': {
    request: async () => {
      const { data } = await ownerApi<{ data: { id: number } }>('POST', '/api/templates', {
        name: uniqueName('Gone'),
        oven_id: the.oven.id,
      });
      return { url: `/api/templates/${data.id}` };
    },
    expect: ownerOnly(200),
  },
  'POST /api/templates/:id/preview': {
    request: async () => ({
      url: `/api/templates/${the.template}/preview`,
      body: { oven_ids: [the.oven.id] },
    }),
    expect: ownerOnly(200),
  },
  'POST /api/templates/:id/apply': {
    // A fresh oven: applying gives the menu new rows, which later rows of the shared oven would miss.
    request: async () => ({
      url: `/api/templates/${the.template}/apply`,
      body: { oven_ids: [(await freshOven()).id] },
    }),
    expect: ownerOnly(202),
  },
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { OUTBOX_PAGE: 'true' } });
  owner = await createUser(ctx.db);
  other = await createUser(ctx.db);
  admin = await createUser(ctx.db, { role: 'admin' });
  const made = await ownerApi<{ data: { id: number; image_url: string } }>(
    'POST',
    '/api/recipes',
    recipeBody({ name: 'Owned Dish', image: PNG }),
  );
  the.recipe = made.data.id;
  the.imageId = made.data.image_url.split('/').pop()!.split('?')[0]!;
  the.oven = await freshOven();
  the.versionId = (
    await ownerApi<{ data: { id: number } }>('POST', `/api/ovens/${the.oven.id}/versions`, { name: 'Kept' })
  ).data.id;
  the.location = (
    await ownerApi<{ data: { id: number } }>('POST', '/api/locations', { name: 'Main' })
  ).data.id;
  the.template = (
    await ownerApi<{ data: { id: number } }>('POST', '/api/templates', { name: 'Kept', oven_id: the.oven.id })
  ).data.id;
  the.session = await createSession(ctx.db, owner.id);
  const asSession = { token: the.session, ip: STRANGER_IP };
  the.pdfName = (await ctx.api('GET', `/api/createpdfs/${the.recipe}`, undefined, asSession)).json<{
    name: string;
  }>().name;
  the.download = (
    await ctx.api('GET', `/api/files/${the.oven.id}`, undefined, asSession)
  ).json<SettingsDownload>().file;
  the.job = (await ownerApi<{ job: { id: number } }>('GET', '/api/createpdfs?owner=community')).job.id;
  await ownerApi('POST', `/api/ovens/settings/${the.oven.id}`, { email: owner.email });
  await ctx.app.jobs.idle();
  const mail = await ctx.api('GET', '/api/outbox', undefined, { ip: '127.0.0.1' });
  the.outboxId = mail
    .json<{ data: { id: number; to: string }[] }>()
    .data.find((m) => m.to === owner.email)!.id;
});
afterAll(() => ctx?.close());

describe('the authorization matrix', () => {
  it('has a row for every route the server registers', () => {
    const routes = ctx.app.registeredRoutes
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s', async (route, row) => {
    const method = route.split(' ')[0]!;
    const got: Record<string, number> = {};
    for (const role of ROLES) {
      const { url, body } = await row.request();
      got[role] =
        role === 'owner' && row.preparedBy === 'session'
          ? (await ctx.api(method as 'GET', url, body, { token: the.session, ip: STRANGER_IP })).statusCode
          : (await call(role, method, url, body)).statusCode;
      // Queued work finishes before the next call, so no role meets another's jobs-per-user limit.
      await ctx.app.jobs.idle();
    }
    expect(got).toEqual(row.expect);
  });

  it('guessed ids, names and addresses find nothing', async () => {
    const guesses = [
      '/api/recipes/999999',
      '/api/ovens/999999',
      '/api/files/999999',
      '/storage/pdf/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf',
      '/storage/recipe-images/aaaaaaaaaaaaaaaaaaaaaa',
      `/storage/settings/${'a'.repeat(32)}/MATCHBOX.AI2`,
      `/storage/settings/${the.download.split('/')[0]}/MILO.RCP`,
      '/api/outbox/999999/attachments/1',
    ];
    for (const url of guesses) expect((await call('other', 'GET', url)).statusCode, url).toBe(404);
  });
});
