import { sql } from 'drizzle-orm';
import { ACTIVITY_PER_PAGE, type ActivityEntry } from '../../../shared/contracts/teams';
import { asWritten, type Said } from '../../../shared/i18n/said';
import { type Db, rowsOf } from '../../db/client';
import { membershipIn } from './team-access';

/**
 * The team's trail, newest first, a page at a time, by location and by person: one statement for the page and its
 * total, on indexes that start with the team (and the location or person), whatever the trail's length.
 */
export function createActivityService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async page(
      userId: number,
      teamId: number,
      query: { page: number; location?: number; user?: number },
    ): Promise<{ data: ActivityEntry[]; total: number }> {
      await membershipIn(db, userId, teamId, 'team.activity');
      const where = sql`a.team_id = ${teamId}
        ${
          query.location === undefined
            ? sql``
            : sql`and (a.location_id = ${query.location} or a.from_location_id = ${query.location})`
        }
        ${query.user === undefined ? sql`` : sql`and a.user_id = ${query.user}`}`;
      const rows = await rowsOf<{
        id: number;
        created_at: Date | string;
        user_id: number | null;
        username: string;
        action: string;
        summary: string;
        summary_said: Said | null;
        oven_id: number | null;
        oven_name: string | null;
        location_id: number | null;
        location_name: string | null;
        total: number;
      }>(
        db,
        sql`select a.id, a.created_at, a.user_id, a.username, a.action, a.summary, a.summary_said, a.oven_id, a.oven_name,
              a.location_id, l.name as location_name, count(*) over ()::int as total
            from team_activity a left join locations l on l.id = a.location_id
            where ${where}
            order by a.id desc
            limit ${ACTIVITY_PER_PAGE} offset ${(query.page - 1) * ACTIVITY_PER_PAGE}`,
      );
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && query.page > 1) {
        const [c] = await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from team_activity a where ${where}`,
        );
        total = Number(c?.n ?? 0);
      }
      return {
        total,
        data: rows.map((r) => ({
          id: r.id,
          at: new Date(r.created_at).toISOString(),
          user: { id: r.user_id, username: r.username },
          action: r.action,
          summary: r.summary,
          said: r.summary_said ?? asWritten(r.summary),
          oven: r.oven_name === null ? null : { id: r.oven_id, name: r.oven_name },
          location: r.location_id === null ? null : { id: r.location_id, name: r.location_name ?? '' },
        })),
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
