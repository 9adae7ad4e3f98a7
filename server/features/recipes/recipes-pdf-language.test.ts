import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createSession, createUser, recipeBody } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { pdfToText } from '../../test/pdf-text';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function readerIn(language: 'es' | 'de' | null) {
  const user = await createUser(ctx.db);
  await ctx.db.update(users).set({ language }).where(eq(users.id, user.id));
  return { token: await createSession(ctx.db, user.id) };
}

async function recipePdfText(token: string, product: string): Promise<string> {
  const made = await ctx.api('POST', '/api/recipes', recipeBody({ name: 'Calzone', product_name: product }), {
    token,
  });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<{ data: { id: number } }>().data;
  const { name } = (await ctx.api('GET', `/api/createpdfs/${id}`, undefined, { token })).json<{
    name: string;
  }>();
  const pdf = await ctx.api('GET', `/storage/pdf/${name}`, undefined, { token });
  return pdfToText(pdf.rawPayload);
}

describe('a recipe PDF in the reader language', () => {
  it('labels a Spanish reader recipe in Spanish and prints what they typed as typed', async () => {
    const { token } = await readerIn('es');
    const text = await recipePdfText(token, 'Pizza cuatro quesos');
    for (const label of [
      'Especificaciones',
      'Nombre del producto',
      'Etapas de cocción',
      'Página 1',
      'Mis recetas',
    ])
      expect(text).toContain(label);
    expect(text).toContain('Pizza cuatro quesos');
    expect(text).not.toContain('Cooking stages');
  });

  it('names each stage field with the word the screen uses, and breaks no word across lines', async () => {
    const { token } = await readerIn('es');
    const text = (await recipePdfText(token, 'Pizza')).replace(/\s+/g, ' ');
    // The screen says "Ventilador"; the PDF said "Soplador".
    expect(text).toContain('Ventilador');
    expect(text).not.toContain('Soplador');
    // A cell one line, set smaller if need be: no "APAGAD" / "O", "Cerrad" / "a".
    expect(text).not.toMatch(/APAGAD\s+O\b|Cerrad\s+a\b/);
  });

  it('labels it in English for an account that follows its browser', async () => {
    const { token } = await readerIn(null);
    const text = await recipePdfText(token, 'Pizza');
    expect(text).toContain('Cooking stages');
  });
});
