import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { TEAM_ROLES } from '../../../shared/domain/permissions';
import { teams } from './teams';
import { users } from './users';

/**
 * A team's company sign-in (OpenID Connect, decision 0038). The client secret is sent to the provider's token
 * endpoint, so it is kept as given (like a webhook's secret) and never sent back.
 */
export const teamSso = pgTable('team_sso', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  defaultRole: text('default_role', { enum: TEAM_ROLES }).notNull(),
  defaultLocationIds: jsonb('default_location_ids').$type<number[]>().notNull().default([]),
  enforce: boolean('enforce').notNull().default(false),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail domains a team signs in. Several teams may claim a domain while they prove it; once one has proved it
 * (a DNS TXT record with its token), it is that team's alone: the partial unique index holds it.
 */
export const teamSsoDomains = pgTable(
  'team_sso_domains',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** The TXT record's value carries it; public once published, so kept as is. */
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.domain] }),
    uniqueIndex('team_sso_domains_proved_unique').on(t.domain).where(sql`${t.verifiedAt} is not null`),
    index('team_sso_domains_domain_idx').on(t.domain),
  ],
);

/** Who a person is at a company's provider: the issuer and its subject, matched before the e-mail address. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * One trip to the provider and back: its state (only a hash kept), nonce and PKCE verifier, the browser it
 * started in (a hash of a cookie), and after the callback a one-time hand-off the page exchanges for a session.
 * Each step is used once.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'test'] }).notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** For a test, the owner who asked; after a sign-in, the person signed in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffHash: text('handoff_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_logins_state_unique').on(t.stateHash),
    uniqueIndex('sso_logins_handoff_unique').on(t.handoffHash),
    index('sso_logins_expires_idx').on(t.expiresAt),
  ],
);
