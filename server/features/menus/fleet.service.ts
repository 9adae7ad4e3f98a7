import { type SQL, sql } from 'drizzle-orm';
import type { FleetOven } from '../../../shared/contracts/ovens';
import type { Paginated } from '../../../shared/contracts/pagination';
import { editedSince, FLEET_STATUSES, type FleetStatus, fleetStatus } from '../../../shared/domain/fleet';
import type { Actor } from '../../../shared/domain/permissions';
import { type Db, rowsOf } from '../../db/client';
import { inScopeSql, type Scope, scopeOf } from '../../db/scope';
import { paginate } from '../../http/pagination';

interface FleetRow {
  id: number;
  name: string;
  type: string;
  version: number;
  at_version_id: number | null;
  at_oven_version: number | null;
  location_id: number | null;
  location_name: string | null;
  v_id: number | null;
  v_name: string | null;
  v_at: Date | string | null;
  s_at: Date | string | null;
  s_version_id: number | null;
  s_version_name: string | null;
  s_source: 'file' | 'reported' | null;
  s_by: string | null;
  f_at: Date | string | null;
  f_version: string | null;
  t_id: number | null;
  t_name: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The fleet page: every oven of the user with where it stands, the version it should run (its newest), what it
 * was last seen running, and whether a newer version waits. One query with a lateral read per oven on indexed
 * (oven_id, id) columns; the status rule is the shared one, so it filters and counts in memory (a chain's ovens
 * are thousands at most, and the counts need them all anyway).
 */
export function createFleetService(deps: { db: Db }) {
  const { db } = deps;

  async function rows(scope: Scope, filter: SQL[]): Promise<FleetRow[]> {
    const where = sql.join([inScopeSql.ovens(scope, 'o'), ...filter], sql` and `);
    return rowsOf<FleetRow>(
      db,
      sql`
      select o.id, o.name, o.type, o.version, o.at_version_id, o.at_oven_version,
             l.id as location_id, l.name as location_name,
             v.id as v_id, v.name as v_name, v.created_at as v_at,
             s.seen_at as s_at, s.version_id as s_version_id, sv.name as s_version_name, s.source as s_source,
             su.username as s_by,
             f.created_at as f_at, fv.name as f_version,
             t.id as t_id, t.name as t_name
        from ovens o
        left join locations l on l.id = o.location_id
        left join lateral (select id, name, created_at from menu_versions
                            where oven_id = o.id order by id desc limit 1) v on true
        left join lateral (select seen_at, version_id, source, seen_by from oven_sightings
                            where oven_id = o.id order by id desc limit 1) s on true
        left join menu_versions sv on sv.id = s.version_id
        left join users su on su.id = s.seen_by
        left join lateral (select created_at, version_id from settings_fingerprints
                            where oven_id = o.id order by id desc limit 1) f on true
        left join menu_versions fv on fv.id = f.version_id
        left join oven_templates ot on ot.oven_id = o.id
        left join menu_templates t on t.id = ot.template_id
       where ${where}
       order by l.name is null, lower(l.name), l.id, lower(o.name), o.id`,
    );
  }

  function toWire(r: FleetRow): FleetOven {
    const seen =
      r.s_at !== null
        ? {
            version: r.s_version_id !== null ? { id: r.s_version_id, name: r.s_version_name ?? '' } : null,
            at: iso(r.s_at),
            by: r.s_by,
            source: r.s_source ?? 'file',
          }
        : null;
    return {
      id: r.id,
      name: r.name,
      type: r.type,
      location: r.location_id !== null ? { id: r.location_id, name: r.location_name ?? '' } : null,
      should_run: r.v_id !== null ? { id: r.v_id, name: r.v_name ?? '', created_at: iso(r.v_at!) } : null,
      edited_since: editedSince({
        version: r.version,
        atVersionId: r.at_version_id,
        atOvenVersion: r.at_oven_version,
        latestVersionId: r.v_id,
      }),
      last_seen: seen,
      last_download: r.f_at !== null ? { at: iso(r.f_at), version: r.f_version } : null,
      template: r.t_id !== null ? { id: r.t_id, name: r.t_name ?? '' } : null,
      status: fleetStatus({
        latestVersionId: r.v_id,
        seen: seen ? { versionId: seen.version?.id ?? null } : null,
      }),
    };
  }

  return {
    async page(
      actor: Actor,
      query: {
        location?: number | 'none';
        status?: FleetStatus;
        model?: string;
        search?: string;
        page: number;
        per_page: number;
      },
    ): Promise<Paginated<FleetOven> & { counts: Record<FleetStatus, number> }> {
      const filter: SQL[] = [];
      if (query.location === 'none') filter.push(sql`o.location_id is null`);
      else if (query.location !== undefined) filter.push(sql`o.location_id = ${query.location}`);
      if (query.model) filter.push(sql`o.type = ${query.model}`);
      if (query.search)
        filter.push(sql`(o.name ilike ${like(query.search)} or l.name ilike ${like(query.search)})`);
      const all = (await rows(scopeOf(actor), filter)).map(toWire);
      const counts = Object.fromEntries(FLEET_STATUSES.map((s) => [s, 0])) as Record<FleetStatus, number>;
      for (const o of all) counts[o.status]++;
      const chosen = query.status ? all.filter((o) => o.status === query.status) : all;
      const start = (query.page - 1) * query.per_page;
      return {
        ...paginate({
          data: chosen.slice(start, start + query.per_page),
          total: chosen.length,
          page: query.page,
          perPage: query.per_page,
          url: '/api/fleet',
          query: {
            location: query.location,
            status: query.status,
            model: query.model,
            search: query.search,
            per_page: query.per_page,
          },
        }),
        counts,
      };
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
