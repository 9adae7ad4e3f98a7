import { sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../shared/domain/integrations';
import type { DbOrTx } from './client';

/**
 * What happened, for the team's webhooks (decision 0036): written in the transaction of the change it reports, so a
 * rolled-back change tells nobody, and delivered after it by the job runner. One statement for any number of events
 * and webhooks; a team without webhooks writes nothing.
 */
export type EventLine = {
  event: WebhookEvent;
  /** What the event says besides the oven and who (an explicit `version` wins over the oven's). */
  data?: Record<string, unknown>;
  /** Who did it: `data.by` is their id and name as they are now. */
  userId?: number | null;
} & (
  | { teamId: number; ovenId?: undefined }
  /** About an oven: its team's webhooks hear it, and `data.oven` and `data.version` are read as they now are. */
  | { ovenId: number; teamId?: undefined }
);

/** A message's `webhook-id`, the same on each of its attempts. */
export const NEW_MESSAGE_ID = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/** A new message is due at once, whatever the clock of the instance that delivers it. */
export const DUE_AT_ONCE = sql`'epoch'::timestamptz`;

export async function publishEvents(db: DbOrTx, lines: EventLine | readonly EventLine[]): Promise<void> {
  const list = Array.isArray(lines) ? lines : [lines as EventLine];
  if (list.length === 0) return;
  const at = new Date().toISOString();
  const rows = JSON.stringify(
    list.map((l) => ({
      team_id: l.teamId ?? null,
      oven_id: l.ovenId ?? null,
      event: l.event,
      data: l.data ?? {},
      user_id: l.userId ?? null,
    })),
  );
  await db.execute(sql`
    with e as (
      select coalesce(e.team_id, o.team_id) as team_id, e.event,
        case when o.id is null then '{}'::jsonb else jsonb_build_object(
          'oven', jsonb_build_object('id', o.id, 'name', o.name, 'location_id', o.location_id),
          'version', o.version) end
        || e.data
        || jsonb_build_object('by',
          (select jsonb_build_object('id', u.id, 'username', u.username) from users u where u.id = e.user_id)) as data
      from jsonb_to_recordset(${rows}::jsonb) as e(team_id integer, oven_id integer, event text, data jsonb, user_id integer)
      left join ovens o on o.id = e.oven_id)
    insert into webhook_messages (webhook_id, message_id, event, payload, next_attempt_at)
    select w.id, ${NEW_MESSAGE_ID}, e.event,
      jsonb_build_object('type', e.event, 'timestamp', ${at}::text, 'data', e.data), ${DUE_AT_ONCE}
    from e join webhooks w on w.team_id = e.team_id and w.disabled_at is null and e.event = any(w.events)`);
}
