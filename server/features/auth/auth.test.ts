import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../../shared/i18n/english';
import { sessions, teamMembers, teams, users } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { createTestContext, type TestContext, waitForMail } from '../../test/harness';
import { linkIn } from '../../test/smtp-catcher';
import { INVALID_RESET_MESSAGE, RESET_TTL_MS, SESSION_TTL_MS, UNVERIFIED_MESSAGE } from './auth.service';

let ctx: TestContext;
let ipSeq = 0;
beforeAll(async () => {
  ctx = await createTestContext({
    rateLimits: {
      loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
      loginFailuresPerIpAccount: { max: 3, windowMs: 60_000 },
      registerPerIp: { max: 3, windowMs: 60_000 },
      passwordEmailPerAccount: { max: 2, windowMs: 60_000 },
    },
  });
});
afterAll(() => ctx?.close());

const validRegistration = (n: string) => ({
  username: `cook_${n}`,
  company: 'Pizza Place',
  email: `Cook.${n}@Example.com`,
  password: 'longenough',
  password_confirmation: 'longenough',
  privacy_policy: true,
  opt_in: true,
});

async function login(username: string, password: string, remember = false) {
  const res = await ctx.api('POST', '/api/login', { username, password, remember });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; expires_at: string }>();
}

describe('CSRF header', () => {
  it('refuses a write without the header or with a different value', async () => {
    const none = await ctx.api('POST', '/api/login', { username: 'a', password: 'b' }, { csrf: false });
    expect(none.statusCode).toBe(419);
    const wrong = await ctx.api(
      'POST',
      '/api/login',
      { username: 'a', password: 'b' },
      { csrf: false, headers: { cookie: 'XSRF-TOKEN=one', 'x-xsrf-token': 'two' } },
    );
    expect(wrong.statusCode).toBe(419);
  });

  it('sets the cookie on a read', async () => {
    const res = await ctx.api('GET', '/api/auth/check', undefined, { csrf: false });
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
  });
});

