import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../shared/contracts/auth';
import type { ImportStats } from '../../../shared/contracts/settings-files';
import { createUser, recipeBody } from '../../test/factories';
import { createTestContext, finishedJob, type TestContext, waitForMail } from '../../test/harness';
import { pdfToText } from '../../test/pdf-text';

let ctx: TestContext;
let user: Awaited<ReturnType<typeof createUser>>;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx.db);
  token = (await ctx.api('POST', '/api/login', { username: user.username, password: user.password })).json<{
    token: string;
  }>().token;
});
afterAll(() => ctx?.close());

const chooseUnit = (unit: string) =>
  ctx.api(
    'PUT',
    `/api/users/${user.id}`,
    { username: user.username, company: user.company, temperature_unit: unit },
    { token },
  );

describe('°F or °C per user', () => {
  it('is °F until the user chooses °C in the profile, and the choice is kept', async () => {
    const before = (await ctx.api('GET', '/api/auth/check', undefined, { token })).json<{
      user: PublicUser;
    }>();
    expect(before.user.temperature_unit).toBe('F');
    const res = await chooseUnit('C');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: PublicUser }>().data.temperature_unit).toBe('C');
    const after = (await ctx.api('GET', '/api/auth/check', undefined, { token })).json<{
      user: PublicUser;
    }>();
    expect(after.user.temperature_unit).toBe('C');
  });

  it('refuses a unit that is not °F or °C, by name', async () => {
    const res = await chooseUnit('K');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      temperature_unit: ['Choose °F or °C.'],
    });
  });

  it('keeps the API in °F and prints the recipe PDF in the user unit', async () => {
    await chooseUnit('C');
    const made = await ctx.api('POST', '/api/recipes', recipeBody({ name: 'Celsius Pie', set_temp: 450 }), {
      token,
    });
    const recipe = made.json<{ data: { id: number; set_temp: number; stages: { temp: number }[] } }>().data;
    expect(recipe.set_temp).toBe(450);
    const { name } = (await ctx.api('GET', `/api/createpdfs/${recipe.id}`, undefined, { token })).json<{
      name: string;
    }>();
    const text = pdfToText((await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token })).rawPayload);
    expect(text).toContain('Set temp: 232 °C');
    expect(text).toContain('Temp °C');
  });

  it('prints the menu PDF in the sharer unit', async () => {
    await chooseUnit('C');
    const golden = readFileSync(
      new URL('../../../shared/domain/settings-file/fixtures/example-mb.ai2', import.meta.url),
      'utf8',
    );
    const stats = (
      await ctx.api(
        'POST',
        '/api/files',
        { oven_name: 'Celsius', oven_type: 'Matchbox 1718/1313', data: golden },
        { token },
      )
    ).json<ImportStats>();
    const sent = ctx.mail.length;
    await finishedJob(
      ctx,
      token,
      await ctx.api('POST', `/api/ovens/recipes/${stats.oven.id}`, { email: `c@example.com` }, { token }),
    );
    const mail = await waitForMail(ctx, sent + 1);
    const text = pdfToText(mail.attachments.find((a) => a.contentType === 'application/pdf')!.content);
    expect(text).toContain('Temperatures in °C');
    expect(text).not.toMatch(/\d °F/);
  });
});
