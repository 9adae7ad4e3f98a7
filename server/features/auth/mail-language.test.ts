import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { createTestContext, type TestContext, waitForMail } from '../../test/harness';
import { linkIn } from '../../test/smtp-catcher';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('mail in the recipient language', () => {
  it('writes the verification mail in the language the person registered in, and keeps it on the account', async () => {
    const sent = ctx.mail.length;
    const res = await ctx.api('POST', '/api/register', {
      username: 'koch_de',
      company: 'Pizzeria',
      email: 'koch.de@example.com',
      password: 'secret-pass-1',
      password_confirmation: 'secret-pass-1',
      privacy_policy: true,
      language: 'de',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ user: { language: string } }>().user.language).toBe('de');
    const mail = await waitForMail(ctx, sent + 1);
    expect(mail.subject).toBe('Bestätigen Sie Ihr Hearth-Konto');
    expect(mail.text).toContain('willkommen bei Hearth');
    expect(new URL(linkIn(mail)).pathname).toBe('/verify-account');
  });

  it('writes the verification mail of an API registration without a language in the one its browser asks for', async () => {
    const sent = ctx.mail.length;
    const res = await ctx.api(
      'POST',
      '/api/register',
      {
        username: 'cocinero_api',
        company: 'Pizzería',
        email: 'cocinero.api@example.com',
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
        privacy_policy: true,
      },
      { headers: { 'accept-language': 'fr;q=0.4, es-MX, en;q=0.8' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    // The account keeps no language of its own (it follows the browser), and starts in °C.
    expect(res.json<{ user: { language: string | null; temperature_unit: string } }>().user).toMatchObject({
      language: null,
      temperature_unit: 'C',
    });
    expect((await waitForMail(ctx, sent + 1)).subject).toBe('Verifique su cuenta de Hearth');
  });

  it.each([
    ['es', 'C'],
    ['fr', 'C'],
    ['de', 'C'],
    ['en', 'F'],
  ])('a new account in %s starts in °%s', async (language, unit) => {
    const res = await ctx.api('POST', '/api/register', {
      username: `unit_${language}`,
      company: 'Kitchen',
      email: `unit.${language}@example.com`,
      password: 'secret-pass-1',
      password_confirmation: 'secret-pass-1',
      privacy_policy: true,
      language,
    });
    expect(res.json<{ user: { temperature_unit: string } }>().user.temperature_unit).toBe(unit);
  });

  it('writes the reset mail in the language of the account', async () => {
    const user = await createUser(ctx.db);
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, user.id));
    const sent = ctx.mail.length;
    await ctx.api('POST', '/api/password/email', { email: user.email });
    const mail = await waitForMail(ctx, sent + 1);
    expect(mail.subject).toBe('Restablezca su contraseña de Hearth');
    expect(mail.text).toContain(`Hola ${user.username}`);
  });

  it('writes English for an account with no language', async () => {
    const user = await createUser(ctx.db);
    const sent = ctx.mail.length;
    await ctx.api('POST', '/api/password/email', { email: user.email });
    expect((await waitForMail(ctx, sent + 1)).subject).toBe('Reset your Hearth password');
  });

  it("writes an invitation in the inviter's language, the role named in it", async () => {
    const owner = await createUser(ctx.db);
    await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.id, owner.id));
    const { token } = (
      await ctx.api('POST', '/api/login', { username: owner.username, password: owner.password })
    ).json<{ token: string }>();
    const sent = ctx.mail.length;
    const res = await ctx.api(
      'POST',
      `/api/teams/${owner.teamId}/invitations`,
      { email: 'nouvelle@example.com', role: 'manager', location_ids: [] },
      { token },
    );
    expect(res.statusCode, res.body).toBe(201);
    const mail = await waitForMail(ctx, sent + 1);
    expect(mail.subject).toBe(`${owner.username} vous invite dans ${owner.username}'s kitchen sur Hearth`);
    expect(mail.text).toContain('en tant que responsable');
  });

  it('refuses a language Hearth does not speak, naming the field', async () => {
    const res = await ctx.api('POST', '/api/register', {
      username: 'cook_xx',
      company: '',
      email: 'cook.xx@example.com',
      password: 'secret-pass-1',
      password_confirmation: 'secret-pass-1',
      privacy_policy: true,
      language: 'tlh',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      language: ['Choose one of the languages offered.'],
    });
  });

  it('saves the language chosen on the profile, and null to follow the browser again', async () => {
    const user = await createUser(ctx.db);
    const { token } = (
      await ctx.api('POST', '/api/login', { username: user.username, password: user.password })
    ).json<{
      token: string;
    }>();
    const fr = await ctx.api('PUT', `/api/users/${user.id}`, { language: 'fr' }, { token });
    expect(fr.statusCode, fr.body).toBe(200);
    const check = await ctx.api('GET', '/api/auth/check', undefined, { token });
    expect(check.json<{ user: { language: string | null } }>().user.language).toBe('fr');
    await ctx.api('PUT', `/api/users/${user.id}`, { language: null }, { token });
    const again = await ctx.api('GET', '/api/auth/check', undefined, { token });
    expect(again.json<{ user: { language: string | null } }>().user.language).toBeNull();
  });
});
