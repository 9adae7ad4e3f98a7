import { sql } from 'drizzle-orm';
import { english } from '../../shared/i18n/english';
import { type Said, said } from '../../shared/i18n/said';
import type { DbOrTx } from './client';

/**
 * The team's trail, written inside the transaction of what it records (a rolled-back change leaves no line). One
 * statement for any number of lines: the person's name, the oven's name and its location are read in it, so the
 * trail reads the same after they are renamed or gone.
 */
export interface ActivityLine {
  /** The team whose trail it is; omitted for an oven's line, which belongs to the oven's team. */
  teamId?: number | null;
  userId: number;
  /** What happened, in the trail's vocabulary (an editor change's own action, 'settings.download', …). */
  action: string;
  /** A sentence saying what happened (kept in English too, for the API and the logs). */
  summary: Said;
  ovenId?: number;
  /** The location of a line about no oven (a location's zip); an oven's line takes its oven's. */
  locationId?: number;
  /** Where an oven was moved from (its line is in that location's trail too). */
  fromLocationId?: number;
}

export async function recordActivity(
  db: DbOrTx,
  lines: ActivityLine | readonly ActivityLine[],
): Promise<void> {
  const list = Array.isArray(lines) ? lines : [lines as ActivityLine];
  if (list.length === 0) return;
  const rows = JSON.stringify(
    list.map((l) => ({
      team_id: l.teamId ?? null,
      user_id: l.userId,
      action: l.action,
      summary: english(l.summary),
      summary_said: l.summary,
      oven_id: l.ovenId ?? null,
      location_id: l.locationId ?? null,
      from_location_id: l.fromLocationId ?? null,
    })),
  );
  await db.execute(sql`
    insert into team_activity
      (team_id, user_id, username, action, summary, summary_said, oven_id, oven_name, location_id,
       from_location_id)
    select coalesce(x.team_id, o.team_id), x.user_id, coalesce(u.username, ''), x.action, x.summary,
      x.summary_said, x.oven_id, o.name, coalesce(x.location_id, o.location_id), x.from_location_id
    from json_to_recordset(${rows}::json)
      as x(team_id int, user_id int, action text, summary text, summary_said jsonb, oven_id int, location_id int, from_location_id int)
    left join users u on u.id = x.user_id
    left join ovens o on o.id = x.oven_id
    where coalesce(x.team_id, o.team_id) is not null`);
}

/** The trail's sentence for an oven that changed location (`null`: no location). */
export function movedSummary(from: string | null, to: string | null): Said {
  if (from === null)
    return to === null ? said('ruleMessages.movedTo', { to: '' }) : said('ruleMessages.movedTo', { to });
  if (to === null) return said('ruleMessages.movedOutOf', { from });
  return said('ruleMessages.movedFromTo', { from, to });
}