describe('POST /api/register', () => {
  it('creates an unverified user with a lowercased e-mail and mails a working verification link', async () => {
    const res = await ctx.api('POST', '/api/register', validRegistration('a1'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      created: true,
      user: { username: 'cook_a1', email: 'cook.a1@example.com', company: 'Pizza Place', role: 'other' },
    });
    const mail = await waitForMail(ctx, ctx.mail.length || 1);
    expect(mail.to).toContain('cook.a1@example.com');
    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe('http://hearth.test/verify-account');
    expect(link.searchParams.get('email')).toBe('cook.a1@example.com');

    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'cook.a1@example.com'));
    expect(row?.verifiedAt).toBeNull();
    expect(row?.optIn).toBe(true);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    // A kitchen of one from the start: a team named after the company, which they own and work in.
    const [member] = await ctx.db
      .select({ role: teamMembers.role, current: teamMembers.current, name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, row!.id));
    expect(member).toEqual({ role: 'owner', current: true, name: 'Pizza Place' });
  });

  it.each([
    [{ username: '' }, 'username', 'Username is required.'],
    [
      { username: 'has space' },
      'username',
      'The username must only contains letters, numbers, dashes and underscores.',
    ],
    [
      { username: 'bad!' },
      'username',
      'The username must only contains letters, numbers, dashes and underscores.',
    ],
    [{ email: '' }, 'email', 'Email is required.'],
    [{ email: 'no-at.example.com' }, 'email', 'Email must be a valid email address.'],
    [{ email: 'a@b.c' }, 'email', 'Email must be a valid email address.'],
    [{ password: '' }, 'password', 'Password is required.'],
    [
      { password: 'short12', password_confirmation: 'short12' },
      'password',
      'The password must be at least 8 characters.',
    ],
    [{ password_confirmation: '' }, 'password_confirmation', 'Confirm password is required.'],
    [{ password_confirmation: 'different1' }, 'password_confirmation', 'Passwords does not match.'],
    [{ privacy_policy: false }, 'privacy_policy', 'You need to accept the Privacy Policy.'],
  ])('rejects %j with a message on %s and creates nothing', async (patch, field, message) => {
    const before = await ctx.db.select().from(users);
    const ip = `10.0.5.${++ipSeq}`;
    const res = await ctx.api(
      'POST',
      '/api/register',
      { ...validRegistration(`bad${ipSeq}`), ...patch },
      { ip },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(message);
    expect(await ctx.db.select().from(users)).toHaveLength(before.length);
  });

  it('refuses a taken username (any case) and a taken e-mail', async () => {
    await ctx.api('POST', '/api/register', validRegistration('dup'), { ip: '10.0.0.2' });
    const res = await ctx.api(
      'POST',
      '/api/register',
      { ...validRegistration('dup'), username: 'COOK_DUP' },
      { ip: '10.0.0.2' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: {
        username: ['The username has already been taken.'],
        email: ['The email has already been taken.'],
      },
    });
  });

  it('is rate-limited per e-mail, whatever the IP', async () => {
    for (let i = 0; i < 5; i++) {
      await ctx.api(
        'POST',
        '/api/register',
        { ...validRegistration('same'), username: '' },
        { ip: `10.8.0.${i}` },
      );
    }
    const res = await ctx.api('POST', '/api/register', validRegistration('same'), { ip: '10.8.0.99' });
    expect(res.statusCode).toBe(429);
  });

  it('is rate-limited per IP with a clear 429', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 3; i++) await ctx.api('POST', '/api/register', { username: '' }, { ip });
    const res = await ctx.api('POST', '/api/register', validRegistration('rl'), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toMatch(/Too many attempts\. Please wait 1 minute/);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/verify-account', () => {
  it('verifies with the mailed token, then says already_verified; unknown e-mail is user_not_found', async () => {
    const sent = ctx.mail.length;
    await ctx.api('POST', '/api/register', validRegistration('v1'), { ip: '10.0.1.1' });
    const link = new URL(linkIn(await waitForMail(ctx, sent + 1)));
    const body = { email: link.searchParams.get('email'), token: link.searchParams.get('token') };

    const unverified = await ctx.api('POST', '/api/login', { username: 'cook_v1', password: 'longenough' });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ message: english(UNVERIFIED_MESSAGE), code: 'unverified' });

    expect((await ctx.api('POST', '/api/verify-account', body)).json()).toEqual({ message: 'verified' });
    expect((await ctx.api('POST', '/api/verify-account', body)).json()).toEqual({
      message: 'already_verified',
    });
    const nobody = await ctx.api('POST', '/api/verify-account', { email: 'nobody@example.com', token: 'x' });
    expect(nobody.json()).toEqual({ message: 'user_not_found' });
    await login('cook_v1', 'longenough');
  });

  it('refuses a wrong token and an expired one', async () => {
    const sent = ctx.mail.length;
    await ctx.api('POST', '/api/register', validRegistration('v2'), { ip: '10.0.1.2' });
    const link = new URL(linkIn(await waitForMail(ctx, sent + 1)));
    const email = link.searchParams.get('email');
    const wrong = await ctx.api('POST', '/api/verify-account', { email, token: 'not-the-token' });
    expect(wrong.statusCode).toBe(422);
    ctx.clock.advance(49 * 3_600_000);
    const expired = await ctx.api('POST', '/api/verify-account', {
      email,
      token: link.searchParams.get('token'),
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json<{ message: string }>().message).toMatch(/invalid or has expired/);

    // A new link works and makes the old one useless.
    const before = ctx.mail.length;
    await ctx.api('POST', '/api/verify-account/resend', { email });
    const fresh = new URL(linkIn(await waitForMail(ctx, before + 1)));
    const ok = await ctx.api('POST', '/api/verify-account', {
      email,
      token: fresh.searchParams.get('token'),
    });
    expect(ok.json()).toEqual({ message: 'verified' });
  });
});

