/**
 * Records what the usage report counts (decision 0018): users active per hour, recipes and ovens created per day and
 * model, in the report's time zone. Used by the auth plugin and service, the recipes, ovens and settings-files
 * services, and read by the reports feature.
 */
import { sql } from 'drizzle-orm';
import { monthOf, zonedDayHour } from '../../shared/domain/report';
import type { Db, DbOrTx } from './client';
import { activityEvents } from './schema/index';

export interface ActivityRecorder {
  readonly timeZone: string;
  /** The user used Hearth now (a log-in or a request with their session): once per user and hour reaches the database. */
  seen(userId: number): Promise<void>;
  /** `count` recipes or an oven of a model were created, inside the creating transaction. */
  created(
    tx: DbOrTx,
    kind: 'recipe_created' | 'oven_created',
    ovenType: string,
    count?: number,
  ): Promise<void>;
}

const MEMO_LIMIT = 50_000;

export function createActivityRecorder(deps: {
  db: Db;
  timeZone: string;
  now?: () => Date;
}): ActivityRecorder {
  const now = deps.now ?? (() => new Date());
  // The hours already written, so a busy user costs one write an hour, not one per request.
  const written = new Set<string>();
  return {
    timeZone: deps.timeZone,
    async seen(userId) {
      const { day, hour } = zonedDayHour(now(), deps.timeZone);
      const key = `${userId}|${day}|${hour}`;
      if (written.has(key)) return;
      await deps.db.execute(sql`
        insert into user_activity_days (day, user_id, hours) values (${day}, ${userId}, ${1 << hour})
        on conflict (day, user_id) do update set hours = user_activity_days.hours | excluded.hours
        where (user_activity_days.hours & excluded.hours) = 0`);
      await deps.db.execute(sql`
        insert into user_activity_months (month, user_id) values (${monthOf(day)}, ${userId})
        on conflict do nothing`);
      if (written.size >= MEMO_LIMIT) written.clear();
      written.add(key);
    },
    async created(tx, kind, ovenType, count = 1) {
      if (count <= 0) return;
      const { day } = zonedDayHour(now(), deps.timeZone);
      await tx.insert(activityEvents).values({ kind, day, ovenType, count });
    },
  };
}
