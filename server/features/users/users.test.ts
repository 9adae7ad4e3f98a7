import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { createTestContext, type TestContext, waitForMail } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function loggedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const res = await ctx.api('POST', '/api/login', { username: user.username, password: user.password });
  return { user, token: res.json<{ token: string }>().token };
}

const profile = (user: { username: string; email: string }, patch: Record<string, unknown> = {}) => ({
  username: user.username,
  company: 'New Co',
  email: user.email,
  password: '',
  password_confirmation: '',
  privacy_policy: true,
  opt_in: false,
  ...patch,
});

describe('PUT /api/users/{id}', () => {
  it('updates username and company and keeps the password when both password fields are empty', async () => {
    const { user, token } = await loggedIn();
    const res = await ctx.api('PUT', `/api/users/${user.id}`, profile(user, { username: 'renamed_cook' }), {
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: user.id,
        username: 'renamed_cook',
        company: 'New Co',
        email: user.email,
        role: 'other',
        temperature_unit: 'F',
        language: null,
        team: { id: user.teamId, name: `${user.username}'s kitchen`, role: 'owner', location_ids: [] },
      },
    });
    const again = await ctx.api('POST', '/api/login', { username: 'renamed_cook', password: user.password });
    expect(again.statusCode).toBe(200);
  });

  it('changes the password when both fields are filled and signs out other devices only', async () => {
    const { user, token } = await loggedIn();
    const other = await ctx.api('POST', '/api/login', { username: user.username, password: user.password });
    const otherToken = other.json<{ token: string }>().token;
    const res = await ctx.api(
      'PUT',
      `/api/users/${user.id}`,
      profile(user, {
        current_password: user.password,
        password: 'a-new-password',
        password_confirmation: 'a-new-password',
      }),
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect((await ctx.api('GET', '/api/auth/check', undefined, { token })).statusCode).toBe(200);
    expect((await ctx.api('GET', '/api/auth/check', undefined, { token: otherToken })).statusCode).toBe(401);
    const login = await ctx.api('POST', '/api/login', {
      username: user.username,
      password: 'a-new-password',
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ username: '' }, 'username', 'Username is required.'],
    [
      { username: 'two words' },
      'username',
      'The username must only contains letters, numbers, dashes and underscores.',
    ],
    [
      { password: 'short', password_confirmation: 'short' },
      'password',
      'The password must be at least 8 characters.',
    ],
    [
      { password: 'long-enough-1', password_confirmation: 'long-enough-2' },
      'password_confirmation',
      'Passwords does not match.',
    ],
    [{ password: 'long-enough-1' }, 'password_confirmation', 'Confirm password is required.'],
    [{ email: 'changed@example.com' }, 'email', 'The email address cannot be changed.'],
  ])('rejects %j on %s and changes nothing', async (patch, field, message) => {
    const { user, token } = await loggedIn();
    const res = await ctx.api('PUT', `/api/users/${user.id}`, profile(user, patch), { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(message);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.username).toBe(user.username);
    expect(row?.company).toBe(user.company);
    expect(row?.passwordHash).toBe(
      (await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]?.passwordHash,
    );
  });

  it('refuses a new password without the current one, and keeps the old one', async () => {
    const { user, token } = await loggedIn();
    const res = await ctx.api(
      'PUT',
      `/api/users/${user.id}`,
      profile(user, { password: 'stolen-session-1', password_confirmation: 'stolen-session-1' }),
      { token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.current_password).toEqual([
      'Your current password is required to set a new one.',
    ]);
    const old = await ctx.api('POST', '/api/login', { username: user.username, password: user.password });
    expect(old.statusCode).toBe(200);
  });

  it('refuses a wrong current password, naming the field', async () => {
    const { user, token } = await loggedIn();
    const res = await ctx.api(
      'PUT',
      `/api/users/${user.id}`,
      profile(user, {
        current_password: 'not-my-password',
        password: 'stolen-session-1',
        password_confirmation: 'stolen-session-1',
      }),
      { token },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.current_password).toEqual([
      'The current password is not correct.',
    ]);
  });

  it('mails the owner when the password changes, with the way back', async () => {
    const { user, token } = await loggedIn();
    const before = ctx.mail.length;
    const res = await ctx.api(
      'PUT',
      `/api/users/${user.id}`,
      profile(user, {
        current_password: user.password,
        password: 'changed-password-1',
        password_confirmation: 'changed-password-1',
      }),
      { token },
    );
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(ctx, before + 1);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('Your Hearth password was changed');
    expect(mail.text).toContain('http://hearth.test/forgot-password');
  });

  it('stops guessing the current password after 10 tries in 15 minutes', async () => {
    const { user, token } = await loggedIn();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.api(
        'PUT',
        `/api/users/${user.id}`,
        profile(user, {
          current_password: `guess-${i}`,
          password: 'stolen-session-1',
          password_confirmation: 'stolen-session-1',
        }),
        { token },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(new Array(10).fill(422));
    expect(codes[10]).toBe(429);
  });

  it('keeps the fields a save leaves out: no company in the body keeps the company; an empty one clears it', async () => {
    const { user, token } = await loggedIn({ company: 'Corner Pizza' });
    const res = await ctx.api('PUT', `/api/users/${user.id}`, { temperature_unit: 'C' }, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { company: string; username: string } }>().data).toMatchObject({
      company: 'Corner Pizza',
      username: user.username,
    });
    const cleared = await ctx.api('PUT', `/api/users/${user.id}`, { company: '' }, { token });
    expect(cleared.json<{ data: { company: string } }>().data.company).toBe('');
  });

  it('answers a save with nothing in it with the profile unchanged (it used to fail with 500)', async () => {
    const { user, token } = await loggedIn();
    const res = await ctx.api('PUT', `/api/users/${user.id}`, {}, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { username: string } }>().data.username).toBe(user.username);
  });

  it('refuses a username another user has, in any case', async () => {
    const taken = await createUser(ctx.db, { username: 'Taken_Name' });
    const { user, token } = await loggedIn();
    const res = await ctx.api('PUT', `/api/users/${user.id}`, profile(user, { username: 'taken_name' }), {
      token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { username: ['The username has already been taken.'] } });
    expect(taken.username).toBe('Taken_Name');
  });

  it("answers 403 for another user's profile, for admins too, and 401 without a token", async () => {
    const victim = await createUser(ctx.db);
    const { token } = await loggedIn();
    const { token: adminToken } = await loggedIn({ role: 'admin' });
    for (const t of [token, adminToken]) {
      const res = await ctx.api('PUT', `/api/users/${victim.id}`, profile(victim, { username: 'hijacked' }), {
        token: t,
      });
      expect(res.statusCode).toBe(403);
    }
    const anon = await ctx.api('PUT', `/api/users/${victim.id}`, profile(victim));
    expect(anon.statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(row?.username).toBe(victim.username);
  });

  it('reports the admin role on auth/check for an admin', async () => {
    const { token } = await loggedIn({ role: 'admin' });
    const res = await ctx.api('GET', '/api/auth/check', undefined, { token });
    expect(res.json()).toMatchObject({ auth: true, role: 'admin' });
  });
});
