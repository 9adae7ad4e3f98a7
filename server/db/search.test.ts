import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { rowsOf } from './client';
import { containsFolded } from './search';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('the search fold', () => {
  it('folds case and the accents of Latin letters, and leaves other signs alone', async () => {
    const [row] = await rowsOf<{ folded: string }>(
      ctx.db,
      sql`select search_fold(${'CAFÉ Crème Brûlée Ñandú Łódź Øre 50% ß'}) as folded`,
    );
    expect(row!.folded).toBe('cafe creme brulee nandu lodz ore 50% ß');
  });

  // The planner would read a small table whole anyway; without that choice, the names' trigram index must serve.
  it.each([
    ['recipes', 'recipes_name_trgm_idx'],
    ['ovens', 'ovens_name_trgm_idx'],
    ['locations', 'locations_name_trgm_idx'],
  ])('a search of %s names can use their trigram index', async (table, index) => {
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from ${sql.identifier(table)} where ${containsFolded(sql`name`, 'café')}`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
  });
});
