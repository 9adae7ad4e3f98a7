import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  PING_EVENT,
  WEBHOOK_FAILING_DISABLE_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
} from '../../../shared/domain/integrations';
import { english } from '../../../shared/i18n/english';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import type { Said } from '../../../shared/i18n/said';
import { type Db, rowsOf } from '../../db/client';
import { sayIn } from '../../lib/i18n';
import { postChecked } from '../../lib/safe-fetch';
import type { Mailer } from '../../mail/mailer';
import { webhookDisabledMail } from '../../mail/templates';

/**
 * Delivering the team's events (decision 0036), run by the job runner off the request path on whichever instance
 * claims them: signed as Standard Webhooks says, 10 s per attempt, retried with the same id on a backing-off
 * schedule, and a webhook failing for a day turned off with a mail to the team's owners.
 */

/** A new signing secret: Standard Webhooks' `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, keyed with the secret's bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Receivers posted to at once, a message each (a receiver gets its messages one after another, in order, and one
 * that is down is tried once, not once per waiting message), each post with its own deadline.
 */
const BATCH = 20;
/** A claimed message is another instance's to take again after this (the attempt's deadline and some). */
const LEASE_MS = 60_000;

interface Claimed {
  id: number;
  webhook_id: number;
  message_id: string;
  event: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
  team_id: number;
  disabled_at: string | null;
}

export function createWebhookDelivery(deps: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  providerName: string;
  allowPrivate: boolean;
  now?: () => Date;
  /** Tests shorten it. */
  timeoutMs?: number;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Up to `room` due messages, one per webhook, of webhooks not already being posted to. */
  async function claim(room: number, busy: readonly number[]): Promise<Claimed[]> {
    const at = now();
    const skip = `{${busy.join(',')}}`;
    return rowsOf<Claimed>(
      db,
      sql`update webhook_messages m set next_attempt_at = ${new Date(at.getTime() + LEASE_MS).toISOString()}::timestamptz
          from webhooks w
          where w.id = m.webhook_id and m.id in (
            select distinct on (c.webhook_id) c.id from (
              select id, webhook_id, next_attempt_at from webhook_messages
              where state = 'pending' and next_attempt_at <= ${at.toISOString()}::timestamptz
                and webhook_id <> all(${skip}::integer[])
              order by next_attempt_at, id limit ${BATCH * 10} for update skip locked) c
            order by c.webhook_id, c.next_attempt_at, c.id limit ${room})
          returning m.id, m.webhook_id, m.message_id, m.event, m.payload, m.attempts, w.url, w.secret, w.team_id,
            w.disabled_at`,
    );
  }

  async function deliver(message: Claimed): Promise<void> {
    // A webhook turned off (or a day of failures) keeps what was queued from going out.
    if (message.disabled_at) {
      await db.execute(sql`update webhook_messages set state = 'given_up' where id = ${message.id}`);
      return;
    }
    const body = typeof message.payload === 'string' ? message.payload : JSON.stringify(message.payload);
    const timestamp = Math.floor(now().getTime() / 1000);
    const outcome = await postChecked(
      message.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Hearth-Webhooks/1',
        'webhook-id': message.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(message.secret, message.message_id, timestamp, body),
      },
      body,
      { timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS, allowPrivate: deps.allowPrivate },
    );
    const attempt = message.attempts + 1;
    const ok = outcome.error === null;
    const at = now();
    // A test ping is tried once: its answer is for the person looking at the log, and it says nothing of the webhook.
    const ping = message.event === PING_EVENT;
    const delay = ping ? undefined : WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
    const state = ok ? 'delivered' : delay === undefined ? 'given_up' : 'pending';
    const next = new Date(at.getTime() + (delay ?? 0)).toISOString();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into webhook_attempts (message_id, webhook_id, attempt, status, response_code, error, error_said, duration_ms, at)
        values (${message.id}, ${message.webhook_id}, ${attempt}, ${ok ? 'succeeded' : 'failed'}, ${outcome.status},
          ${outcome.error ? english(outcome.error) : null}, ${outcome.error ? JSON.stringify(outcome.error) : null}::jsonb,
          ${outcome.durationMs}, ${at.toISOString()}::timestamptz)`);
      await tx.execute(sql`update webhook_messages set attempts = ${attempt}, state = ${state},
        next_attempt_at = ${next}::timestamptz where id = ${message.id}`);
      if (ping) return;
      if (ok) {
        await tx.execute(
          sql`update webhooks set failing_since = null where id = ${message.webhook_id} and failing_since is not null`,
        );
        return;
      }
      // A receiver that is down is not tried once per waiting message: the others wait for this one's retry.
      if (state === 'pending')
        await tx.execute(sql`update webhook_messages set next_attempt_at = ${next}::timestamptz
          where webhook_id = ${message.webhook_id} and state = 'pending' and next_attempt_at < ${next}::timestamptz
            and id <> ${message.id}`);
      const cutoff = new Date(at.getTime() - WEBHOOK_FAILING_DISABLE_MS).toISOString();
      const [row] = await rowsOf<{ off: boolean }>(
        tx,
        sql`update webhooks set failing_since = coalesce(failing_since, ${at.toISOString()}::timestamptz),
              disabled_at = case when failing_since <= ${cutoff}::timestamptz then ${at.toISOString()}::timestamptz end
            where id = ${message.webhook_id} and disabled_at is null
            returning disabled_at is not null as off`,
      );
      if (row?.off) await tellOwners(tx, message, outcome.error);
    });
  }

  async function tellOwners(
    tx: Parameters<Mailer['queue']>[0],
    message: Claimed,
    error: Said | null,
  ): Promise<void> {
    const owners = await rowsOf<{ email: string; language: Language | null; team: string }>(
      tx,
      sql`select u.email, u.language, t.name as team from team_members m join users u on u.id = m.user_id
          join teams t on t.id = m.team_id where m.team_id = ${message.team_id} and m.role = 'owner'`,
    );
    await deps.mailer.queue(
      tx,
      owners.map((o) =>
        webhookDisabledMail({
          language: o.language ?? DEFAULT_LANGUAGE,
          provider: deps.providerName,
          to: o.email,
          team: o.team,
          url: message.url,
          error: error ? sayIn(o.language ?? DEFAULT_LANGUAGE, error) : '',
          pageUrl: `${deps.appUrl}/team`,
        }),
      ),
    );
  }

  return {
    /** Posts every message that is due, a batch at a time; answers how many were tried. */
    /**
     * Posts every message that is due, BATCH receivers at a time: a slot is refilled as soon as its post ends, so a
     * receiver that hangs for its 10 s holds one slot, not every other team's deliveries. Answers how many were tried.
     */
    async deliverDue(): Promise<number> {
      const posting = new Map<number, Promise<void>>();
      let tried = 0;
      let failure: unknown = null;
      for (;;) {
        const room = BATCH - posting.size;
        const batch = room > 0 ? await claim(room, [...posting.keys()]) : [];
        for (const message of batch) {
          tried++;
          const post = deliver(message)
            .catch((error: unknown) => {
              failure = error;
            })
            .finally(() => posting.delete(message.webhook_id));
          posting.set(message.webhook_id, post);
        }
        if (posting.size === 0) break;
        // Nothing more due now (or no room): wait for a post to end, which may make its webhook's next one due.
        if (batch.length < room || room === 0) await Promise.race(posting.values());
      }
      if (failure) throw failure;
      return tried;
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
