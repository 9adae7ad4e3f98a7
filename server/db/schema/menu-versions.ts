import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MenuTree } from '../../../shared/domain/menu';
import type { RecipeSnapshot } from '../../../shared/domain/menu-diff';
import { ovens } from './ovens';
import { users } from './users';

/**
 * A named, immutable copy of an oven's menu: its tree and the recipes on it exactly as they were, so a later recipe
 * edit does not rewrite what the version held. Never updated; deleted only with its oven.
 */
export const menuVersions = pgTable(
  'menu_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ovenId: integer('oven_id')
      .notNull()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tree: jsonb('tree').$type<MenuTree>().notNull(),
    recipes: jsonb('recipes').$type<Record<string, RecipeSnapshot>>().notNull(),
  },
  (t) => [
    uniqueIndex('menu_versions_oven_name_unique').on(t.ovenId, sql`lower(${t.name})`),
    index('menu_versions_oven_idx').on(t.ovenId, t.id),
  ],
);
