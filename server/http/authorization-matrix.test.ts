/**
 * Every route the server registers × every kind of caller, with the status each must get. The routes are read from
 * the app itself, with what each declares it asks of its caller (`config: { access }`): a new route
 * without a row here fails the first test, and a team route's expected statuses are derived from the policy
 * (shared/domain/permissions) and where its row lies, so the table and the server cannot drift apart.
 *
 * The callers: a guest; the team's owner, manager, a store manager and a crew member of the location the owner's
 * things are in (L1) and of another location (L2); the owner of another team; a user in no team; an admin (who
 * has a team of their own). Each request carries a fresh session (a logout in one row cannot disturb the next),
 * and rows that destroy something build their own.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvenDetail } from '../../shared/contracts/ovens';
import type { ImportStats, SettingsDownload } from '../../shared/contracts/settings-files';
import { TOKEN_SCOPES, type TokenScope } from '../../shared/domain/integrations';
import { can, reaches, type TeamAction, type TeamRole } from '../../shared/domain/permissions';
import { teamInvitations, teamMembers, teams, webhooks } from '../db/schema/index';
import { hashToken } from '../lib/tokens';
import {
  addMember,
  createOven,
  createRecipe,
  createSession,
  createUser,
  recipeBody,
} from '../test/factories';
import { createTestContext, multipartBody, type TestContext } from '../test/harness';
import { startTestProvider, type TestProvider } from '../test/oidc-provider';
import { tokenNeeds } from './route-actions';

const ROLES = [
  'guest',
  'owner',
  'manager',
  'store_in',
  'store_out',
  'crew_in',
  'crew_out',
  'other',
  'outsider',
  'admin',
] as const;
type Role = (typeof ROLES)[number];
type User = Awaited<ReturnType<typeof createUser>>;
type Expect = Record<Role, number>;

let ctx: TestContext;
const people = {} as Record<Exclude<Role, 'guest'>, User>;
/** Each caller's place in the owner's team (null: not in it) and the locations they reach there. */
const inTeam: Partial<Record<Role, { role: TeamRole; location_ids: number[] }>> = {};
/** The owner's things, which the others try to reach. */
const seeded = {} as {
  team: number;
  l1: number;
  l2: number;
  recipe: number;
  imageId: string;
  oven: OvenDetail;
  pdfName: string;
  download: string;
  session: string;
  job: number;
  outboxId: number;
  versionId: number;
  template: number;
  webhook: number;
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
  return createSession(ctx.db, people[role].id);
}
/** Each caller from an address of their own, so the forms' per-address limits count each once. */
const ipOf = (role: Role) => `203.0.113.${60 + ROLES.indexOf(role)}`;
async function call(
  role: Role,
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const token = await tokenOf(role);
  return ctx.api(method as 'GET', url, body, { ...(token ? { token } : {}), ip: ipOf(role), headers });
}
async function ownerApi<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call('owner', method, url, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}
const firstScreen = (o: OvenDetail) => o.screens[0]!;
const categoryButton = (o: OvenDetail) => firstScreen(o).screen_content.find((b) => b.type === 'category')!;
const recipeButton = (o: OvenDetail) => firstScreen(o).screen_content.find((b) => b.type === 'recipe')!;
/** A fresh imported oven of the owner's team in L1 (for rows that change or delete it). */
async function freshOven(): Promise<OvenDetail> {
  const stats = await ownerApi<ImportStats>('POST', '/api/files', {
    oven_name: 'Matrix',
    oven_type: 'Matchbox 1718/1313',
    data: golden,
    location_id: seeded.l1,
  });
  return (await ownerApi<{ data: OvenDetail }>('GET', `/api/ovens/${stats.oven.id}`)).data;
}
/** A crew member of L1 added for a row that changes or removes them. */
async function freshCrew(): Promise<number> {
  const user = await createUser(ctx.db, { team: false });
  await addMember(ctx.db, seeded.team, user.id, 'crew', { locationIds: [seeded.l1] });
  return user.id;
}
/** A team of the same people in the same roles (nobody's current one), for a row that deletes it. */
async function freshTeam(): Promise<number> {
  const [made] = await ctx.db
    .insert(teams)
    .values({ name: uniqueName('Doomed') })
    .returning();
  for (const [role, place] of Object.entries(inTeam))
    await ctx.db
      .insert(teamMembers)
      .values({ teamId: made!.id, userId: people[role as Exclude<Role, 'guest'>].id, role: place.role });
  return made!.id;
}
/** An invitation of the owner's team, with the token its link would carry. */
async function freshInvitation(email = `${uniqueName('invitee').replace(' ', '')}@example.com`) {
  const token = `matrix-${++unique}-${Date.now()}`;
  const [row] = await ctx.db
    .insert(teamInvitations)
    .values({
      teamId: seeded.team,
      email,
      role: 'crew',
      locationIds: [seeded.l1],
      tokenHash: hashToken(token),
      invitedBy: people.owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return { id: row!.id, token };
}

/** An API token of the owner's (for a row that revokes it). */
async function freshApiToken(): Promise<number> {
  return (
    await ownerApi<{ data: { id: number } }>('POST', '/api/tokens', {
      name: uniqueName('T'),
      scopes: ['ovens:read'],
    })
  ).data.id;
}
/** A webhook of the owner's team (for a row that removes it). */
async function freshWebhook(): Promise<number> {
  const [row] = await ctx.db
    .insert(webhooks)
    .values({
      teamId: seeded.team,
      url: 'http://127.0.0.1:9/hook',
      events: ['menu.changed'],
      secret: 'whsec_a2VwdA==',
    })
    .returning();
  return row!.id;
}

interface Row {
  /** The request, built anew for each caller (so destructive rows have something to destroy). */
  request(): Promise<{ url: string; body?: unknown; headers?: Record<string, string> }>;
  expect: Expect;
  /** The owner calls with the session that prepared the thing (a download), not a fresh one. */
  preparedBy?: 'session';
}

const all = (status: number): Expect => Object.fromEntries(ROLES.map((r) => [r, status])) as Expect;
const signedIn = (ok: number): Expect => ({ ...all(ok), guest: 401 });
const adminOnly = (ok: number): Expect => ({ ...all(403), guest: 401, admin: ok });
const ownerOnly = (ok: number, others = 404): Expect => ({ ...all(others), guest: 401, owner: ok });
/** Per caller, for routes whose service decides (recipes, teams): the given statuses, 404 for the rest. */
const each = (statuses: Partial<Expect>, rest = 404): Expect => ({ ...all(rest), guest: 401, ...statuses });

/**
 * What a team route answers each caller, from the policy: 403 to a role that may not take the action (and to
 * someone in no team), then by where the row lies: `own` acts on the caller's own team (a list, something new),
 * `team` on a row of the owner's team, `oven` on a row in L1 (which store managers and crew of L2 do not see).
 */
function team(action: TeamAction, where: 'own' | 'team' | 'oven', ok: number): Expect {
  const out = { guest: 401 } as Expect;
  for (const role of ROLES.slice(1) as Exclude<Role, 'guest'>[]) {
    const place = inTeam[role];
    const teamRole: TeamRole | null = place ? place.role : role === 'outsider' ? null : 'owner';
    const actor = {
      team: teamRole
        ? { id: place ? seeded.team : -1, name: 'T', role: teamRole, location_ids: place?.location_ids ?? [] }
        : null,
    };
    if (!can(actor, action)) out[role] = 403;
    else if (where === 'own') out[role] = ok;
    else if (!place) out[role] = 404;
    else if (where === 'team') out[role] = ok;
    else out[role] = reaches(actor, { teamId: seeded.team, locationId: seeded.l1 }) ? ok : 404;
  }
  return out;
}

const fixed = (url: string, body?: unknown) => async () => ({ url, body });
const fixedBody = (url: string, body: () => unknown) => async () => ({ url, body: body() });

/** Rows whose statuses are computed once the team exists (they read `the`). */
function matrix(): Record<string, Row> {
  const readers = { owner: 200, manager: 200, store_in: 200, store_out: 200 };
  const writers = { owner: 200, manager: 200, store_in: 403, store_out: 403 };
  return {
    'GET /api/health': { request: fixed('/api/health'), expect: all(200) },
    'GET /api/ready': { request: fixed('/api/ready'), expect: all(200) },
    'GET /api/config': { request: fixed('/api/config'), expect: all(200) },
    'GET /api/outbox': { request: fixed('/api/outbox'), expect: all(200) },
    'GET /api/outbox/:id/attachments/:position': {
      request: async () => ({ url: `/api/outbox/${seeded.outboxId}/attachments/1` }),
      expect: { ...all(404), owner: 200, admin: 200 },
    },
    'GET /guides/usb/:guide': { request: fixed('/guides/usb/milo-misa.pdf'), expect: all(200) },

    // Accounts: the public forms answer everyone alike (here an empty form: 422).
    'POST /api/login': { request: fixed('/api/login', {}), expect: all(422) },
    'POST /api/register': { request: fixed('/api/register', {}), expect: all(422) },
    'POST /api/password/email': { request: fixed('/api/password/email', {}), expect: all(422) },
    'POST /api/password/reset': { request: fixed('/api/password/reset', {}), expect: all(422) },
    'POST /api/verify-account': { request: fixed('/api/verify-account', {}), expect: all(422) },
    'POST /api/verify-account/resend': { request: fixed('/api/verify-account/resend', {}), expect: all(422) },
    'GET /api/auth/check': { request: fixed('/api/auth/check'), expect: signedIn(200) },
    'POST /api/logout': { request: fixed('/api/logout'), expect: signedIn(200) },
    'PUT /api/users/:id': {
      request: async () => ({
        url: `/api/users/${people.owner.id}`,
        body: {
          username: people.owner.username,
          company: 'Kept',
          email: people.owner.email,
          password: '',
          password_confirmation: '',
        },
      }),
      expect: ownerOnly(200, 403),
    },

    // Admin: a site role, whatever the team.
    'GET /api/reports': { request: fixed('/api/reports'), expect: adminOnly(200) },
    'GET /api/users': { request: fixed('/api/users'), expect: adminOnly(200) },
    'GET /api/users/:id': {
      request: async () => ({ url: `/api/users/${people.owner.id}` }),
      expect: adminOnly(200),
    },
    'DELETE /api/users/:id': {
      request: async () => ({ url: `/api/users/${(await createUser(ctx.db)).id}` }),
      expect: adminOnly(200),
    },
    'GET /api/recipes/user': {
      request: async () => ({ url: `/api/recipes/user?user_id=${people.owner.id}` }),
      expect: adminOnly(200),
    },

    // Recipes: the team's, read by those who read recipes (crew do not), changed by owners and managers; the
    // admin reads any recipe but changes only the library.
    'GET /api/recipes': {
      request: fixed('/api/recipes?owner=community'),
      expect: each({ ...readers, other: 200, admin: 200 }, 403),
    },
    'POST /api/recipes': {
      request: async () => ({ url: '/api/recipes', body: recipeBody() }),
      expect: each({ owner: 201, manager: 201, other: 201, admin: 201 }, 403),
    },
    'GET /api/recipes/:id': {
      request: async () => ({ url: `/api/recipes/${seeded.recipe}` }),
      expect: each({ ...readers, admin: 200 }),
    },
    'PUT /api/recipes/:id': {
      request: async () => ({
        url: `/api/recipes/${seeded.recipe}`,
        body: recipeBody({ name: 'Kept Name' }),
      }),
      expect: each({ ...writers, admin: 403 }),
    },
    'DELETE /api/recipes/:id': {
      request: async () => ({
        url: `/api/recipes/${(await createRecipe(ctx.db, { ownerId: people.owner.id })).id}`,
      }),
      expect: each({ ...writers, admin: 403 }),
    },
    'DELETE /api/recipes/bulk-delete': {
      request: async () => ({
        url: '/api/recipes/bulk-delete',
        body: { data: [(await createRecipe(ctx.db, { ownerId: people.owner.id })).id] },
      }),
      expect: each({ ...writers, crew_in: 403, crew_out: 403, outsider: 403, admin: 403 }),
    },
    'POST /api/recipes/clone/:id/:mode': {
      request: async () => ({ url: `/api/recipes/clone/${seeded.recipe}/1` }),
      expect: each({ owner: 201, manager: 201, store_in: 403, store_out: 403, admin: 403 }),
    },
    'GET /api/recipes/:id/convert': {
      request: async () => ({ url: `/api/recipes/${seeded.recipe}/convert?oven_type=MiSA` }),
      expect: each({ ...readers, admin: 200 }),
    },
    'POST /api/recipes/convert': {
      request: fixedBody('/api/recipes/convert', () => ({ ids: [seeded.recipe], oven_type: 'MiSA' })),
      expect: each({
        owner: 201,
        manager: 201,
        store_in: 403,
        store_out: 403,
        crew_in: 403,
        crew_out: 403,
        outsider: 403,
        admin: 201,
      }),
    },
    'GET /api/createpdfs': {
      request: fixed('/api/createpdfs?owner=community'),
      expect: each({ ...readers, other: 200, admin: 200 }, 403),
    },
    'GET /api/createpdfs/:recipeId': {
      request: async () => ({ url: `/api/createpdfs/${seeded.recipe}` }),
      expect: each({ ...readers, admin: 200 }),
    },
    // Prepared downloads answer only to the session that asked for them (the owner's `seeded.session`).
    'GET /storage/pdf/:name': {
      request: async () => ({ url: `/storage/pdf/${seeded.pdfName}` }),
      expect: { ...all(404), owner: 200 },
      preparedBy: 'session',
    },
    'GET /storage/recipe-images/:id': {
      request: async () => ({ url: `/storage/recipe-images/${seeded.imageId}` }),
      expect: all(200),
    },
    'GET /storage/settings/:token/:file': {
      request: async () => ({ url: `/storage/settings/${seeded.download}` }),
      expect: { ...all(404), owner: 200 },
      preparedBy: 'session',
    },
    'GET /api/jobs/:id': {
      request: async () => ({ url: `/api/jobs/${seeded.job}` }),
      expect: ownerOnly(200),
    },

    // Ovens and their menus.
    'GET /api/ovens': { request: fixed('/api/ovens'), expect: team('ovens.read', 'own', 200) },
    'POST /api/ovens': {
      request: fixed('/api/ovens', { name: 'Mine', type: 'MiSA', warm_ups: [] }),
      expect: team('ovens.manage', 'own', 201),
    },
    'GET /api/ovens/:id': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}` }),
      expect: team('ovens.read', 'oven', 200),
    },
    'PUT /api/ovens/:id': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}`, body: { name: 'Matrix', warm_ups: [] } }),
      expect: team('ovens.manage', 'oven', 200),
    },
    'DELETE /api/ovens/:id': {
      request: async () => ({ url: `/api/ovens/${(await freshOven()).id}` }),
      expect: team('ovens.manage', 'oven', 200),
    },
    'POST /api/ovens/clone/:id': {
      request: async () => ({ url: `/api/ovens/clone/${seeded.oven.id}` }),
      expect: team('ovens.manage', 'oven', 201),
    },
    'PUT /api/ovens/button-position/:ovenId': {
      request: async () => {
        const oven = await freshOven();
        return {
          url: `/api/ovens/button-position/${oven.id}`,
          body: { screen_id: firstScreen(oven).screen_id, current_position: 1, new_position: 3 },
        };
      },
      expect: team('menus.edit', 'oven', 200),
    },
    'POST /api/ovens/:id/undo': {
      request: async () => {
        const oven = await freshOven();
        await ownerApi('PUT', `/api/buttons/${recipeButton(oven).id}`, { is_favorite: false });
        return { url: `/api/ovens/${oven.id}/undo` };
      },
      expect: team('menus.edit', 'oven', 200),
    },
    'POST /api/ovens/:id/redo': {
      request: async () => {
        const oven = await freshOven();
        await ownerApi('PUT', `/api/buttons/${recipeButton(oven).id}`, { is_favorite: false });
        await ownerApi('POST', `/api/ovens/${oven.id}/undo`);
        return { url: `/api/ovens/${oven.id}/redo` };
      },
      expect: team('menus.edit', 'oven', 200),
    },
    'GET /api/ovens/:id/revisions': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}/revisions` }),
      expect: team('ovens.read', 'oven', 200),
    },
    'GET /api/ovens/:kind/:id': {
      request: async () => ({ url: `/api/ovens/settings/${seeded.oven.id}?email=matrix@example.com` }),
      expect: team('settings.share', 'own', 405),
    },
    'POST /api/ovens/:kind/:id': {
      request: async () => ({
        url: `/api/ovens/settings/${seeded.oven.id}`,
        body: { email: 'matrix@example.com' },
      }),
      expect: team('settings.share', 'oven', 202),
    },
    'GET /api/ovens/:id/versions': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}/versions` }),
      expect: team('ovens.read', 'oven', 200),
    },
    'POST /api/ovens/:id/versions': {
      request: async () => ({
        url: `/api/ovens/${(await freshOven()).id}/versions`,
        body: { name: 'Matrix' },
      }),
      expect: team('menus.edit', 'oven', 201),
    },
    'GET /api/ovens/:id/versions/:versionId/diff': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}/versions/${seeded.versionId}/diff` }),
      expect: team('ovens.read', 'oven', 200),
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
      expect: team('menus.edit', 'oven', 200),
    },
    'POST /api/screens': {
      request: async () => ({ url: '/api/screens', body: { type: 'main', oven_id: (await freshOven()).id } }),
      expect: team('menus.edit', 'oven', 201),
    },
    'DELETE /api/screens/:id': {
      request: async () => ({ url: `/api/screens/${(await freshOven()).screens[1]!.screen_id}` }),
      expect: team('menus.edit', 'oven', 200),
    },
    'POST /api/buttons': {
      request: async () => {
        const oven = await freshOven();
        return {
          url: '/api/buttons',
          body: {
            position: 8,
            screen_id: firstScreen(oven).screen_id,
            buttonable_id: recipeButton(oven).buttonable_id,
            buttonable_type: 'Recipe',
          },
        };
      },
      expect: team('menus.edit', 'oven', 201),
    },
    'PUT /api/buttons/:id': {
      request: async () => ({
        url: `/api/buttons/${recipeButton(seeded.oven).id}`,
        body: { is_favorite: true },
      }),
      expect: team('menus.edit', 'oven', 200),
    },
    'DELETE /api/buttons/:id': {
      request: async () => ({ url: `/api/buttons/${recipeButton(await freshOven()).id}` }),
      expect: team('menus.edit', 'oven', 200),
    },
    'POST /api/categories': {
      request: async () => {
        const oven = await freshOven();
        return {
          url: '/api/categories',
          body: { name: 'Matrix', oven_id: oven.id, screen_id: firstScreen(oven).screen_id },
        };
      },
      expect: team('menus.edit', 'oven', 201),
    },
    'PUT /api/categories/:id': {
      request: async () => ({
        url: `/api/categories/${categoryButton(seeded.oven).data!.category_id}`,
        body: { name: 'Renamed' },
      }),
      expect: team('menus.edit', 'oven', 200),
    },

    // Settings files: an import lands in the caller's team (a store manager's, in their location).
    'POST /api/files': {
      request: fixed('/api/files', { oven_name: 'Imported', oven_type: 'Matchbox 1718/1313', data: golden }),
      expect: team('ovens.import', 'own', 201),
    },
    'POST /api/files/raw': {
      request: fixed('/api/files/raw?oven_name=Raw&oven_type=MiSA'),
      expect: team('ovens.import', 'own', 422),
    },
    'POST /api/ovens/:id/check-file': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}/check-file`, body: { data: golden } }),
      expect: team('settings.download', 'oven', 200),
    },
    'GET /api/files/:id': {
      request: async () => ({ url: `/api/files/${seeded.oven.id}` }),
      expect: team('settings.download', 'oven', 200),
    },
    'GET /api/ovens/:id/menu.pdf': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}/menu.pdf` }),
      expect: team('ovens.read', 'oven', 200),
    },
    'POST /api/files/zip': {
      request: async () => ({ url: '/api/files/zip', body: { oven_ids: [seeded.oven.id] } }),
      expect: team('settings.download', 'oven', 202),
    },
    'GET /api/ovens/:id/recipes': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}/recipes` }),
      expect: team('settings.download', 'oven', 200),
    },
    'POST /api/ovens/:id/downloaded': {
      request: async () => ({
        url: `/api/ovens/${seeded.oven.id}/downloaded`,
        body: { checksum: '0badf00d', built_at: new Date().toISOString() },
      }),
      expect: team('settings.download', 'oven', 200),
    },
    'POST /api/ovens/:id/loaded': {
      request: async () => ({ url: `/api/ovens/${seeded.oven.id}/loaded` }),
      expect: team('settings.download', 'oven', 200),
    },

    // Locations, the fleet and templates.
    'GET /api/locations': { request: fixed('/api/locations'), expect: team('locations.read', 'own', 200) },
    'GET /api/locations/:id': {
      request: async () => ({ url: `/api/locations/${seeded.l1}` }),
      expect: team('locations.read', 'oven', 200),
    },
    'POST /api/locations': {
      request: async () => ({ url: '/api/locations', body: { name: uniqueName('Store') } }),
      expect: team('locations.manage', 'own', 201),
    },
    'PUT /api/locations/:id': {
      request: async () => ({ url: `/api/locations/${seeded.l2}`, body: { name: uniqueName('Renamed') } }),
      expect: team('locations.manage', 'team', 200),
    },
    'DELETE /api/locations/:id': {
      request: async () => {
        const { data } = await ownerApi<{ data: { id: number } }>('POST', '/api/locations', {
          name: uniqueName('Gone'),
        });
        return { url: `/api/locations/${data.id}` };
      },
      expect: team('locations.manage', 'team', 200),
    },
    'POST /api/locations/:id/ovens': {
      request: async () => ({
        url: `/api/locations/${seeded.l1}/ovens`,
        body: { oven_ids: [seeded.oven.id] },
      }),
      expect: team('locations.manage', 'team', 200),
    },
    'GET /api/fleet': { request: fixed('/api/fleet'), expect: team('fleet.read', 'own', 200) },
    'GET /api/templates': { request: fixed('/api/templates'), expect: team('templates.read', 'own', 200) },
    'POST /api/templates': {
      request: async () => ({
        url: '/api/templates',
        body: { name: uniqueName('Menu'), oven_id: seeded.oven.id },
      }),
      expect: team('templates.manage', 'team', 201),
    },
    'GET /api/templates/:id': {
      request: async () => ({ url: `/api/templates/${seeded.template}` }),
      expect: team('templates.read', 'team', 200),
    },
    'PUT /api/templates/:id': {
      request: async () => ({ url: `/api/templates/${seeded.template}`, body: { name: uniqueName('Menu') } }),
      expect: team('templates.manage', 'team', 200),
    },
    'DELETE /api/templates/:id': {
      request: async () => {
        const { data } = await ownerApi<{ data: { id: number } }>('POST', '/api/templates', {
          name: uniqueName('Gone'),
          oven_id: seeded.oven.id,
        });
        return { url: `/api/templates/${data.id}` };
      },
      expect: team('templates.manage', 'team', 200),
    },
    'POST /api/templates/:id/preview': {
      request: async () => ({
        url: `/api/templates/${seeded.template}/preview`,
        body: { oven_ids: [seeded.oven.id] },
      }),
      expect: team('templates.manage', 'team', 200),
    },
    'POST /api/templates/:id/apply': {
      // A fresh oven: applying gives the menu new rows, which later rows of the shared oven would miss.
      request: async () => ({
        url: `/api/templates/${seeded.template}/apply`,
        body: { oven_ids: [(await freshOven()).id] },
      }),
      expect: team('templates.manage', 'team', 202),
    },

    // Teams: anyone signed in has their teams; a team's members manage it by role; others do not find it.
    'GET /api/teams': { request: fixed('/api/teams'), expect: signedIn(200) },
    'POST /api/teams': {
      // Made and left again: the caller's current team stays the one the other rows expect.
      request: async () => ({ url: '/api/teams', body: { name: uniqueName('New') } }),
      expect: signedIn(201),
    },
    'PUT /api/teams/:id': {
      request: async () => ({ url: `/api/teams/${seeded.team}`, body: { name: 'Harbour Pizza' } }),
      expect: each({ owner: 200, manager: 403, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'DELETE /api/teams/:id': {
      request: async () => ({ url: `/api/teams/${await freshTeam()}` }),
      expect: each({ owner: 200, manager: 403, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'POST /api/teams/:id/switch': {
      request: async () => ({ url: `/api/teams/${seeded.team}/switch` }),
      expect: each({ owner: 200, manager: 200, store_in: 200, store_out: 200, crew_in: 200, crew_out: 200 }),
    },
    'GET /api/teams/:id/members': {
      request: async () => ({ url: `/api/teams/${seeded.team}/members` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'PUT /api/teams/:id/members/:userId': {
      request: async () => ({
        url: `/api/teams/${seeded.team}/members/${await freshCrew()}`,
        body: { role: 'store', location_ids: [seeded.l1] },
      }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'DELETE /api/teams/:id/members/:userId': {
      request: async () => ({ url: `/api/teams/${seeded.team}/members/${await freshCrew()}` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'GET /api/teams/:id/invitations': {
      request: async () => ({ url: `/api/teams/${seeded.team}/invitations` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'POST /api/teams/:id/invitations': {
      request: async () => ({
        url: `/api/teams/${seeded.team}/invitations`,
        body: {
          email: `${uniqueName('asked').replace(' ', '')}@example.com`,
          role: 'crew',
          location_ids: [seeded.l1],
        },
      }),
      expect: each({ owner: 201, manager: 201, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'DELETE /api/teams/:id/invitations/:invitationId': {
      request: async () => ({ url: `/api/teams/${seeded.team}/invitations/${(await freshInvitation()).id}` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'POST /api/teams/:id/invitations/:invitationId/resend': {
      request: async () => ({
        url: `/api/teams/${seeded.team}/invitations/${(await freshInvitation()).id}/resend`,
      }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'GET /api/teams/:id/activity': {
      request: async () => ({ url: `/api/teams/${seeded.team}/activity` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    // A chain's systems: anyone in a team makes tokens for it (within their role); owners and managers keep
    // the team's webhooks. Someone in no team has nowhere for a token to act.
    'GET /api/tokens': { request: fixed('/api/tokens'), expect: signedIn(200) },
    'POST /api/tokens': {
      request: fixed('/api/tokens', { name: 'POS', scopes: ['ovens:read'] }),
      expect: { ...signedIn(201), outsider: 403 },
    },
    'DELETE /api/tokens/:id': {
      request: async () => ({ url: `/api/tokens/${await freshApiToken()}` }),
      expect: ownerOnly(200),
    },
    'GET /api/teams/:id/webhooks': {
      request: async () => ({ url: `/api/teams/${seeded.team}/webhooks` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'POST /api/teams/:id/webhooks': {
      request: async () => ({
        url: `/api/teams/${seeded.team}/webhooks`,
        body: { url: 'http://127.0.0.1:9/hook', events: ['menu.changed'] },
      }),
      expect: each({ owner: 201, manager: 201, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'DELETE /api/teams/:id/webhooks/:webhookId': {
      request: async () => ({ url: `/api/teams/${seeded.team}/webhooks/${await freshWebhook()}` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'POST /api/teams/:id/webhooks/:webhookId/enable': {
      request: async () => ({ url: `/api/teams/${seeded.team}/webhooks/${seeded.webhook}/enable` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'POST /api/teams/:id/webhooks/:webhookId/test': {
      request: async () => ({ url: `/api/teams/${seeded.team}/webhooks/${seeded.webhook}/test` }),
      expect: each({ owner: 202, manager: 202, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'GET /api/teams/:id/webhooks/:webhookId/deliveries': {
      request: async () => ({ url: `/api/teams/${seeded.team}/webhooks/${seeded.webhook}/deliveries` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    // A chain's files: owners and managers bring its locations, ovens and members in and take them out.
    'POST /api/teams/:id/imports': {
      request: async () => {
        const { payload, headers } = multipartBody(
          { kind: 'locations', dry_run: 'true' },
          { name: 'locations.csv', content: 'name,address\nNew Store,\n' },
        );
        return { url: `/api/teams/${seeded.team}/imports`, body: payload, headers };
      },
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'GET /api/teams/:id/exports/:file': {
      request: async () => ({ url: `/api/teams/${seeded.team}/exports/ovens.csv` }),
      expect: each({ owner: 200, manager: 200, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 }),
    },
    'GET /api/imports/examples/:file': {
      request: fixed('/api/imports/examples/members.csv'),
      expect: signedIn(200),
    },
    'GET /api/invitations/:token': {
      request: async () => ({ url: `/api/invitations/${(await freshInvitation()).token}` }),
      expect: all(200),
    },
    // Company sign-in: its setting for owners only; the sign-in itself for anyone (the provider says who).
    'GET /api/teams/:id/sso': {
      request: async () => ({ url: `/api/teams/${seeded.team}/sso` }),
      expect: each({ owner: 200, ...noneBelowOwner }),
    },
    'PUT /api/teams/:id/sso': {
      request: async () => ({ url: `/api/teams/${seeded.team}/sso`, body: ssoBody() }),
      expect: each({ owner: 200, ...noneBelowOwner }),
    },
    'DELETE /api/teams/:id/sso': {
      request: async () => {
        await ownerApi('PUT', `/api/teams/${seeded.team}/sso`, ssoBody());
        return { url: `/api/teams/${seeded.team}/sso` };
      },
      expect: each({ owner: 200, ...noneBelowOwner }),
    },
    'POST /api/teams/:id/sso/verify': {
      request: async () => {
        await ownerApi('PUT', `/api/teams/${seeded.team}/sso`, ssoBody());
        return { url: `/api/teams/${seeded.team}/sso/verify` };
      },
      expect: each({ owner: 200, ...noneBelowOwner }),
    },
    'POST /api/teams/:id/sso/test': {
      request: async () => {
        await ownerApi('PUT', `/api/teams/${seeded.team}/sso`, ssoBody());
        return { url: `/api/teams/${seeded.team}/sso/test` };
      },
      expect: each({ owner: 200, ...noneBelowOwner }),
    },
    'GET /api/auth/sso': {
      request: async () => {
        await ownerApi('PUT', `/api/teams/${seeded.team}/sso`, ssoBody());
        return { url: `/api/auth/sso?email=chef@${SSO_DOMAIN}` };
      },
      expect: all(302),
    },
    'GET /api/auth/sso/callback': {
      request: fixed('/api/auth/sso/callback?code=forged&state=forged'),
      expect: all(302),
    },
    'POST /api/auth/sso/session': {
      request: fixed('/api/auth/sso/session', { handoff: 'forged' }),
      expect: all(401),
    },
    'POST /api/invitations/:token/accept': {
      // For an address none of them has: only the invited address may accept.
      request: async () => ({ url: `/api/invitations/${(await freshInvitation()).token}/accept` }),
      expect: signedIn(403),
    },
  };
}

let MATRIX: Record<string, Row> = {};
let idp: TestProvider;
const SSO_DOMAIN = 'matrix-chain.example';
const noneBelowOwner = { manager: 403, store_in: 403, store_out: 403, crew_in: 403, crew_out: 403 };
const ssoBody = () => ({
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  domains: [SSO_DOMAIN],
  default_role: 'crew',
});

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: ['http://hearth.test/api/auth/sso/callback'] });
  ctx = await createTestContext({
    // Its company sign-in rows save the setting again before each call: hundreds of saves, not a person's.
    rateLimits: { ssoChangesPerUser: { max: 100_000, windowMs: 60_000 } },
    env: {
      OUTBOX_PAGE: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      SSO_ALLOW_INSECURE_ISSUER: 'true',
      SSO_DOMAIN_VERIFICATION: 'off',
    },
  });
  people.owner = await createUser(ctx.db);
  seeded.team = people.owner.teamId!;
  people.other = await createUser(ctx.db);
  people.outsider = await createUser(ctx.db, { team: false });
  people.admin = await createUser(ctx.db, { role: 'admin' });
  seeded.l1 = (await ownerApi<{ data: { id: number } }>('POST', '/api/locations', { name: 'L1' })).data.id;
  seeded.l2 = (await ownerApi<{ data: { id: number } }>('POST', '/api/locations', { name: 'L2' })).data.id;
  inTeam.owner = { role: 'owner', location_ids: [] };
  const members: [Exclude<Role, 'guest'>, TeamRole, number[]][] = [
    ['manager', 'manager', []],
    ['store_in', 'store', [seeded.l1]],
    ['store_out', 'store', [seeded.l2]],
    ['crew_in', 'crew', [seeded.l1]],
    ['crew_out', 'crew', [seeded.l2]],
  ];
  for (const [who, role, places] of members) {
    people[who] = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, seeded.team, people[who].id, role, { locationIds: places });
    inTeam[who] = { role, location_ids: places };
  }
  const made = await ownerApi<{ data: { id: number; image_url: string } }>(
    'POST',
    '/api/recipes',
    recipeBody({ name: 'Owned Dish', image: PNG }),
  );
  seeded.recipe = made.data.id;
  seeded.imageId = made.data.image_url.split('/').pop()!.split('?')[0]!;
  seeded.oven = await freshOven();
  seeded.versionId = (
    await ownerApi<{ data: { id: number } }>('POST', `/api/ovens/${seeded.oven.id}/versions`, {
      name: 'Kept',
    })
  ).data.id;
  seeded.template = (
    await ownerApi<{ data: { id: number } }>('POST', '/api/templates', {
      name: 'Kept',
      oven_id: seeded.oven.id,
    })
  ).data.id;
  seeded.session = await createSession(ctx.db, people.owner.id);
  const asSession = { token: seeded.session, ip: STRANGER_IP };
  seeded.pdfName = (await ctx.api('GET', `/api/createpdfs/${seeded.recipe}`, undefined, asSession)).json<{
    name: string;
  }>().name;
  seeded.download = (
    await ctx.api('GET', `/api/files/${seeded.oven.id}`, undefined, asSession)
  ).json<SettingsDownload>().file;
  seeded.job = (await ownerApi<{ job: { id: number } }>('GET', '/api/createpdfs?owner=community')).job.id;
  await ownerApi('POST', `/api/ovens/settings/${seeded.oven.id}`, { email: people.owner.email });
  await ctx.app.jobs.idle();
  const mail = await ctx.api('GET', '/api/outbox', undefined, { ip: '127.0.0.1' });
  seeded.outboxId = mail
    .json<{ data: { id: number; to: string }[] }>()
    .data.find((m) => m.to === people.owner.email)!.id;
  seeded.webhook = await freshWebhook();
  MATRIX = matrix();
  // A spare oven elsewhere, so "no oven" is never why a list answers as it does.
  await createOven(ctx.db, people.other.id);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

/** After a row that makes another team current, everyone works in the team the other rows expect again. */
async function restoreCurrentTeams() {
  const home: [number, number][] = [
    ...Object.keys(inTeam).map(
      (who) => [people[who as Exclude<Role, 'guest'>].id, seeded.team] as [number, number],
    ),
    [people.other.id, people.other.teamId!],
    [people.admin.id, people.admin.teamId!],
  ];
  for (const [userId, teamId] of home) {
    await ctx.db.execute(
      sql`update team_members set current = false where user_id = ${userId} and team_id <> ${teamId}`,
    );
    await ctx.db.execute(
      sql`update team_members set current = true where user_id = ${userId} and team_id = ${teamId}`,
    );
  }
  await ctx.db.execute(sql`delete from team_members where user_id = ${people.outsider.id}`);
}

describe('the authorization matrix', () => {
  it('has a row for every route the server registers, and every route says who may call it', () => {
    const routes = ctx.app.registeredRoutes
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const rows = Object.keys(matrix());
    expect(routes.filter((r) => !rows.includes(r))).toEqual([]);
    expect(rows.filter((r) => !routes.includes(r))).toEqual([]);
    // Each declares who may call it (the app refuses to start otherwise; this says which, when one is missing).
    expect(
      ctx.app.registeredRoutes
        .filter((r) => r.access === undefined && !r.url.startsWith('/api/docs'))
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
  });

  // The rows' names are known before the team exists; their statuses are computed once it does (MATRIX).
  it.each(Object.keys(matrix()))('%s', async (route) => {
    const row = MATRIX[route]!;
    const method = route.split(' ')[0]!;
    const got = {} as Expect;
    for (const role of ROLES) {
      const { url, body, headers } = await row.request();
      got[role] =
        role === 'owner' && row.preparedBy === 'session'
          ? (await ctx.api(method as 'GET', url, body, { token: seeded.session, ip: STRANGER_IP })).statusCode
          : (await call(role, method, url, body, headers)).statusCode;
      // Queued work finishes before the next call, so no caller meets another's jobs-per-user limit.
      await ctx.app.jobs.idle();
      if (route === 'POST /api/teams' || route === 'POST /api/teams/:id/switch') await restoreCurrentTeams();
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
      `/storage/settings/${seeded.download.split('/')[0]}/MILO.RCP`,
      '/api/outbox/999999/attachments/1',
      '/api/teams/999999/members',
      '/api/invitations/not-a-real-token',
    ];
    for (const url of guesses) expect((await call('other', 'GET', url)).statusCode, url).toBe(404);
  });
});

/**
 * The same routes called with the owner's API token of each scope: a route answers a token as it answers the
 * owner when the token holds the scope the route asks (route-actions.ts), and 403 otherwise; the routes no token
 * may call (the account, tokens, webhooks, the team's management, admin) answer 403 to every one, and a public
 * route that takes no token answers it as it answers a guest (the outbox shows a token no mail).
 */
describe('the authorization matrix with API tokens', () => {
  const tokens = {} as Record<TokenScope, string>;
  beforeAll(async () => {
    for (const scope of TOKEN_SCOPES) {
      const made = await ownerApi<{ data: { token: string } }>('POST', '/api/tokens', {
        name: scope,
        scopes: [scope],
      });
      tokens[scope] = made.data.token;
    }
  });

  it.each(Object.keys(matrix()))('%s', async (route) => {
    const row = MATRIX[route]!;
    // Prepared downloads and jobs answer only the session that asked for them: a token is another caller.
    if (row.preparedBy === 'session' || route === 'GET /api/jobs/:id') return;
    const [method, url] = route.split(' ') as [string, string];
    const declared = ctx.app.registeredRoutes.find((r) => r.method === method && r.url === url)!;
    const needs = tokenNeeds(declared.access!, declared.token);
    const got = {} as Record<TokenScope, number>;
    const want = {} as Record<TokenScope, number>;
    for (const scope of TOKEN_SCOPES) {
      const request = await row.request();
      const res = await ctx.api(method as 'GET', request.url, request.body, {
        token: tokens[scope],
        // An address per token, so the public forms' per-address limits count each once.
        ip: `198.51.100.${10 + TOKEN_SCOPES.indexOf(scope)}`,
        headers: request.headers,
      });
      got[scope] = res.statusCode;
      want[scope] =
        needs === 'guest'
          ? row.expect.guest
          : needs !== null && (needs === 'any' || needs === scope)
            ? row.expect.owner
            : 403;
      await ctx.app.jobs.idle();
    }
    expect(got).toEqual(want);
  });
});