describe('login, check and logout', () => {
  it('logs in by username (any case) or e-mail and answers auth/check with the user and role', async () => {
    const user = await createUser(ctx.db, { username: 'Chef_Ana' });
    const { token } = await login('chef_ana', user.password);
    const byEmail = await ctx.api('POST', '/api/login', {
      username: user.email.toUpperCase(),
      password: user.password,
    });
    expect(byEmail.statusCode).toBe(200);

    const check = await ctx.api('GET', '/api/auth/check', undefined, { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      auth: true,
      user: {
        id: user.id,
        username: 'Chef_Ana',
        company: user.company,
        email: user.email,
        role: 'other',
        temperature_unit: 'F',
        language: null,
        team: { id: user.teamId, name: "Chef_Ana's kitchen", role: 'owner', location_ids: [] },
      },
      role: 'other',
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).not.toBeNull();
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(ctx.db);
    const { token } = await login(user.username, user.password);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 401 "Wrong credentials" for a wrong password or an unknown user', async () => {
    const user = await createUser(ctx.db);
    for (const body of [
      { username: user.username, password: 'wrong-password' },
      { username: 'nobody_here', password: 'whatever1' },
    ]) {
      const res = await ctx.api('POST', '/api/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Wrong credentials',
        key: 'ruleMessages.wrongCredentials',
        params: {},
      });
    }
  });

  it.each([
    [{ password: 'x' }, 'username', 'Username is required.'],
    [{ username: 'x' }, 'password', 'Password is required.'],
    [{ username: '   ', password: 'x' }, 'username', 'Username is required.'],
  ])('validates %j', async (body, field, message) => {
    const res = await ctx.api('POST', '/api/login', body);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
  });

  it('gives a short session without remember and a long one with it; an expired token is refused', async () => {
    const user = await createUser(ctx.db);
    const short = await login(user.username, user.password, false);
    const long = await login(user.username, user.password, true);
    const now = ctx.clock.now.getTime();
    expect(new Date(short.expires_at).getTime() - now).toBe(SESSION_TTL_MS);
    expect(new Date(long.expires_at).getTime() - now).toBeGreaterThan(7 * 24 * 3_600_000);

    ctx.clock.advance(SESSION_TTL_MS + 1000);
    expect((await ctx.api('GET', '/api/auth/check', undefined, { token: short.token })).statusCode).toBe(401);
    expect((await ctx.api('GET', '/api/auth/check', undefined, { token: long.token })).statusCode).toBe(200);
  });

  it('logout revokes the token; a wrong token is 401', async () => {
    const user = await createUser(ctx.db);
    const { token } = await login(user.username, user.password);
    expect((await ctx.api('POST', '/api/logout', undefined, { token })).json()).toEqual({ logged_out: true });
    const after = await ctx.api('GET', '/api/auth/check', undefined, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ auth: false, message: 'Unauthenticated.' });
    expect((await ctx.api('POST', '/api/logout', undefined, { token: 'made-up' })).statusCode).toBe(401);
  });

  it('slows an account after failures from many addresses, but the right password still gets in', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) {
      await ctx.api(
        'POST',
        '/api/login',
        { username: user.username, password: 'bad' },
        { ip: `10.1.0.${i}` },
      );
    }
    const started = performance.now();
    const res = await ctx.api(
      'POST',
      '/api/login',
      { username: user.username, password: user.password },
      { ip: '10.1.0.99' },
    );
    expect(res.statusCode).toBe(200);
    // The answer was held back: a guesser gets fewer tries a minute (the wait itself is a lower bound).
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('refuses an address after too many failures on one account, even with the right password', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 3; i++)
      await ctx.api('POST', '/api/login', { username: user.username, password: 'bad' }, { ip: '10.5.0.1' });
    const same = await ctx.api(
      'POST',
      '/api/login',
      { username: user.username, password: user.password },
      { ip: '10.5.0.1' },
    );
    expect(same.statusCode).toBe(429);
    expect(same.headers['retry-after']).toBeDefined();
    const elsewhere = await ctx.api(
      'POST',
      '/api/login',
      { username: user.username, password: user.password },
      { ip: '10.5.0.2' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts failures by username and by e-mail against one account', async () => {
    const user = await createUser(ctx.db);
    await ctx.api('POST', '/api/login', { username: user.username, password: 'bad' }, { ip: '10.6.0.1' });
    await ctx.api('POST', '/api/login', { username: user.email, password: 'bad' }, { ip: '10.6.0.1' });
    await ctx.api(
      'POST',
      '/api/login',
      { username: user.username.toUpperCase(), password: 'bad' },
      { ip: '10.6.0.1' },
    );
    const res = await ctx.api(
      'POST',
      '/api/login',
      { username: user.email, password: user.password },
      { ip: '10.6.0.1' },
    );
    expect(res.statusCode).toBe(429);
  });

  it('never counts successful log-ins: a kitchen sharing one account logs in as often as it likes', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 12; i++) {
      const res = await ctx.api(
        'POST',
        '/api/login',
        { username: user.username, password: user.password },
        { ip: '10.7.0.1' },
      );
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('password reset', () => {
  it('mails a reset link; the link sets a new password once and ends old sessions', async () => {
    const user = await createUser(ctx.db);
    const { token: oldSession } = await login(user.username, user.password);
    const sent = ctx.mail.length;
    const res = await ctx.api('POST', '/api/password/email', { email: user.email.toUpperCase() });
    expect(res.json()).toEqual({ sent: true });
    const link = new URL(linkIn(await waitForMail(ctx, sent + 1)));
    expect(link.pathname).toMatch(/^\/password\/reset\/[\w-]+$/);
    const token = decodeURIComponent(link.pathname.split('/').pop()!);

    const body = {
      email: user.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      token,
    };
    expect((await ctx.api('POST', '/api/password/reset', body)).json()).toEqual({ updated: true });
    expect((await ctx.api('GET', '/api/auth/check', undefined, { token: oldSession })).statusCode).toBe(401);
    await login(user.username, 'brand-new-pass');
    const again = await ctx.api('POST', '/api/password/reset', body);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ updated: false, message: english(INVALID_RESET_MESSAGE) });
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const sent = ctx.mail.length;
    const res = await ctx.api(
      'POST',
      '/api/password/email',
      { email: 'ghost@example.com' },
      { ip: '10.2.0.1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.mail.length).toBe(sent);
  });

  it('refuses an expired token, a token for another e-mail, and bad input', async () => {
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const sent = ctx.mail.length;
    await ctx.api('POST', '/api/password/email', { email: a.email }, { ip: '10.2.0.2' });
    const token = decodeURIComponent(
      new URL(linkIn(await waitForMail(ctx, sent + 1))).pathname.split('/').pop()!,
    );
    const other = await ctx.api('POST', '/api/password/reset', {
      email: b.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      token,
    });
    expect(other.statusCode).toBe(422);
    const mismatch = await ctx.api('POST', '/api/password/reset', {
      email: a.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pasz',
      token,
    });
    expect(mismatch.json()).toMatchObject({
      errors: { password_confirmation: ['Password does not match.'] },
    });
    const short = await ctx.api('POST', '/api/password/reset', {
      email: a.email,
      password: 'short',
      password_confirmation: 'short',
      token,
    });
    expect(short.json()).toMatchObject({
      errors: { password: ['The password must be at least 8 characters.'] },
    });
    ctx.clock.advance(RESET_TTL_MS + 1000);
    const expired = await ctx.api('POST', '/api/password/reset', {
      email: a.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      token,
    });
    expect(expired.json()).toMatchObject({ updated: false, message: english(INVALID_RESET_MESSAGE) });
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: 'nope' }, 'Email must be a valid email address'],
  ])('forgot-password validates %j', async (body, message) => {
    const res = await ctx.api('POST', '/api/password/email', body, { ip: '10.2.0.3' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { email: [message] } });
  });

  it('is rate-limited per account', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 2; i++)
      await ctx.api('POST', '/api/password/email', { email: user.email }, { ip: `10.3.0.${i}` });
    const res = await ctx.api('POST', '/api/password/email', { email: user.email }, { ip: '10.3.0.50' });
    expect(res.statusCode).toBe(429);
  });
});

describe('housekeeping', () => {
  it('a login removes that user’s expired sessions', async () => {
    const user = await createUser(ctx.db);
    await login(user.username, user.password);
    ctx.clock.advance(SESSION_TTL_MS + 1000);
    await login(user.username, user.password);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
