import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rate-limit counters shared by every app instance: one row per key and its current window. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
