import {
  foreignKey,
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
import type { Said } from '../../../shared/i18n/said';
import { locations, ovens } from './ovens';
import { teamMembers, teams } from './teams';
import { users } from './users';

/** The locations a store manager or crew member works in: they see and act on those locations' ovens only. */
export const memberLocations = pgTable(
  'member_locations',
  {
    teamId: integer('team_id').notNull(),
    userId: integer('user_id').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId, t.locationId] }),
    foreignKey({
      columns: [t.teamId, t.userId],
      foreignColumns: [teamMembers.teamId, teamMembers.userId],
    }).onDelete('cascade'),
    index('member_locations_location_idx').on(t.locationId),
  ],
);

/** An invitation by e-mail: its link (only a hash is kept) works for 7 days, for the invited address only. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    locationIds: jsonb('location_ids').$type<number[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_unique').on(t.tokenHash),
    // One pending invitation per address and team: inviting again resends it.
    uniqueIndex('team_invitations_team_email_unique').on(t.teamId, t.email),
  ],
);

/**
 * The team's trail: who did what, when, on which oven and location. Names are kept as they were, so the trail
 * still reads after an oven, a location or a person is gone.
 */
export const teamActivity = pgTable(
  'team_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    /** The summary said by key and values, so each reader has it in their language (null on rows from before). */
    summarySaid: jsonb('summary_said').$type<Said>(),
    ovenId: integer('oven_id').references(() => ovens.id, { onDelete: 'set null' }),
    ovenName: text('oven_name'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** Where an oven was moved from: the move shows in that location's trail too. */
    fromLocationId: integer('from_location_id').references(() => locations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_activity_team_idx').on(t.teamId, t.id),
    index('team_activity_location_idx').on(t.teamId, t.locationId, t.id),
    index('team_activity_from_location_idx').on(t.teamId, t.fromLocationId, t.id),
    index('team_activity_user_idx').on(t.teamId, t.userId, t.id),
  ],
);
