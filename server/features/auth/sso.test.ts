import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/contracts/auth';
import type { SsoSettingsReply } from '../../../shared/contracts/teams';
import {
  teamActivity,
  teamMembers,
  teamSso,
  teamSsoDomains,
  userIdentities,
  users,
} from '../../db/schema/index';
import { SSO_BROWSER_COOKIE } from '../../http/sso-browser';
import { addMember, createSession, createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { createLocationWith, createTestContext, type TestContext } from '../../test/harness';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider';

const CALLBACK = 'http://hearth.test/api/auth/sso/callback';
const BROWSER = 'a-browser-cookie-value-0123456789abcdef';

let ctx: TestContext;
let idp: TestProvider;
let owner: { id: number; teamId: number; token: string };
let n = 0;

beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [CALLBACK] });
  ctx = await createTestContext({
    env: { SSO_ALLOW_INSECURE_ISSUER: 'true', SSO_DOMAIN_VERIFICATION: 'off' },
  });
});
afterAll(async () => {
  await ctx.close();
  await idp.close();
});

/** A fresh domain per test: a domain belongs to one team. */
const freshDomain = () => `chain${process.pid}x${++n}.example`;

async function newOwner() {
  const user = await createUser(ctx.db);
  return { id: user.id, teamId: user.teamId!, token: await createSession(ctx.db, user.id) };
}

function settings(domain: string, extra: Record<string, unknown> = {}) {
  return {
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    domains: [domain],
    default_role: 'crew',
    default_location_ids: [] as number[],
    enforce: false,
    ...extra,
  };
}

async function setUp(
  who: { teamId: number; token: string },
  domain: string,
  extra: Record<string, unknown> = {},
) {
  const res = await ctx.api('PUT', `/api/teams/${who.teamId}/sso`, settings(domain, extra), {
    token: who.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SsoSettingsReply>();
}

/** GET /api/auth/sso as a browser with the sign-in cookie: where it is sent. */
async function start(email: string, browser = BROWSER) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/auth/sso?email=${encodeURIComponent(email)}`,
    headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}` },
  });
}

