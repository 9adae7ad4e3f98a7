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

  it('a search of one or two letters of recipe names uses their short pieces index', async () => {
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from recipes where ${containsFolded(sql`name_key`, 'Pi', sql`name_grams`)}`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('recipes_name_grams_idx');
  });

  it('finds by one or two letters exactly what a plain substring search finds, accents and case aside', async () => {
    const names = ['Pizza', 'Spinach Pie', 'Crème Brûlée', 'Naan', 'Bagel 2', 'ÉCLAIR'];
    const rows = await rowsOf<{ q: string; hits: string[] }>(
      ctx.db,
      sql`with n(name) as (select value from json_array_elements_text(${JSON.stringify(names)}::json)),
          q(q) as (select value from json_array_elements_text(${JSON.stringify(['pi', 'e', 'é', 'an', '2', 'z', 'ee', 'cl'])}::json))
          select q, coalesce(array_agg(name order by name) filter (where short_grams(search_fold(name)) @> array[search_fold(q)]), '{}') as hits
          from q cross join n group by q order by q`,
    );
    for (const row of rows) {
      const plain = names.filter((n) => searchFold(n).includes(searchFold(row.q))).sort();
      expect(row.hits, row.q).toEqual(plain);
    }
  });
});
