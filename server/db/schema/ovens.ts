import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FLEET_STATUSES } from '../../../shared/domain/fleet';
import type { Said } from '../../../shared/i18n/said';
import { recipes } from './recipes';
import { teams } from './teams';
import { users } from './users';

/** A place a chain's ovens stand in (a store, a kitchen): groups ovens on the Ovens and fleet pages. */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    // The name and address as searches compare them (case and accents aside, migration 0019), kept on write.
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`search_fold(name)`),
    addressKey: text('address_key').notNull().generatedAlwaysAs(sql`search_fold(address)`),
    // The name as lists order it: folded, its numbers in their value's order ("Store 9" before "Store 10").
    sortKey: text('sort_key').notNull().generatedAlwaysAs(sql`natural_sort_key(name)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('locations_team_name_unique').on(t.teamId, sql`lower(normalize(${t.name}, NFKC))`),
    // The Locations page and every location list, in name order.
    index('locations_team_sort_idx').on(t.teamId, t.sortKey, t.id),
    // A search of location names (the fleet's search finds a store's ovens by its name).
    index('locations_name_trgm_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/**
 * An oven and its touch-screen menu (docs/decisions/0015-menu-model.md). Ids are "by default" identities so an undo
 * can put a deleted row back with its own id.
 */
export const ovens = pgTable(
  'ovens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Who added or imported it (the admin's user page counts these). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** [{ name, temperature }] in °F (spec §3). */
    warmUps: jsonb('warm_ups').$type<{ name: string; temperature: number }[]>().notNull().default([]),
    /** Goes up with every change to the oven or its menu; an editor that saw an older one is told so. */
    version: integer('version').notNull().default(1),
    /**
     * The named version the menu was made equal to (saved, restored or applied from a template) and the oven's
     * `version` just after: while `version` has not moved on, the oven's menu is that version.
     */
    atVersionId: integer('at_version_id'),
    atOvenVersion: integer('at_oven_version'),
    /*
     * Where the oven stands on the fleet page, kept current on write by triggers (migration 0014), so a page reads
     * the 50 ovens it shows and never every oven of the team: its newest named version (what it should run), the
     * last sighting (what it was seen running) and download, its location's name to sort by, and the status
     * these give (`fleetStatus` in shared/domain/fleet.ts, which a test holds the column to).
     */
    latestVersionId: integer('latest_version_id'),
    lastSightingId: integer('last_sighting_id'),
    seenVersionId: integer('seen_version_id'),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    lastFingerprintId: integer('last_fingerprint_id'),
    locationSort: text('location_sort'),
    fleetStatus: text('fleet_status', { enum: FLEET_STATUSES })
      .notNull()
      .generatedAlwaysAs(
        sql`case when latest_version_id is null then 'no_version' when seen_at is null then 'never_checked' when seen_version_id = latest_version_id then 'up_to_date' else 'waiting' end`,
      ),
    // The name as searches compare it (case and accents aside, migration 0019), kept on write.
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`search_fold(name)`),
    // The name as lists order it (numbers by value: "Line 2" before "Line 10"), kept on write.
    sortKey: text('sort_key').notNull().generatedAlwaysAs(sql`natural_sort_key(name)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The Ovens page: a team's ovens by name, ovens of one name by store (or a location's: ovens_fleet_location_idx).
    index('ovens_team_name_idx').on(t.teamId, t.sortKey, t.locationSort, t.id),
    index('ovens_created_by_idx').on(t.createdBy),
    index('ovens_created_at_idx').on(t.createdAt),
    index('ovens_location_idx').on(t.locationId),
    // The fleet page's orders: by location (none last), then name; by status; within one location.
    index('ovens_fleet_idx').on(t.teamId, t.locationSort, t.sortKey, t.id),
    index('ovens_fleet_status_idx').on(t.teamId, t.fleetStatus, t.locationSort, t.sortKey, t.id),
    index('ovens_fleet_location_idx').on(t.teamId, t.locationId, t.sortKey, t.id),
    // A search of oven names. The trigram alone: with the team beside it in one GIN index, each search walked the
    // team's whole posting list and the planner chose to read every oven instead (3 ms at 10,000; 0.15 ms now).
    // No pending list (fastupdate): new rows waiting in it were read whole by every search until a vacuum.
    index('ovens_name_trgm_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/**
 * How many ovens of a team are in each location, model and fleet status, kept by triggers as ovens come, go and
 * change: the fleet page's counts read these few rows, not the team's ovens.
 */
export const fleetCounts = pgTable(
  'fleet_counts',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** 0 for ovens in no location (a key column cannot be null). */
    locationId: integer('location_id').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: FLEET_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.locationId, t.type, t.status] })],
);

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
  },
  (t) => [index('menu_categories_oven_idx').on(t.ovenId)],
);

/** A main screen (no category) or a page of a category. Numbered once per oven or per category. */
export const menuScreens = pgTable(
  'menu_screens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => menuCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    // Deferrable in the migration, so positions can shift in one statement.
    unique('menu_screens_place_unique').on(t.ovenId, t.categoryId, t.position).nullsNotDistinct(),
    check('menu_screens_position_check', sql`${t.position} >= 1`),
    index('menu_screens_category_idx').on(t.categoryId),
  ],
);

/** A button in a slot: it opens a recipe or a category, never both. */
export const menuButtons = pgTable(
  'menu_buttons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    screenId: integer('screen_id')
      .notNull()
      .references((): AnyPgColumn => menuScreens.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // A recipe on a menu cannot be deleted from under it (the service says where it is used). "No action", not
    // "restrict": deleting a user removes their ovens and recipes in one statement, checked at its end.
    recipeId: integer('recipe_id').references(() => recipes.id, { onDelete: 'no action' }),
    categoryId: integer('category_id').references(() => menuCategories.id, { onDelete: 'cascade' }),
    icon: text('icon').notNull(),
    color: text('color').notNull(),
    favorite: boolean('favorite').notNull().default(false),
  },
  (t) => [
    // Deferrable in the migration, so a list can shift in one statement.
    unique('menu_buttons_slot_unique').on(t.screenId, t.position),
    unique('menu_buttons_category_unique').on(t.categoryId),
    check('menu_buttons_position_check', sql`${t.position} >= 1`),
    check('menu_buttons_opens_one_check', sql`(${t.recipeId} is null) <> (${t.categoryId} is null)`),
    index('menu_buttons_oven_idx').on(t.ovenId),
    index('menu_buttons_recipe_idx').on(t.recipeId),
  ],
);

/** One row per change to an oven's menu: who, when, what, and the rows touched before and after (for undo). */
export const menuRevisions = pgTable(
  'menu_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    /** The summary said by key and values (null on rows from before). */
    summarySaid: jsonb('summary_said').$type<Said>(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    /** For an undo: the revision it reverted. */
    undoesId: integer('undoes_id'),
    /** Set on a revision when an undo reverts it. */
    undoneById: integer('undone_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('menu_revisions_oven_idx').on(t.ovenId, t.id)],
);
