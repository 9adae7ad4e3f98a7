/**
 * A chain's locations, ovens and members out as a file, in the columns an import reads, so exporting and importing
 * changes nothing. CSV through csv-stringify (with a byte-order mark, so Excel reads its accents as UTF-8, and every
 * formula-like cell made inert); XLSX through write-excel-file, whose cells are text and never run.
 */
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import {
  CHAIN_FILE_ACTIONS,
  CHAIN_FILE_COLUMNS,
  type ChainFileKind,
  EXAMPLE_ROWS,
  inertCell,
  LOCATION_LIST_SEPARATOR,
} from '../../../shared/domain/chain-files';
import { type Db, rowsOf } from '../../db/client';
import { membershipIn } from './team-access';

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows as CSV: the header, then the rows, each cell inert; UTF-8 with a byte-order mark. */
export function csvOf(kind: ChainFileKind, rows: readonly (readonly string[])[]): Buffer {
  const text = stringify([[...CHAIN_FILE_COLUMNS[kind]], ...rows.map((r) => r.map(inertCell))], {
    bom: true,
    record_delimiter: 'windows',
  });
  return Buffer.from(text, 'utf8');
}

async function xlsxOf(kind: ChainFileKind, rows: readonly (readonly string[])[]): Promise<Buffer> {
  const header = CHAIN_FILE_COLUMNS[kind].map((c) => ({
    value: c,
    type: String,
    fontWeight: 'bold' as const,
  }));
  const data = rows.map((r) => r.map((value) => ({ value, type: String })));
  return writeXlsxFile([header, ...data], { sheet: kind, stickyRowsCount: 1 }).toBuffer();
}

export function createChainExportService(deps: { db: Db }) {
  const { db } = deps;

  /** The kind's rows in export order: one statement, whatever the size of the chain. */
  async function rowsFor(teamId: number, kind: ChainFileKind): Promise<string[][]> {
    if (kind === 'locations')
      return (
        await rowsOf<{ name: string; address: string }>(
          db,
          sql`select name, address from locations where team_id = ${teamId} order by sort_key, id`,
        )
      ).map((r) => [r.name, r.address]);
    if (kind === 'ovens')
      return (
        await rowsOf<{ name: string; type: string; location: string | null }>(
          db,
          sql`select o.name, o.type, l.name as location from ovens o left join locations l on l.id = o.location_id
              where o.team_id = ${teamId} order by o.location_sort nulls first, o.sort_key, o.id`,
        )
      ).map((r) => [r.name, r.type, r.location ?? '']);
    // Members and those invited and not yet joined: the team's people as its head office lists them.
    return (
      await rowsOf<{ email: string; role: string; locations: string | null }>(
        db,
        sql`select u.email, m.role,
              (select string_agg(l.name, ${`${LOCATION_LIST_SEPARATOR} `} order by l.sort_key, l.id)
                from member_locations ml join locations l on l.id = ml.location_id
                where ml.team_id = m.team_id and ml.user_id = m.user_id) as locations
            from team_members m join users u on u.id = m.user_id where m.team_id = ${teamId}
            union all
            select i.email, i.role,
              (select string_agg(l.name, ${`${LOCATION_LIST_SEPARATOR} `} order by l.sort_key, l.id)
                from jsonb_array_elements_text(i.location_ids) x(id) join locations l on l.id = x.id::int
                where l.team_id = i.team_id) as locations
            from team_invitations i where i.team_id = ${teamId}
            order by 1`,
      )
    ).map((r) => [r.email, r.role, r.locations ?? '']);
  }

  return {
    /** The team's rows of a kind as a file; its name carries the team's and the kind's. */
    async file(
      userId: number,
      teamId: number,
      kind: ChainFileKind,
      format: 'csv' | 'xlsx',
    ): Promise<{ name: string; type: string; bytes: Buffer }> {
      const team = await membershipIn(db, userId, teamId, CHAIN_FILE_ACTIONS[kind]);
      const rows = await rowsFor(teamId, kind);
      const bytes = format === 'csv' ? csvOf(kind, rows) : await xlsxOf(kind, rows);
      return { name: `${team.name} ${kind}.${format}`, type: format === 'csv' ? CSV_TYPE : XLSX_TYPE, bytes };
    },

    /** The Import page's example file of a kind. */
    example(kind: ChainFileKind): Buffer {
      return csvOf(kind, EXAMPLE_ROWS[kind]);
    },
  };
}

export type ChainExportService = ReturnType<typeof createChainExportService>;
