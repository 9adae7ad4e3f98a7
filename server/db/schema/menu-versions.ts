import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MenuTree, RecipeSnapshot } from '../../../shared/domain/menu';
import type { Said } from '../../../shared/i18n/said';
import { ovens } from './ovens';
import { teams } from './teams';
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
    /** A name and note Hearth gave (a template's "Before …"), said by key so each reader has them in their language. */
    nameSaid: jsonb('name_said').$type<Said>(),
    noteSaid: jsonb('note_said').$type<Said>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tree: jsonb('tree').$type<MenuTree>().notNull(),
    recipes: jsonb('recipes').$type<Record<string, RecipeSnapshot>>().notNull(),
  },
  (t) => [
    uniqueIndex('menu_versions_oven_name_unique').on(t.ovenId, sql`lower(normalize(${t.name}, NFKC))`),
    index('menu_versions_oven_idx').on(t.ovenId, t.id),
  ],
);

/**
 * One menu for many ovens of one model: its tree (buttons open recipes by id, the user's or the library's) and a
 * version that goes up each time the menu is replaced.
 */
export const menuTemplates = pgTable(
  'menu_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ovenType: text('oven_type').notNull(),
    version: integer('version').notNull().default(1),
    tree: jsonb('tree').$type<MenuTree>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('menu_templates_team_name_unique').on(t.teamId, sql`lower(normalize(${t.name}, NFKC))`),
  ],
);

/**
 * Which template an oven got, which of its versions, and the oven's `version` just after: while neither moved on,
 * the oven matches the template without comparing menus.
 */
export const ovenTemplates = pgTable(
  'oven_templates',
  {
    ovenId: integer('oven_id')
      .primaryKey()
      .references(() => ovens.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => menuTemplates.id, { onDelete: 'cascade' }),
    templateVersion: integer('template_version').notNull(),
    ovenVersion: integer('oven_version').notNull(),
    appliedBy: integer('applied_by').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oven_templates_template_idx').on(t.templateId)],
);
