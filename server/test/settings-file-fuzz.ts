/**
 * Damaged settings files sent to POST /api/files: bits flipped, lines dropped, doubled and swapped, numbers set
 * at and past every limit, half of them resealed so the checksum passes and the rules behind it are reached.
 * Shared by the CI test (a few thousand files) and `npm run fuzz` (100,000).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { ImportStats } from '../../shared/contracts/settings-files';
import { OVEN_MODELS, type OvenType } from '../../shared/domain/oven-models';
import { goldenFileName, reseal } from '../../shared/domain/settings-file/golden';
import type { Db } from '../db/client';
import { menuButtons, ovens, recipes } from '../db/schema/index';

const goldenFiles = new Map(
  OVEN_MODELS.map((m) => [
    m.type,
    readFileSync(
      new URL(`../../shared/domain/settings-file/fixtures/${goldenFileName(m.type)}`, import.meta.url),
      'utf8',
    ),
  ]),
);

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

export function mutate(file: string, m: Mutation): string {
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

export interface FuzzTarget {
  db: Db;
  userId: number;
  /** POST /api/files as the user; answers the status and the parsed body. */
  importFile(body: { oven_name: string; oven_type: OvenType; data: string }): Promise<{
    status: number;
    body: unknown;
  }>;
}

export interface FuzzResult {
  runs: number;
  accepted: number;
  refused: number;
  /** The first problem named by refusals, by kind of message (digits dropped), most frequent first. */
  reasons: [string, number][];
}

async function totals(target: FuzzTarget) {
  const { db, userId } = target;
  const [o] = await db.select({ n: count() }).from(ovens).where(eq(ovens.createdBy, userId));
  const [r] = await db.select({ n: count() }).from(recipes).where(eq(recipes.createdBy, userId));
  const [b] = await db.select({ n: count() }).from(menuButtons);
  return { ovens: Number(o!.n), recipes: Number(r!.n), buttons: Number(b!.n) };
}

/**
 * Every file gets a 201 with an oven whose counts match the reply, or a 422 naming at least one line and
 * leaving the database as it was: never a 5xx, never a partial oven. Throws with the shrunk counterexample.
 */
export async function fuzzImports(target: FuzzTarget, numRuns: number, seed: number): Promise<FuzzResult> {
  const result: FuzzResult = { runs: 0, accepted: 0, refused: 0, reasons: [] };
  const reasons = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...OVEN_MODELS.map((m) => m.type)),
      fc.array(mutation, { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      async (type, mutations, resealed) => {
        let file = goldenFiles.get(type)!;
        for (const m of mutations) file = mutate(file, m);
        if (resealed) file = reseal(file);
        const before = await totals(target);
        const res = await target.importFile({ oven_name: 'Fuzzed', oven_type: type, data: file });
        assert.ok([201, 422].includes(res.status), `answered ${res.status}: ${JSON.stringify(res.body)}`);
        const after = await totals(target);
        result.runs += 1;
        if (res.status === 422) {
          result.refused += 1;
          const problems = (res.body as { problems?: { line: number; message: string }[] }).problems ?? [];
          assert.ok(problems.length > 0, 'a refusal names no line');
          for (const p of problems) assert.ok(p.line >= 1, `a problem on line ${p.line}`);
          const reason = problems[0]!.message.replace(/\d+/g, 'N').replace(/"[^"]*"/g, '"…"');
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
          assert.deepEqual(after, before, 'a refused file changed the database');
        } else {
          result.accepted += 1;
          const stats = res.body as ImportStats;
          assert.equal(after.ovens, before.ovens + 1);
          assert.equal(after.recipes, before.recipes + stats.imported_recipes.total);
          assert.equal(after.buttons, before.buttons + stats.menu.buttons);
        }
      },
    ),
    { numRuns, seed },
  );
  result.reasons = [...reasons].sort((a, b) => b[1] - a[1]);
  return result;
}
