import { type SQL, sql } from 'drizzle-orm';
import { FLEET_STATUSES, type FleetStatus } from '../../shared/domain/fleet';
import { type DbOrTx, rowsOf } from './client';
import { inScopeSql, type Scope } from './scope';
import { containsFolded } from './search';

/**
 * A team's ovens by the filters the Ovens and Fleet pages offer, written once for both: conditions on an oven
 * aliased `o` that the indexes of migration 0014 serve, and how many ovens each status holds, read from
 * `fleet_counts` (kept by triggers) unless a search asks to count its matches. Neither grows with the fleet.
 */
export interface OvenFilter {
  location?: number | 'none';
  /** Leave out the ovens of this location (those a picker would move into it). */
  outside?: number;
  /** Oven models, any of them. */
  types?: readonly string[];
  search?: string;
  status?: FleetStatus;
}

export function ovenConditions(scope: Scope, filter: OvenFilter, withStatus = true): SQL[] {
  const where: SQL[] = [inScopeSql.ovens(scope, 'o')];
  if (filter.location === 'none') where.push(sql`o.location_id is null`);
  else if (filter.location !== undefined) where.push(sql`o.location_id = ${filter.location}`);
  if (filter.outside !== undefined) where.push(sql`o.location_id is distinct from ${filter.outside}`);
  if (filter.types && filter.types.length > 0)
    where.push(
      sql`o.type in (select value from json_array_elements_text(${JSON.stringify(filter.types)}::json))`,
    );
  if (filter.search && scope.teamId !== null) {
    // Two indexed lookups whose matches are few, never a test of every oven: ovens by name (trigram), and the
    // ovens of the locations whose name matches.
    where.push(sql`o.id in (
      select m.id from ovens m where m.team_id = ${scope.teamId} and ${containsFolded(sql`m.name_key`, filter.search)}
      union
      select m.id from ovens m where m.team_id = ${scope.teamId} and m.location_id in (
        select l.id from locations l where l.team_id = ${scope.teamId}
          and ${containsFolded(sql`l.name_key`, filter.search)}))`);
  }
  if (withStatus && filter.status) where.push(sql`o.fleet_status = ${filter.status}`);
  return where;
}

/** Ovens in each status under the filters but the status one. */
export async function statusCounts(
  db: DbOrTx,
  scope: Scope,
  filter: OvenFilter,
): Promise<Record<FleetStatus, number>> {
  const counts = Object.fromEntries(FLEET_STATUSES.map((s) => [s, 0])) as Record<FleetStatus, number>;
  if (scope.teamId === null) return counts;
  let rows: { status: FleetStatus; n: number }[];
  if (filter.search) {
    rows = await rowsOf(
      db,
      sql`select o.fleet_status as status, count(*)::int as n from ovens o
          where ${sql.join(ovenConditions(scope, filter, false), sql` and `)} group by o.fleet_status`,
    );
  } else {
    const where: SQL[] = [sql`c.team_id = ${scope.teamId}`];
    if (scope.locationIds !== null)
      where.push(
        sql`c.location_id in (select value::int from json_array_elements_text(${JSON.stringify(scope.locationIds)}::json))`,
      );
    if (filter.location === 'none') where.push(sql`c.location_id = 0`);
    else if (filter.location !== undefined) where.push(sql`c.location_id = ${filter.location}`);
    if (filter.outside !== undefined) where.push(sql`c.location_id <> ${filter.outside}`);
    if (filter.types && filter.types.length > 0)
      where.push(
        sql`c.type in (select value from json_array_elements_text(${JSON.stringify(filter.types)}::json))`,
      );
    rows = await rowsOf(
      db,
      sql`select c.status, sum(c.n)::int as n from fleet_counts c
          where ${sql.join(where, sql` and `)} group by c.status`,
    );
  }
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** All the statuses counted together, or the one a filter chose. */
export const totalOf = (counts: Record<FleetStatus, number>, status?: FleetStatus): number =>
  status ? counts[status] : FLEET_STATUSES.reduce((sum, s) => sum + counts[s], 0);
