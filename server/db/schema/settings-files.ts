import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { menuVersions } from './menu-versions';
import { ovens } from './ovens';
import { teams } from './teams';
import { users } from './users';

/**
 * A file built for download (a settings file, a zip and its checklist, a PDF of recipes): built and checked once,
 * then fetched as these exact bytes from /storage/… by the session that asked for it. Kept a few minutes.
 */
export const settingsDownloads = pgTable(
  'settings_downloads',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The team whose things it holds (null for the library's): fetched only while its user is still a member.
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    // Null for a zip of many ovens' files (and its checklist).
    ovenId: integer('oven_id').references(() => ovens.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    // Null for a zip, which is kept in parts as it is built (settings_download_parts).
    bytes: bytea('bytes'),
    // False while a zip is still being built: a download of it streams the parts so far and waits for the rest.
    complete: boolean('complete').notNull().default(true),
    // The session that asked for it: the download answers only to that session's bearer token.
    sessionHash: text('session_hash'),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('settings_downloads_expires_at_idx').on(t.expiresAt)],
);

/**
 * A zip's bytes in the order they were written, a part for every few ovens: a download streams them while the
 * zip is still being built, from whichever process asks, and no process holds a whole zip in memory.
 */
export const settingsDownloadParts = pgTable(
  'settings_download_parts',
  {
    token: text('token')
      .notNull()
      .references(() => settingsDownloads.token, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.seq] })],
);

/**
 * Every settings file handed out, by its checksum (the codec's CRC on the END line), with the named version the
 * oven's menu was at the time (when it was one): a file copied off an oven later is recognised by it.
 */
export const settingsFingerprints = pgTable(
  'settings_fingerprints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    checksum: text('checksum').notNull(),
    versionId: integer('version_id').references(() => menuVersions.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('settings_fingerprints_oven_checksum_idx').on(t.ovenId, t.checksum),
    index('settings_fingerprints_oven_idx').on(t.ovenId, t.id),
  ],
);

/** What a file copied off an oven showed it runs, each time one is checked (the newest is what it runs now). */
export const ovenSightings = pgTable(
  'oven_sightings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    checksum: text('checksum').notNull(),
    versionId: integer('version_id').references(() => menuVersions.id, { onDelete: 'set null' }),
    seenBy: integer('seen_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'file': read from a file copied off the oven; 'reported': a manager said the last download was loaded. */
    source: text('source').notNull().default('file'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oven_sightings_oven_idx').on(t.ovenId, t.id)],
);
