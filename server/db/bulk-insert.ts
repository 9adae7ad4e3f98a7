import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Many rows in one statement, the columns read from the table's schema (a column added there is written here
 * without another list to keep): `row` shapes one row's values, by the schema's property names, as the JSON the
 * statement reads; `insert` is the statement over such rows. Generated columns are left to the database;
 * an identity column is written only when `withIdentity` (ids drawn beforehand).
 */
export function bulkInsert<T extends PgTable>(table: T, options: { withIdentity?: boolean } = {}) {
  const columns = Object.entries(getTableColumns(table)).filter(
    ([, c]) =>
      !(c as { generated?: unknown }).generated &&
      (options.withIdentity || !(c as { generatedIdentity?: unknown }).generatedIdentity),
  );
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const shape = sql.join(
    columns.map(([, c]) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  return {
    /** One row as the statement reads it: every column, null where no value is given. */
    row(values: Partial<Record<keyof T['$inferSelect'], unknown>>): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [property, c] of columns) out[c.name] = values[property as keyof T['$inferSelect']] ?? null;
      return out;
    },
    insert(json: string): SQL {
      return sql`insert into ${table} (${names}) ${options.withIdentity ? sql`overriding system value` : sql``}
        select ${names} from json_to_recordset(${json}::json) as x(${shape})`;
    },
  };
}
