import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { teams } from './teams';
import { users } from './users';

/**
 * Recipe photos live in the database, so every app instance serves the same bytes. The id is a random token:
 * pages load photos without a bearer token, so the address itself must not be guessable.
 */
export const recipeImages = pgTable('recipe_images', {
  id: text('id').primaryKey(),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recipes = pgTable(
  'recipes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** null: the provider's library; otherwise the team whose recipe it is (Community: "My Recipes"). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Who made it, kept for the usage report even for library recipes. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    // The name as searches compare it (case and accents aside, migration 0019), kept on write.
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`search_fold(name)`),
    // Every one- and two-character piece of the folded name (migration 0027): what a search of one or two letters
    // looks up in an index, where trigrams need three.
    nameGrams: text('name_grams').array().notNull().generatedAlwaysAs(sql`short_grams(search_fold(name))`),
    // The name as lists order it (numbers by value: "Pizza 2" before "Pizza 10", case aside), kept on write.
    sortKey: text('sort_key').notNull().generatedAlwaysAs(sql`natural_sort_key(name)`),
    productName: text('product_name').notNull(),
    ovenType: text('oven_type').notNull(),
    setTemp: integer('set_temp').notNull(),
    category: text('category').notNull(),
    startingState: text('starting_state'),
    dishType: text('dish_type').notNull().default(''),
    brand: text('brand').notNull().default(''),
    icon: text('icon').notNull(),
    sku: text('sku').notNull().default(''),
    weight: text('weight').notNull().default(''),
    quantity: text('quantity').notNull().default(''),
    ingredients: text('ingredients').notNull().default(''),
    outcomeAttributes: text('outcome_attributes').notNull().default(''),
    procedure: text('procedure').notNull().default(''),
    outcome: text('outcome').notNull().default(''),
    imageId: text('image_id').references(() => recipeImages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list pages: one team (or the library), optional type and category filters, ordered by name.
    index('recipes_team_name_idx').on(t.teamId, t.sortKey, t.id),
    index('recipes_team_type_category_idx').on(t.teamId, t.ovenType, t.category),
    // The library's pages in name order: PostgreSQL takes `team_id IS NULL` for no equality, so the index above
    // cannot give the order there, and a library page sorted every recipe.
    index('recipes_library_name_idx').on(t.sortKey, t.id).where(sql`${t.teamId} is null`),
    // Substring search on names (ILIKE '%…%') at any size.
    index('recipes_name_trgm_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`).with({ fastupdate: false }),
    // The same for one and two letters ("pi"), which trigrams cannot serve.
    index('recipes_name_grams_idx').using('gin', t.nameGrams).with({ fastupdate: false }),
    index('recipes_created_at_idx').on(t.createdAt),
  ],
);

export const recipeStages = pgTable(
  'recipe_stages',
  {
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    hours: text('hours').notNull(),
    minutes: text('minutes').notNull(),
    seconds: text('seconds').notNull(),
    temp: integer('temp').notNull(),
    percentAirTop: integer('percent_air_top').notNull(),
    percentAirBottom: integer('percent_air_bottom').notNull(),
    blowerPercent: integer('blower_percent').notNull(),
    microwavePercent: integer('microwave_percent').notNull(),
    irLvlTop: text('ir_lvl_top').notNull(),
    irLvlBottom: text('ir_lvl_bottom').notNull(),
    forceVentOpen: boolean('force_vent_open').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipeId, t.order] })],
);

export const recipeEvents = pgTable(
  'recipe_events',
  {
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    minutes: integer('minutes').notNull(),
    seconds: integer('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipeId, t.position] })],
);

/**
 * The provider's library changes rarely and is read by every user: its list pages are cached per instance and
 * served while this version stands. Triggers on `recipes` bump it in the same transaction as any change to a
 * library recipe, whichever code (or SQL) made it, so no instance ever serves a stale page (decision 0020).
 */
export const libraryState = pgTable('library_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
