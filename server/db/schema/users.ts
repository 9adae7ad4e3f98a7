import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../../shared/i18n/languages';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'other'] })
      .notNull()
      .default('other'),
    optIn: boolean('opt_in').notNull().default(false),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // How this user reads and types temperatures; everything stored stays °F.
    temperatureUnit: text('temperature_unit', { enum: ['F', 'C'] })
      .notNull()
      .default('F'),
    // The language of the screens, mails and PDFs; null follows the browser.
    language: text('language', { enum: LANGUAGE_CODES }),
  },
  (t) => [
    // Usernames are unique whatever their case; e-mails are stored lowercased.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    // The admin's "Search by email..." (ILIKE '%…%') at any size.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Only a SHA-256 of the bearer token is kept: a leaked table does not log anybody in.
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.kind),
  ],
);