/** The provider's answer (after signing in as `sub`), delivered to Hearth's callback: where Hearth sends the browser. */
async function answer(providerRedirect: string, browser = BROWSER) {
  const url = new URL(providerRedirect);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}`, 'accept-language': 'de-DE,de;q=0.9' },
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string);
}

async function exchange(landing: URL, browser = BROWSER) {
  const handoff = new URLSearchParams(landing.hash.slice(1)).get('handoff') ?? '';
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sso/session',
    payload: { handoff },
    headers: { cookie: `${SSO_BROWSER_COOKIE}=${browser}; XSRF-TOKEN=t`, 'x-xsrf-token': 't' },
  });
}

/** The whole trip: start, the provider, the callback; the landing page's address. */
async function signIn(email: string, sub: string) {
  const started = await start(email);
  expect(started.statusCode, started.body).toBe(302);
  return answer(await idp.signInAs(started.headers.location as string, sub));
}

beforeEach(async () => {
  owner = await newOwner();
});

describe('setting up company sign-in', () => {
  it('keeps the provider and domains and never sends the secret back', async () => {
    const domain = freshDomain();
    const saved = await setUp(owner, domain);
    expect(saved.data).toMatchObject({
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret_set: true,
      default_role: 'crew',
      enforce: false,
      redirect_uri: CALLBACK,
      proof_required: false,
    });
    expect(saved.data!.domains).toEqual([
      expect.objectContaining({ domain, verified: true, record_name: domain, taken: false }),
    ]);
    const read = await ctx.api('GET', `/api/teams/${owner.teamId}/sso`, undefined, { token: owner.token });
    expect(read.body).not.toContain(idp.clientSecret);
  });

  it('keeps the secret already set when a change leaves it out', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const res = await ctx.api(
      'PUT',
      `/api/teams/${owner.teamId}/sso`,
      settings(domain, { client_secret: undefined, enforce: true }),
      { token: owner.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(teamSso).where(eq(teamSso.teamId, owner.teamId));
    expect(row).toMatchObject({ clientSecret: idp.clientSecret, enforce: true });
  });

  it('asks for the client secret the first time', async () => {
    const res = await ctx.api(
      'PUT',
      `/api/teams/${owner.teamId}/sso`,
      settings(freshDomain(), { client_secret: '' }),
      { token: owner.token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.client_secret).toBeDefined();
  });

  it('refuses an issuer that is no OpenID provider, on the issuer field', async () => {
    const res = await ctx.api(
      'PUT',
      `/api/teams/${owner.teamId}/sso`,
      settings(freshDomain(), { issuer: `${idp.issuer}/nothing-here` }),
      { token: owner.token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.issuer?.[0]).toContain(
      'No OpenID provider',
    );
  });

  it('names each domain that is not one', async () => {
    const res = await ctx.api(
      'PUT',
      `/api/teams/${owner.teamId}/sso`,
      settings('x', { domains: ['good.example', 'not a domain'] }),
      { token: owner.token },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['domains.1']);
  });

  it('refuses a domain another team signs in (409)', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const other = await newOwner();
    const res = await ctx.api('PUT', `/api/teams/${other.teamId}/sso`, settings(domain), {
      token: other.token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain(domain);
  });

  it('refuses a manager (403) and a stranger (404)', async () => {
    const manager = await createUser(ctx.db);
    await addMember(ctx.db, owner.teamId, manager.id, 'manager');
    const managerToken = await createSession(ctx.db, manager.id);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', settings(freshDomain())],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.api(method, `/api/teams/${owner.teamId}/sso`, body, { token: managerToken });
      expect(res.statusCode, `${method} by a manager`).toBe(403);
    }
    const stranger = await newOwner();
    const res = await ctx.api('GET', `/api/teams/${owner.teamId}/sso`, undefined, { token: stranger.token });
    expect(res.statusCode).toBe(404);
  });

  it('writes the setting and its removal in the trail', async () => {
    await setUp(owner, freshDomain());
    await ctx.api('DELETE', `/api/teams/${owner.teamId}/sso`, undefined, { token: owner.token });
    const lines = await ctx.db
      .select({ action: teamActivity.action })
      .from(teamActivity)
      .where(eq(teamActivity.teamId, owner.teamId));
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(['sso.set', 'sso.removed']));
  });
});

describe('signing in with the company account', () => {
  it('makes an account for someone new, in the team with its default role and locations, signed in', async () => {
    const domain = freshDomain();
    const place = await createLocationWith(ctx, owner.token, 'Store 7', []);
    await setUp(owner, domain, { default_role: 'store', default_location_ids: [place.id] });
    idp.add({ sub: `new-${n}`, email: `maria@${domain}`, email_verified: true, name: 'Maria' });
    const landing = await signIn(`maria@${domain}`, `new-${n}`);
    expect(landing.pathname).toBe('/login/company');
    const res = await exchange(landing);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<LoginResponse>();
    expect(session.user).toMatchObject({
      email: `maria@${domain}`,
      team: { id: owner.teamId, role: 'store', location_ids: [place.id] },
    });
    const check = await ctx.api('GET', '/api/auth/check', undefined, { token: session.token });
    expect(check.json()).toMatchObject({ auth: true });
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, `maria@${domain}`));
    // A German browser: the account reads °C.
    expect(user).toMatchObject({ temperatureUnit: 'C' });
    expect(user!.verifiedAt).not.toBeNull();
  });

  it('finds the same person by their subject when their address changed at the provider', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `same-${n}`, email: `old@${domain}`, email_verified: true });
    const first = (await (
      await exchange(await signIn(`old@${domain}`, `same-${n}`))
    ).json()) as LoginResponse;
    idp.add({ sub: `same-${n}`, email: `new@${domain}`, email_verified: true });
    const second = (await (
      await exchange(await signIn(`new@${domain}`, `same-${n}`))
    ).json()) as LoginResponse;
    expect(second.user.id).toBe(first.user.id);
  });

  it('links an existing account by its address the first time, and it joins the team', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const existing = await createUser(ctx.db, { email: `cook@${domain}` });
    idp.add({ sub: `link-${n}`, email: `cook@${domain}`, email_verified: true });
    const session = (await (
      await exchange(await signIn(`cook@${domain}`, `link-${n}`))
    ).json()) as LoginResponse;
    expect(session.user.id).toBe(existing.id);
    expect(session.user.team).toMatchObject({ id: owner.teamId, role: 'crew' });
    const links = await ctx.db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id));
    expect(links).toHaveLength(1);
  });

  it('keeps the role of someone already in the team', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const manager = await createUser(ctx.db, { email: `boss@${domain}` });
    await addMember(ctx.db, owner.teamId, manager.id, 'manager', { current: false });
    idp.add({ sub: `boss-${n}`, email: `boss@${domain}`, email_verified: true });
    const session = (await (
      await exchange(await signIn(`boss@${domain}`, `boss-${n}`))
    ).json()) as LoginResponse;
    expect(session.user.team).toMatchObject({ id: owner.teamId, role: 'manager' });
  });

  it('writes the newcomer in the trail', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `trail-${n}`, email: `new@${domain}`, email_verified: true });
    await exchange(await signIn(`new@${domain}`, `trail-${n}`));
    const lines = await ctx.db
      .select({ action: teamActivity.action, summary: teamActivity.summary })
      .from(teamActivity)
      .where(and(eq(teamActivity.teamId, owner.teamId), eq(teamActivity.action, 'member.joined')));
    expect(lines).toEqual([
      { action: 'member.joined', summary: 'Joined as crew through the company sign-in' },
    ]);
  });

  it("takes Entra ID's xms_edov for a verified address when email_verified is left out", async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `entra-${n}`, email: `entra@${domain}`, xms_edov: true });
    const landing = await signIn(`entra@${domain}`, `entra-${n}`);
    expect(landing.searchParams.get('refused')).toBeNull();
    expect((await exchange(landing)).statusCode).toBe(200);
  });

  it('refuses an address with neither email_verified nor xms_edov', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `bare-${n}`, email: `bare@${domain}` });
    expect((await signIn(`bare@${domain}`, `bare-${n}`)).searchParams.get('refused')).toBe('unverified');
  });

  it('reads the address from the userinfo endpoint when the ID token leaves it out', async () => {
    const lean = await startTestProvider({ redirectUris: [CALLBACK], claimsInIdToken: false });
    try {
      const domain = freshDomain();
      const res = await ctx.api(
        'PUT',
        `/api/teams/${owner.teamId}/sso`,
        {
          ...settings(domain),
          issuer: lean.issuer,
          client_id: lean.clientId,
          client_secret: lean.clientSecret,
        },
        { token: owner.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      lean.add({ sub: 'lean-1', email: `lean@${domain}`, email_verified: true });
      const started = await start(`lean@${domain}`);
      const landing = await answer(await lean.signInAs(started.headers.location as string, 'lean-1'));
      expect((await exchange(landing)).statusCode).toBe(200);
    } finally {
      await lean.close();
    }
  });
});

describe('what company sign-in refuses, making no account', () => {
  const refusal = (landing: URL) => landing.searchParams.get('refused');
  const accountsFor = async (email: string) =>
    (await ctx.db.select().from(users).where(eq(users.email, email))).length;

  it('refuses an address the provider has not verified', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `unv-${n}`, email: `unv@${domain}`, email_verified: false });
    expect(refusal(await signIn(`unv@${domain}`, `unv-${n}`))).toBe('unverified');
    expect(await accountsFor(`unv@${domain}`)).toBe(0);
  });

  it("refuses an address outside the team's domains", async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `out-${n}`, email: `someone@elsewhere.example`, email_verified: true });
    const landing = await signIn(`x@${domain}`, `out-${n}`);
    expect(refusal(landing)).toBe('domain');
    expect(await accountsFor('someone@elsewhere.example')).toBe(0);
  });

  it('refuses a replayed answer', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `replay-${n}`, email: `r@${domain}`, email_verified: true });
    const started = await start(`r@${domain}`);
    const back = await idp.signInAs(started.headers.location as string, `replay-${n}`);
    expect(refusal(await answer(back))).toBeNull();
    expect(refusal(await answer(back))).toBe('state');
  });

  it('refuses a wrong state', async () => {
    const landing = await answer(`${CALLBACK}?code=abc&state=not-a-state-we-gave`);
    expect(refusal(landing)).toBe('state');
  });

  it('refuses an answer carried to another browser', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `carry-${n}`, email: `c@${domain}`, email_verified: true });
    const started = await start(`c@${domain}`);
    const back = await idp.signInAs(started.headers.location as string, `carry-${n}`);
    expect(refusal(await answer(back, 'another-browser-cookie-0123456789'))).toBe('browser');
    expect(await accountsFor(`c@${domain}`)).toBe(0);
  });

  it('refuses a code that was tampered with', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `tamper-${n}`, email: `t@${domain}`, email_verified: true });
    const started = await start(`t@${domain}`);
    const back = new URL(await idp.signInAs(started.headers.location as string, `tamper-${n}`));
    back.searchParams.set('code', `${back.searchParams.get('code')}x`);
    expect(refusal(await answer(back.href))).toBe('token');
  });

  it("says what the provider's refusal was", async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const started = await start(`who@${domain}`);
    const back = await idp.signInAs(started.headers.location as string, 'nobody-at-all');
    const landing = await answer(back);
    expect(refusal(landing)).toBe('provider');
    expect(landing.searchParams.get('detail')).toBe('access_denied');
  });

  it("never signs in one of the provider's administrators", async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    await createUser(ctx.db, { email: `admin@${domain}`, role: 'admin' });
    idp.add({ sub: `adm-${n}`, email: `admin@${domain}`, email_verified: true });
    expect(refusal(await signIn(`admin@${domain}`, `adm-${n}`))).toBe('account');
  });

  it('uses a hand-off once, and only in the browser of the trip', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `once-${n}`, email: `o@${domain}`, email_verified: true });
    const landing = await signIn(`o@${domain}`, `once-${n}`);
    expect((await exchange(landing, 'another-browser-cookie-0123456789')).statusCode).toBe(401);
    expect((await exchange(landing)).statusCode).toBe(200);
    expect((await exchange(landing)).statusCode).toBe(401);
  });

  it('says on the e-mail field when no team signs that domain in', async () => {
    const res = await start('chef@nobody-signs-this-in.example');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email?.[0]).toContain(
      'nobody-signs-this-in.example',
    );
  });
});

describe('what a team or a stranger cannot do with company sign-in', () => {
  it('takes over an account someone made with the address but never verified: its maker is locked out', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const squatter = await createUser(ctx.db, {
      email: `maria@${domain}`,
      verified: false,
      password: 'Eve-pass-2026!x',
    });
    const squatterSession = await createSession(ctx.db, squatter.id);
    idp.add({ sub: `real-${n}`, email: `maria@${domain}`, email_verified: true });
    const session = (await (
      await exchange(await signIn(`maria@${domain}`, `real-${n}`))
    ).json()) as LoginResponse;
    expect(session.user.id).toBe(squatter.id);
    const login = await ctx.api(
      'POST',
      '/api/login',
      { username: squatter.username, password: 'Eve-pass-2026!x' },
      { ip: '10.77.0.1' },
    );
    expect(login.statusCode).toBe(401);
    const old = await ctx.api('GET', '/api/auth/check', undefined, { token: squatterSession });
    expect(old.statusCode).toBe(401);
  });

  /** A provider whose discovery document is what the test says. */
  async function fakeProvider(document: (issuer: string) => unknown, raw?: string) {
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(raw ?? JSON.stringify(document(issuer)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const put = (issuer: string) =>
    ctx.api(
      'PUT',
      `/api/teams/${owner.teamId}/sso`,
      { ...settings(freshDomain()), issuer },
      { token: owner.token },
    );

  it('refuses a provider whose sign-in page is not a web address (no redirect to javascript: or elsewhere)', async () => {
    const evil = await fakeProvider((issuer) => ({
      issuer,
      authorization_endpoint: 'javascript:alert(1)',
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
    }));
    try {
      const res = await put(evil.issuer);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.issuer?.[0]).toContain(
        'authorization_endpoint',
      );
    } finally {
      await evil.close();
    }
  });

  it('refuses a discovery document too large to be one, without holding it', async () => {
    const huge = await fakeProvider(() => null, `{"issuer":"${'x'.repeat(2_000_000)}"}`);
    try {
      const res = await put(huge.issuer);
      expect(res.statusCode).toBe(422);
    } finally {
      await huge.close();
    }
  });

  it('says a metadata address is refused, not that nobody answered', async () => {
    const res = await put('http://169.254.169.254/');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.issuer?.[0]).toContain('does not call');
  });

  it('lands every malformed answer on the refusal page', async () => {
    for (const query of [
      `state=${'s'.repeat(300)}&code=x`,
      'state=a&state=b&code=x',
      `error=${'e'.repeat(300)}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/callback?${query}` });
      expect(res.statusCode, query).toBe(302);
      expect(res.headers.location).toContain('/login/company?refused=');
    }
  });
});

describe('passwords where the company signs people in', () => {
  async function memberWithPassword(domain: string, role: 'crew' | 'owner') {
    const user = await createUser(ctx.db, { email: `${role}${n}@${domain}` });
    await addMember(ctx.db, owner.teamId, user.id, role);
    return user;
  }
  const login = (username: string) =>
    ctx.api('POST', '/api/login', { username, password: DEFAULT_PASSWORD }, { ip: `10.9.${n % 250}.1` });

  it('refuses a password log-in in an enforced domain, pointing to the company sign-in', async () => {
    const domain = freshDomain();
    await setUp(owner, domain, { enforce: true });
    const crew = await memberWithPassword(domain, 'crew');
    const res = await login(crew.username);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sso_required', email: crew.email });
  });

  it("ends the open sessions of the people it now refuses a password, not the owners'", async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const crew = await memberWithPassword(domain, 'crew');
    const boss = await memberWithPassword(domain, 'owner');
    const crewSession = await createSession(ctx.db, crew.id);
    const bossSession = await createSession(ctx.db, boss.id);
    await setUp(owner, domain, { enforce: true });
    expect((await ctx.api('GET', '/api/auth/check', undefined, { token: crewSession })).statusCode).toBe(401);
    expect((await ctx.api('GET', '/api/auth/check', undefined, { token: bossSession })).statusCode).toBe(200);
  });

  it("keeps the team owners' passwords as their way in", async () => {
    const domain = freshDomain();
    await setUp(owner, domain, { enforce: true });
    const second = await memberWithPassword(domain, 'owner');
    expect((await login(second.email)).statusCode).toBe(200);
  });

  it('lets passwords in again once company sign-in is turned off', async () => {
    const domain = freshDomain();
    await setUp(owner, domain, { enforce: true });
    const crew = await memberWithPassword(domain, 'crew');
    await ctx.api('DELETE', `/api/teams/${owner.teamId}/sso`, undefined, { token: owner.token });
    expect((await login(crew.username)).statusCode).toBe(200);
  });

  it('lets passwords in when the setting does not enforce', async () => {
    const domain = freshDomain();
    await setUp(owner, domain, { enforce: false });
    const crew = await memberWithPassword(domain, 'crew');
    expect((await login(crew.username)).statusCode).toBe(200);
  });
});

describe('testing the setting', () => {
  it('checks a sign-in and comes back to the Team page, making no account', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    const test = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${owner.teamId}/sso/test`,
      headers: {
        authorization: `Bearer ${owner.token}`,
        cookie: `${SSO_BROWSER_COOKIE}=${BROWSER}; XSRF-TOKEN=t`,
        'x-xsrf-token': 't',
      },
    });
    expect(test.statusCode, test.body).toBe(200);
    idp.add({ sub: `tester-${n}`, email: `tester@${domain}`, email_verified: true });
    const landing = await answer(await idp.signInAs(test.json<{ url: string }>().url, `tester-${n}`));
    expect(landing.pathname).toBe('/team');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({
      company_test: 'passed',
      email: `tester@${domain}`,
    });
    expect(
      (
        await ctx.db
          .select()
          .from(users)
          .where(eq(users.email, `tester@${domain}`))
      ).length,
    ).toBe(0);
  });
});

