import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * What the usage report counts, recorded as it happens (decision 0018). A user is active in an hour when they log
 * in or use Hearth with their session in it; the hours of a day are one bit each, in the report's time zone. The
 * user id carries no foreign key: a deleted user's past activity still counts in past reports.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    /** Bit h is set when the user was active in hour h (0–23) of the day. */
    hours: integer('hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** The same by month (first day of the month), so a year's report reads about 12 rows per user, not 365. */
export const userActivityMonths = pgTable(
  'user_activity_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.userId] })],
);

/**
 * Recipes and ovens created, one row per creation (an import is one row with its count), kept when the recipe, the
 * oven or its owner goes. Rows are only ever added, inside the creating transaction: a rolled-back creation leaves
 * none, and concurrent creations never wait on a shared counter row.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['recipe_created', 'oven_created'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ovenType: text('oven_type').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('activity_events_kind_day_idx').on(t.kind, t.day)],
);
