import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportStats } from '../../../shared/contracts/settings-files';
import { OVEN_MODELS, type OvenType } from '../../../shared/domain/oven-models';
import { crc32 } from '../../../shared/domain/settings-file/crc32';
import { goldenFileName } from '../../../shared/domain/settings-file/golden';
import { menuButtons, ovens, recipes } from '../../db/schema/index';
import { createSession, createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let userId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db);
  userId = user.id;
  token = await createSession(ctx.db, user.id);
});
afterAll(() => ctx?.close());

const golden = (type: OvenType) =>
  readFileSync(
    new URL(`../../../shared/domain/settings-file/fixtures/${goldenFileName(type)}`, import.meta.url),
    'utf8',
  );

function reseal(file: string): string {
  const at = file.lastIndexOf('END ');
  const body = at >= 0 ? file.slice(0, at) : file;
  return `${body}END lines=${body.split('\n').length - 1} crc32=${crc32(body)}\n`;
}

type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'drop' | 'duplicate'; line: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'number'; nth: number; value: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constantFrom('drop' as const, 'duplicate' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({
    kind: fc.constant('number' as const),
    nth: fc.nat(),
    value: fc.oneof(
      fc.integer({ min: -5, max: 1200 }),
      fc.constantFrom(0, 99, 100, 999, 1000, 65536, 2 ** 31),
    ),
  }),
);

function mutate(file: string, m: Mutation): string {
  const lines = file.split('\n');
  const body = lines.length - 2; // the END line and the empty string after the last LF stay put
  switch (m.kind) {
    case 'flip': {
      const bytes = Buffer.from(file);
      const at = m.at % bytes.length;
      bytes[at] = bytes[at]! ^ (1 << m.bit);
      return bytes.toString('latin1');
    }
    case 'drop':
      lines.splice(1 + (m.line % body), 1);
      return lines.join('\n');
    case 'duplicate': {
      const i = 1 + (m.line % body);
      lines.splice(i, 0, lines[i]!);
      return lines.join('\n');
    }
    case 'swap': {
      const a = 1 + (m.a % body);
      const b = 1 + (m.b % body);
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      return lines.join('\n');
    }
    case 'number': {
      let n = 0;
      const numbers = (file.match(/=\d+/g) ?? []).length;
      const target = m.nth % Math.max(1, numbers);
      return file.replace(/=(\d+)/g, (whole) => (n++ === target ? `=${m.value}` : whole));
    }
  }
}

async function totals() {
  const [o] = await ctx.db.select({ n: count() }).from(ovens).where(eq(ovens.ownerId, userId));
  const [r] = await ctx.db.select({ n: count() }).from(recipes).where(eq(recipes.ownerId, userId));
  const [b] = await ctx.db.select({ n: count() }).from(menuButtons);
  return { ovens: Number(o!.n), recipes: Number(r!.n), buttons: Number(b!.n) };
}

describe('POST /api/files with damaged files', () => {
  it('never fails with a 500, never leaves a partial oven, and every refusal names a line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OVEN_MODELS.map((m) => m.type)),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        // Resealed files pass the checksum, so the value and structure rules behind it are reached too.
        fc.boolean(),
        async (type, mutations, resealed) => {
          let file = golden(type);
          for (const m of mutations) file = mutate(file, m);
          if (resealed) file = reseal(file);
          const before = await totals();
          const res = await ctx.api(
            'POST',
            '/api/files',
            { oven_name: 'Fuzzed', oven_type: type, data: file },
            { token },
          );
          expect([201, 422]).toContain(res.statusCode);
          const after = await totals();
          if (res.statusCode === 422) {
            const body = res.json<{ problems?: { line: number; message: string }[] }>();
            expect(body.problems?.length ?? 0).toBeGreaterThan(0);
            for (const p of body.problems!) expect(p.line).toBeGreaterThanOrEqual(1);
            expect(after).toEqual(before);
          } else {
            const stats = res.json<ImportStats>();
            expect(after.ovens).toBe(before.ovens + 1);
            expect(after.recipes).toBe(before.recipes + stats.imported_recipes.total);
            expect(after.buttons).toBe(before.buttons + stats.menu.buttons);
          }
        },
      ),
      { numRuns: 120, seed: 20261123 },
    );
  });
});
