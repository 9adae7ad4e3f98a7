import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every mail the app sends, kept whether or not SMTP is configured: the embedded outbox and an audit trail. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt)],
);
