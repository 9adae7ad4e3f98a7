import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, searchFold, sortKey } from '../../shared/domain/search';
import { createTestContext, type TestContext } from '../test/harness';
import { rowsOf } from './client';
import { containsFolded } from './search';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('the search fold', () => {
  // The keys are folded by the database, the searched text here: the two must fold alike.
  it('folds in the database as the shared rule does', async () => {
    const sample = 'CAFÉ Crème Brûlée Ñandú Łódź Øre 50% ß';
    const [row] = await rowsOf<{ sample: string; table: string }>(
      ctx.db,
      sql`select search_fold(${sample}) as sample, search_fold(${FOLD_FROM}) as table`,
    );
    expect(row).toEqual({ sample: searchFold(sample), table: FOLD_TO });
  });

  // Lists are ordered by keys the database keeps; the shared rule is how the app names that order.
  it('makes sort keys in the database as the shared rule does', async () => {
    const names = ['Line 10', 'ÁVILA 2b', 'x1234567890123', '007', '', 'no digits', '1 2 3 45'];
    const rows = await rowsOf<{ key: string }>(
      ctx.db,
      sql`select natural_sort_key(n) as key from json_array_elements_text(${JSON.stringify(names)}::json) with ordinality as t(n, i) order by i`,
    );
    expect(rows.map((r) => r.key)).toEqual(names.map(sortKey));
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
        sql`explain select id from ${sql.identifier(table)} where ${containsFolded(sql`name_key`, 'café')}`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
  });
});
