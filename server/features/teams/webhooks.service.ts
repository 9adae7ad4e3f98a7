import { and, desc, eq, sql } from 'drizzle-orm';
import type { Webhook, WebhookCreated, WebhookDelivery } from '../../../shared/contracts/integrations';
import {
  PING_EVENT,
  WEBHOOKS_PER_TEAM_MAX,
  type WebhookEvent,
  webhookUrlProblem,
} from '../../../shared/domain/integrations';
import { listOf, said } from '../../../shared/i18n/said';
import { type Db, rowsOf } from '../../db/client';
import { users, webhookAttempts, webhookMessages, webhooks } from '../../db/schema/index';
import { recordActivity } from '../../db/team-activity-store';
import { DUE_AT_ONCE, NEW_MESSAGE_ID } from '../../db/webhook-events';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { checkedAddress, RefusedAddress } from '../../lib/safe-fetch';
import { membershipIn } from './team-access';
import { newWebhookSecret } from './webhook-delivery';

type Row = typeof webhooks.$inferSelect;

function toWire(row: Row, creator: { id: number; username: string } | null): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    created_at: row.createdAt.toISOString(),
    creator,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
  };
}

/** A team's webhooks, for its owners and managers (`team.webhooks`); a token never reaches these. */
export function createWebhooksService(deps: {
  db: Db;
  allowPrivate: boolean;
  allowHttp: boolean;
  /** Asks the runner to deliver now (a test ping should not wait for the next poll). */
  nudge: () => void;
}) {
  const { db } = deps;

  const listed = (where: ReturnType<typeof and>) =>
    db
      .select({ hook: webhooks, creatorId: users.id, creator: users.username })
      .from(webhooks)
      .leftJoin(users, eq(users.id, webhooks.createdBy))
      .where(where)
      .orderBy(webhooks.id);

  const wire = (r: Awaited<ReturnType<typeof listed>>[number]) =>
    toWire(r.hook, r.creatorId === null ? null : { id: r.creatorId, username: r.creator ?? '' });

  async function own(userId: number, teamId: number, webhookId: number): Promise<Row> {
    await membershipIn(db, userId, teamId, 'team.webhooks');
    const [row] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.teamId, teamId)));
    if (!row) throw new NotFoundError('Webhook');
    return row;
  }

  return {
    async list(userId: number, teamId: number): Promise<Webhook[]> {
      await membershipIn(db, userId, teamId, 'team.webhooks');
      return (await listed(eq(webhooks.teamId, teamId))).map(wire);
    },

    async create(
      userId: number,
      teamId: number,
      input: { url: string; events: WebhookEvent[]; description: string },
    ): Promise<WebhookCreated['data']> {
      await membershipIn(db, userId, teamId, 'team.webhooks');
      const problem = webhookUrlProblem(input.url, { allowHttp: deps.allowHttp });
      if (problem) throw ValidationError.field('url', problem);
      // Refused now, with the reason, rather than failing at every delivery; checked again at each.
      try {
        await checkedAddress(new URL(input.url), deps.allowPrivate);
      } catch (error) {
        if (error instanceof RefusedAddress) throw ValidationError.field('url', error.said);
        throw error;
      }
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        await membershipIn(tx, userId, teamId, 'team.webhooks', true);
        const [held] = await tx
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(webhooks)
          .where(eq(webhooks.teamId, teamId));
        if (Number(held?.n ?? 0) >= WEBHOOKS_PER_TEAM_MAX)
          throw ValidationError.field('url', said('ruleMessages.webhooksMax', { n: WEBHOOKS_PER_TEAM_MAX }));
        const [made] = await tx
          .insert(webhooks)
          .values({
            teamId,
            createdBy: userId,
            url: input.url,
            events: input.events,
            description: input.description,
            secret,
          })
          .returning();
        await recordActivity(tx, {
          teamId,
          userId,
          action: 'webhook.added',
          summary: said('ruleMessages.webhookAdded', { url: input.url, events: listOf(input.events) }),
        });
        return made!;
      });
      const [listedRow] = await listed(eq(webhooks.id, row.id));
      return { ...wire(listedRow!), secret };
    },

    async remove(userId: number, teamId: number, webhookId: number): Promise<void> {
      const hook = await own(userId, teamId, webhookId);
      await db.transaction(async (tx) => {
        await tx.delete(webhooks).where(eq(webhooks.id, webhookId));
        await recordActivity(tx, {
          teamId,
          userId,
          action: 'webhook.removed',
          summary: said('ruleMessages.webhookRemoved', { url: hook.url }),
        });
      });
    },

    /** Turns a webhook Hearth stopped on again; what was given up meanwhile is not sent again. */
    async enable(userId: number, teamId: number, webhookId: number): Promise<Webhook> {
      const hook = await own(userId, teamId, webhookId);
      await db.transaction(async (tx) => {
        await tx
          .update(webhooks)
          .set({ disabledAt: null, failingSince: null })
          .where(eq(webhooks.id, webhookId));
        if (hook.disabledAt)
          await recordActivity(tx, {
            teamId,
            userId,
            action: 'webhook.enabled',
            summary: said('ruleMessages.webhookEnabled', { url: hook.url }),
          });
      });
      const [row] = await listed(eq(webhooks.id, webhookId));
      return wire(row!);
    },

    /** Queues a ping (whatever the events chosen) and asks for delivery now. */
    async test(userId: number, teamId: number, webhookId: number): Promise<{ message_id: string }> {
      const hook = await own(userId, teamId, webhookId);
      const [row] = await rowsOf<{ message_id: string }>(
        db,
        sql`insert into webhook_messages (webhook_id, message_id, event, next_attempt_at, payload)
            values (${hook.id}, ${NEW_MESSAGE_ID}, ${PING_EVENT}, ${DUE_AT_ONCE},
              jsonb_build_object('type', ${PING_EVENT}::text, 'timestamp', ${new Date().toISOString()}::text,
                'data', jsonb_build_object('webhook_id', ${hook.id}::integer, 'team_id', ${teamId}::integer,
                  'by', (select jsonb_build_object('id', u.id, 'username', u.username) from users u where u.id = ${userId}))))
            returning message_id`,
      );
      deps.nudge();
      return { message_id: row!.message_id };
    },

    /** Each attempt, newest first, a page at a time. */
    async deliveries(
      userId: number,
      teamId: number,
      webhookId: number,
      page: number,
      perPage: number,
    ): Promise<{ data: WebhookDelivery[]; total: number }> {
      await own(userId, teamId, webhookId);
      const [rows, [count]] = await Promise.all([
        db
          .select({ attempt: webhookAttempts, message: webhookMessages })
          .from(webhookAttempts)
          .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
          .where(eq(webhookAttempts.webhookId, webhookId))
          .orderBy(desc(webhookAttempts.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(webhookAttempts)
          .where(eq(webhookAttempts.webhookId, webhookId)),
      ]);
      return {
        total: Number(count?.n ?? 0),
        data: rows.map(({ attempt, message }) => ({
          id: attempt.id,
          message_id: message.messageId,
          event: message.event,
          attempt: attempt.attempt,
          status: attempt.ok,
          response_code: attempt.responseCode,
          error: attempt.error,
          error_said: attempt.errorSaid ?? null,
          duration_ms: attempt.durationMs,
          at: attempt.at.toISOString(),
          next_attempt_at:
            message.state === 'pending' && attempt.attempt === message.attempts
              ? message.nextAttemptAt.toISOString()
              : null,
        })),
      };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
