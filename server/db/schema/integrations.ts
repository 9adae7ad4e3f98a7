import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Said } from '../../../shared/i18n/said';
import { teams } from './teams';
import { users } from './users';

/**
 * A chain's systems acting in one team (decision 0036). Only a SHA-256 of the secret is kept; `shown` is its start
 * for the list. Removing the creator or the team removes the token.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    shown: text('shown').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
    index('api_tokens_team_idx').on(t.teamId),
  ],
);

/** A receiver a team told Hearth about. The secret signs each delivery, so it is kept as given. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhooks_team_idx').on(t.teamId)],
);

/**
 * One event for one webhook, from the moment it happened (written in the transaction of the change) until it is
 * delivered or given up. Its id is the `webhook-id` of every attempt.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // pending → delivered | given_up; `next_attempt_at` is when a dispatcher may take it (its lease while it runs).
    state: text('state', { enum: ['pending', 'delivered', 'given_up'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_messages_due_idx').on(t.nextAttemptAt).where(sql`state = 'pending'`),
    index('webhook_messages_webhook_idx').on(t.webhookId, t.id),
  ],
);

/** Each attempt at a message, for the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    ok: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    responseCode: integer('response_code'),
    /** Why it failed, in English for the API and the logs; `error_said` says it in every reader's language. */
    error: text('error'),
    errorSaid: jsonb('error_said').$type<Said>(),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_webhook_idx').on(t.webhookId, t.id)],
);
