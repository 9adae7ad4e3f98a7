import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenCreated } from '../../../shared/contracts/integrations';
import { TOKEN_PREFIX } from '../../../shared/domain/integrations';
import { apiTokens, teamMembers } from '../../db/schema/index';
import { addMember, createOven, createSession, createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { OUTBOX_PAGE: 'true' },
    rateLimits: { apiTokenRequests: { max: 20, windowMs: 60_000 } },
  });
});
afterAll(() => ctx.close());

async function owner() {
  const user = await createUser(ctx.db);
  return { user, session: await createSession(ctx.db, user.id) };
}
async function makeToken(session: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await ctx.api(
    'POST',
    '/api/tokens',
    { name: 'POS sync', scopes, ...extra },
    { token: session },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TokenCreated>().data;
}
/** A call as a chain's system makes it: the token, no cookie, no CSRF header. */
const asSystem = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  ctx.api(method, url, body, { token, csrf: false });

describe('API tokens', () => {
  it('answers the secret once, with the prefix secret scanners know, and keeps only its hash', async () => {
    const { session } = await owner();
    const made = await makeToken(session, ['ovens:read']);
    expect(made.token.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(made.shown).toBe(made.token.slice(0, TOKEN_PREFIX.length + 6));
    const list = await ctx.api('GET', '/api/tokens', undefined, { token: session });
    expect(list.body).not.toContain(made.token);
    expect(list.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ id: made.id, scopes: ['ovens:read'] }),
    ]);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.tokenHash).not.toContain(made.token);
  });

  it("writes who made and who revoked a token in the team's trail, never its secret", async () => {
    const { user, session } = await owner();
    const made = await makeToken(session, ['ovens:read']);
    await ctx.api('DELETE', `/api/tokens/${made.id}`, undefined, { token: session });
    const trail = await ctx.api('GET', `/api/teams/${user.teamId}/activity`, undefined, { token: session });
    expect(trail.body).not.toContain(made.token);
    const actions = trail.json<{ data: { action: string; summary: string }[] }>().data.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['token.created', 'token.revoked']));
  });

  it('lets a system read with its scope and write without a CSRF header', async () => {
    const { user, session } = await owner();
    await createOven(ctx.db, user.id, { name: 'Counter' });
    const { token } = await makeToken(session, ['ovens:read', 'ovens:write']);
    const list = await asSystem('GET', '/api/ovens', token);
    expect(list.statusCode).toBe(200);
    const made = await asSystem('POST', '/api/ovens', token, { name: 'New', type: 'MiSA', warm_ups: [] });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('still asks a request that carries cookies for the CSRF header', async () => {
    const { session } = await owner();
    const { token } = await makeToken(session, ['ovens:write']);
    const res = await ctx.api(
      'POST',
      '/api/ovens',
      { name: 'New', type: 'MiSA', warm_ups: [] },
      {
        token,
        csrf: false,
        headers: { cookie: 'XSRF-TOKEN=abc' },
      },
    );
    expect(res.statusCode).toBe(419);
  });

  it('refuses an action outside its scopes, naming the scope', async () => {
    const { session } = await owner();
    const { token } = await makeToken(session, ['ovens:read']);
    const res = await asSystem('POST', '/api/ovens', token, { name: 'New', type: 'MiSA', warm_ups: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      key: 'ruleMessages.tokenLacksScope',
      params: { scope: 'ovens:write' },
    });
  });

  it('cannot manage tokens, webhooks, members, the team or the account, nor act as an admin', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const { token } = await makeToken(await createSession(ctx.db, admin.id), [
      'ovens:read',
      'team:read',
      'recipes:write',
    ]);
    const teamId = admin.teamId!;
    for (const [method, url, body] of [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'x', scopes: ['ovens:read'] }],
      ['GET', `/api/teams/${teamId}/webhooks`],
      ['PUT', `/api/teams/${teamId}`, { name: 'Renamed' }],
      [
        'POST',
        `/api/teams/${teamId}/invitations`,
        { email: 'a@example.com', role: 'crew', location_ids: [] },
      ],
      ['PUT', `/api/users/${admin.id}`, { username: 'x' }],
      ['GET', '/api/users'],
      ['GET', '/api/reports'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await asSystem(method, url, token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('reads the team members and trail with team:read, in its own team only', async () => {
    const { user, session } = await owner();
    const { token } = await makeToken(session, ['team:read']);
    expect((await asSystem('GET', `/api/teams/${user.teamId}/members`, token)).statusCode).toBe(200);
    const other = await createUser(ctx.db);
    await addMember(ctx.db, other.teamId!, user.id, 'owner', { current: false });
    const res = await asSystem('GET', `/api/teams/${other.teamId}/members`, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ key: 'ruleMessages.tokenOtherTeam' });
  });

  it('acts in the team it was made in after its creator switches team', async () => {
    const { user, session } = await owner();
    await createOven(ctx.db, user.id, { name: 'Home oven' });
    const { token } = await makeToken(session, ['ovens:read']);
    const other = await createUser(ctx.db);
    await createOven(ctx.db, other.id, { name: 'Elsewhere' });
    await addMember(ctx.db, other.teamId!, user.id, 'manager');
    const res = await asSystem('GET', '/api/ovens', token);
    expect(res.json<{ data: { name: string }[] }>().data.map((o) => o.name)).toEqual(['Home oven']);
  });

  it("is nobody on a public route: the outbox shows a token no mail, not its creator's", async () => {
    const { session } = await owner();
    const { token } = await makeToken(session, ['ovens:read']);
    const res = await ctx.api('GET', '/api/outbox', undefined, {
      token,
      csrf: false,
      ip: '203.0.113.77',
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'none', data: [] });
    const me = await asSystem('GET', '/api/auth/check', token);
    expect(me.statusCode).toBe(200);
  });

  it("ends a removed member's tokens for the team, so inviting them back does not bring them back", async () => {
    const { user, session } = await owner();
    const manager = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, user.teamId!, manager.id, 'manager');
    const { token } = await makeToken(await createSession(ctx.db, manager.id), ['ovens:read']);
    const removed = await ctx.api('DELETE', `/api/teams/${user.teamId}/members/${manager.id}`, undefined, {
      token: session,
    });
    expect(removed.statusCode).toBe(200);
    await addMember(ctx.db, user.teamId!, manager.id, 'manager');
    expect((await asSystem('GET', '/api/ovens', token)).statusCode).toBe(401);
  });

  it("sees only the jobs it started, not its creator's", async () => {
    const { session } = await owner();
    const { token } = await makeToken(session, ['recipes:read']);
    const started = await ctx.api('GET', '/api/createpdfs?owner=community', undefined, { token: session });
    const jobId = started.json<{ job: { id: number } }>().job.id;
    await ctx.app.jobs.idle();
    expect((await asSystem('GET', `/api/jobs/${jobId}`, token)).statusCode).toBe(404);
    expect((await ctx.api('GET', `/api/jobs/${jobId}`, undefined, { token: session })).statusCode).toBe(200);
  });

  it('refuses at creation a scope the role cannot use', async () => {
    const { user } = await owner();
    const crew = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, user.teamId!, crew.id, 'crew');
    const res = await ctx.api(
      'POST',
      '/api/tokens',
      { name: 'Mine', scopes: ['ovens:read', 'ovens:write'] },
      { token: await createSession(ctx.db, crew.id) },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ key: 'ruleMessages.tokenScopeBeyondRole' });
    expect(res.json<{ errors: Record<string, string[]> }>().errors.scopes![0]).toContain('ovens:write');
  });

  it('shrinks with a demoted creator and stops for a removed one', async () => {
    const { user } = await owner();
    const manager = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, user.teamId!, manager.id, 'manager');
    const { token } = await makeToken(await createSession(ctx.db, manager.id), ['ovens:read', 'ovens:write']);
    const body = { name: 'New', type: 'MiSA', warm_ups: [] };
    expect((await asSystem('POST', '/api/ovens', token, body)).statusCode).toBe(201);
    await ctx.db.update(teamMembers).set({ role: 'crew' }).where(eq(teamMembers.userId, manager.id));
    expect((await asSystem('POST', '/api/ovens', token, body)).statusCode).toBe(403);
    await ctx.db.delete(teamMembers).where(eq(teamMembers.userId, manager.id));
    const gone = await asSystem('GET', '/api/ovens', token);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ key: 'ruleMessages.tokenInvalid' });
  });

  it("lets nobody revoke another person's token, but an owner their team's", async () => {
    const { user, session } = await owner();
    const manager = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, user.teamId!, manager.id, 'manager');
    const managerSession = await createSession(ctx.db, manager.id);
    const ownersToken = await makeToken(session, ['ovens:read']);
    const managersToken = await makeToken(managerSession, ['ovens:read']);
    expect(
      (await ctx.api('DELETE', `/api/tokens/${ownersToken.id}`, undefined, { token: managerSession }))
        .statusCode,
    ).toBe(404);
    const seen = (await ctx.api('GET', '/api/tokens', undefined, { token: session })).json<{
      data: { id: number }[];
    }>();
    expect(seen.data.map((t) => t.id)).toContain(managersToken.id);
    expect(
      (await ctx.api('DELETE', `/api/tokens/${managersToken.id}`, undefined, { token: session })).statusCode,
    ).toBe(200);
  });

  it('is rate-limited per token with a wait to retry after', async () => {
    const { session } = await owner();
    const { token } = await makeToken(session, ['ovens:read']);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await asSystem('GET', '/api/ovens', token)).statusCode);
    expect(statuses.slice(-2)).toEqual([200, 429]);
    const other = await makeToken(session, ['ovens:read']);
    expect((await asSystem('GET', '/api/ovens', other.token)).statusCode).toBe(200);
  });

  it('names the field of a bad request', async () => {
    const { session } = await owner();
    const res = await ctx.api(
      'POST',
      '/api/tokens',
      { name: ' ', scopes: ['ovens:fly'] },
      { token: session },
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['name', 'scopes.0']);
  });
  // Last: it moves the clock past every session's end.
  it('stops at once when revoked, and when it expires', async () => {
    const { session } = await owner();
    const revoked = await makeToken(session, ['ovens:read']);
    expect(
      (await ctx.api('DELETE', `/api/tokens/${revoked.id}`, undefined, { token: session })).statusCode,
    ).toBe(200);
    expect((await asSystem('GET', '/api/ovens', revoked.token)).statusCode).toBe(401);

    const brief = await makeToken(session, ['ovens:read'], { expires_in_days: 1 });
    expect((await asSystem('GET', '/api/ovens', brief.token)).statusCode).toBe(200);
    ctx.clock.advance(86_400_000 + 1000);
    expect((await asSystem('GET', '/api/ovens', brief.token)).statusCode).toBe(401);
  });
});
