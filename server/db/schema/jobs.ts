import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Said } from '../../../shared/i18n/said';
import { users } from './users';

/**
 * Heavy work a user asked for (a template applied to many ovens, a zip of many ovens' files, a PDF of many
 * recipes), run off the request path by a bounded pool on whichever instance claims it, with its progress for the
 * page to show. The files it makes are kept in `settings_downloads` under the session that asked.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The session that asked: only it may download what the job made.
    sessionHash: text('session_hash').notNull(),
    kind: text('kind').notNull(),
    // queued → running → done | failed
    status: text('status').notNull().default('queued'),
    params: jsonb('params').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    /** The error said by key and values, so each reader has it in their language (null on rows from before). */
    errorSaid: jsonb('error_said').$type<Said>(),
    // A running job renews its lease as it goes; one whose lease ran out lost its process and is marked failed.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('jobs_status_idx').on(t.status, t.id),
    index('jobs_user_idx').on(t.userId, t.status),
    index('jobs_expires_at_idx').on(t.expiresAt),
  ],
);
