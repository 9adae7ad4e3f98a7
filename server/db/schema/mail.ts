import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

/**
 * Every mail the app sends, kept whether or not SMTP is configured: the embedded outbox, an audit trail, and the
 * queue a failed delivery is retried from (`sent_at` empty and `next_attempt_at` set).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_created_at_idx').on(t.createdAt),
    index('outbox_next_attempt_at_idx').on(t.nextAttemptAt),
  ],
);

/** Files sent with a message (a settings file, a menu PDF), kept with it so a retry sends the same bytes. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.outboxId, t.position] })],
);
