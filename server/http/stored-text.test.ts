/**
 * What a user types is kept (emoji, right-to-left text, combining marks composed, markup, SQL) or refused by
 * name, and comes back inert: as text in the API, in the recipe PDF and in the menu PDF.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvenDetail } from '../../shared/contracts/ovens';
import type { ImportStats } from '../../shared/contracts/settings-files';
import { createSession, createUser, recipeBody } from '../test/factories';
import { createTestContext, finishedJob, type TestContext, waitForMail } from '../test/harness';
import { pdfToText } from '../test/pdf-text';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await createSession(ctx.db, (await createUser(ctx.db)).id);
});
afterAll(() => ctx?.close());

const golden = readFileSync(
  new URL('../../shared/domain/settings-file/fixtures/example-mb.ai2', import.meta.url),
  'utf8',
);
/** What the server keeps of what was typed: composed (NFC), without surrounding spaces. */
const stored = (typed: string) => typed.normalize('NFC').trim();
const MARKUP = `<img src=x onerror="alert('x')">&amp;`;
const tricky = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    '🍕 Pizza 👨‍👩‍👧',
    'פיצה גדולה',
    'Cre\u0300me bru\u0302le\u0301e',
    '\u202EazziP\u202C',
    "'; drop table recipes; --",
    '100% _off_',
    '<b>bold</b>',
    '  padded  ',
    'a\u0000b',
  ),
);

describe('stored text', () => {
  it('keeps a recipe name and product name exactly, or refuses them by name', async () => {
    await fc.assert(
      fc.asyncProperty(tricky, tricky, async (name, product) => {
        const res = await ctx.api('POST', '/api/recipes', recipeBody({ name, product_name: product }), {
          token,
        });
        if (res.statusCode === 422) {
          const fields = Object.keys(res.json<{ errors: object }>().errors);
          expect(
            fields.every((f) => f === 'name' || f === 'product_name'),
            fields.join(),
          ).toBe(true);
          return;
        }
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json<{ data: { id: number } }>().data.id;
        const back = (await ctx.api('GET', `/api/recipes/${id}`, undefined, { token })).json<{
          data: { name: string; product_name: string };
        }>().data;
        // Surrounding spaces are trimmed and combining accents composed (NFC, so "Crème" typed either way is one
        // name); everything else is kept as typed.
        expect([back.name, back.product_name]).toEqual([stored(name), stored(product)]);
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });

  it('keeps an oven name and a category name exactly, or refuses them by name', async () => {
    const stats = (
      await ctx.api(
        'POST',
        '/api/files',
        { oven_name: 'Text', oven_type: 'Matchbox 1718/1313', data: golden },
        { token },
      )
    ).json<ImportStats>();
    await fc.assert(
      fc.asyncProperty(tricky, async (name) => {
        const oven = (await ctx.api('GET', `/api/ovens/${stats.oven.id}`, undefined, { token })).json<{
          data: OvenDetail;
        }>().data;
        const renamed = await ctx.api(
          'PUT',
          `/api/ovens/${oven.id}`,
          { name, warm_ups: oven.warm_ups },
          { token },
        );
        if (renamed.statusCode === 422)
          expect(Object.keys(renamed.json<{ errors: object }>().errors)).toEqual(['name']);
        else expect(renamed.json<{ data: OvenDetail }>().data.name).toBe(stored(name));

        const category = oven.screens[0]!.screen_content.find((b) => b.type === 'category')!;
        const res = await ctx.api(
          'PUT',
          `/api/categories/${category.data!.category_id}`,
          { name },
          { token },
        );
        if (res.statusCode === 422)
          expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['name']);
        else {
          expect(res.statusCode, res.body).toBe(200);
          const after = (await ctx.api('GET', `/api/ovens/${oven.id}`, undefined, { token })).json<{
            data: OvenDetail;
          }>().data;
          const names = after.screens.flatMap((s) => s.screen_content.map((b) => b.data?.name));
          expect(names).toContain(stored(name));
        }
      }),
      { numRuns: 40, seed: 20261124 },
    );
  });

  it('prints markup as text in the recipe PDF', async () => {
    const made = await ctx.api('POST', '/api/recipes', recipeBody({ name: 'Inert', product_name: MARKUP }), {
      token,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ data: { id: number } }>().data.id;
    const { name } = (await ctx.api('GET', `/api/createpdfs/${id}`, undefined, { token })).json<{
      name: string;
    }>();
    const pdf = await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token });
    expect(pdf.statusCode).toBe(200);
    expect(pdfToText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain(MARKUP);
  });

  it('prints a recipe name with quotes as typed in the menu PDF', async () => {
    const stats = (
      await ctx.api(
        'POST',
        '/api/files',
        { oven_name: 'Menu Text', oven_type: 'Matchbox 1718/1313', data: golden },
        { token },
      )
    ).json<ImportStats>();
    const oven = (await ctx.api('GET', `/api/ovens/${stats.oven.id}`, undefined, { token })).json<{
      data: OvenDetail;
    }>().data;
    // Names on the menu take letters, digits, spaces and _ - " only (markup is refused by the rule); the quote,
    // which a PDF string must escape, is printed as typed.
    const button = oven.screens[0]!.screen_content.find((b) => b.type === 'recipe')!;
    const label = 'Say "Hi"_-2';
    const current = (
      await ctx.api('GET', `/api/recipes/${button.buttonable_id}`, undefined, { token })
    ).json<{
      data: Record<string, unknown>;
    }>().data;
    const renamed = await ctx.api(
      'PUT',
      `/api/recipes/${button.buttonable_id}`,
      { ...current, name: label },
      { token },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const sent = ctx.mail.length;
    const share = await ctx.api(
      'POST',
      `/api/ovens/recipes/${oven.id}`,
      { email: `menu@example.com` },
      {
        token,
      },
    );
    expect((await finishedJob(ctx, token, share)).status).toBe('done');
    const mail = await waitForMail(ctx, sent + 1);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdfToText(pdf.content)).toContain(label);
  });
});