describe('proving a domain with its TXT record', () => {
  let proof: TestContext;
  const records = new Map<string, string[]>();
  beforeAll(async () => {
    proof = await createTestContext({
      env: { SSO_ALLOW_INSECURE_ISSUER: 'true', SSO_DOMAIN_VERIFICATION: 'on' },
      lookupTxt: async (domain) => records.get(domain) ?? [],
    });
  });
  afterAll(() => proof.close());

  it('counts a domain only once its TXT record carries the team token', async () => {
    const user = await createUser(proof.db);
    const token = await createSession(proof.db, user.id);
    const domain = freshDomain();
    const put = await proof.api('PUT', `/api/teams/${user.teamId}/sso`, settings(domain), { token });
    const saved = put.json<SsoSettingsReply>().data!;
    expect(saved.domains[0]).toMatchObject({ verified: false, record_name: domain });
    expect(saved.domains[0]!.record_value).toMatch(/^hearth-domain-verification=/);
    // Not proved yet: nobody signs in through it.
    const early = await proof.app.inject({ method: 'GET', url: `/api/auth/sso?email=a@${domain}` });
    expect(early.statusCode).toBe(422);
    // A wrong record proves nothing; the right one does.
    records.set(domain, ['v=spf1 -all', 'hearth-domain-verification=wrong']);
    let verified = await proof.api('POST', `/api/teams/${user.teamId}/sso/verify`, undefined, { token });
    expect(verified.json<{ proved: string[] }>().proved).toEqual([]);
    records.set(domain, ['v=spf1 -all', saved.domains[0]!.record_value]);
    verified = await proof.api('POST', `/api/teams/${user.teamId}/sso/verify`, undefined, { token });
    expect(verified.json<{ proved: string[] }>().proved).toEqual([domain]);
    const later = await proof.app.inject({ method: 'GET', url: `/api/auth/sso?email=a@${domain}` });
    expect(later.statusCode).toBe(302);
  });

  it('does not call a domain taken because other teams proved other domains', async () => {
    const other = await createUser(proof.db);
    const otherToken = await createSession(proof.db, other.id);
    const theirs = freshDomain();
    const put = await proof.api('PUT', `/api/teams/${other.teamId}/sso`, settings(theirs), {
      token: otherToken,
    });
    records.set(theirs, [put.json<SsoSettingsReply>().data!.domains[0]!.record_value]);
    await proof.api('POST', `/api/teams/${other.teamId}/sso/verify`, undefined, { token: otherToken });
    const user = await createUser(proof.db);
    const token = await createSession(proof.db, user.id);
    const mine = await proof.api('PUT', `/api/teams/${user.teamId}/sso`, settings(freshDomain()), { token });
    expect(mine.json<SsoSettingsReply>().data!.domains[0]).toMatchObject({ verified: false, taken: false });
  });

  it('lets two teams claim a domain while unproved, and keeps it for the one that proves it', async () => {
    const domain = freshDomain();
    const first = await createUser(proof.db);
    const second = await createUser(proof.db);
    const firstToken = await createSession(proof.db, first.id);
    const secondToken = await createSession(proof.db, second.id);
    const a = await proof.api('PUT', `/api/teams/${first.teamId}/sso`, settings(domain), {
      token: firstToken,
    });
    const b = await proof.api('PUT', `/api/teams/${second.teamId}/sso`, settings(domain), {
      token: secondToken,
    });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    records.set(domain, [
      a.json<SsoSettingsReply>().data!.domains[0]!.record_value,
      b.json<SsoSettingsReply>().data!.domains[0]!.record_value,
    ]);
    await proof.api('POST', `/api/teams/${first.teamId}/sso/verify`, undefined, { token: firstToken });
    const late = await proof.api('POST', `/api/teams/${second.teamId}/sso/verify`, undefined, {
      token: secondToken,
    });
    expect(late.json<SsoSettingsReply>().data!.domains[0]).toMatchObject({ verified: false, taken: true });
    const rows = await proof.db
      .select({ teamId: teamSsoDomains.teamId, verifiedAt: teamSsoDomains.verifiedAt })
      .from(teamSsoDomains)
      .where(eq(teamSsoDomains.domain, domain));
    expect(rows.filter((r) => r.verifiedAt !== null).map((r) => r.teamId)).toEqual([first.teamId]);
  });
});

describe('team membership rows', () => {
  it('is one row per newcomer however often they sign in', async () => {
    const domain = freshDomain();
    await setUp(owner, domain);
    idp.add({ sub: `twice-${n}`, email: `twice@${domain}`, email_verified: true });
    await exchange(await signIn(`twice@${domain}`, `twice-${n}`));
    await exchange(await signIn(`twice@${domain}`, `twice-${n}`));
    const rows = await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, owner.teamId));
    expect(rows).toHaveLength(2);
  });
});
