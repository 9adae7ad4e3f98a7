import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { ovens } from './ovens';
import { users } from './users';

/**
 * A settings file built for download: GET /api/files/{id} builds and checks it once, and the browser fetches these
 * exact bytes from /storage/settings/{token}/{FILE} without its bearer token, so the random token is the capability.
 * Kept a few minutes.
 */
export const settingsDownloads = pgTable(
  'settings_downloads',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('settings_downloads_expires_at_idx').on(t.expiresAt)],
);
