/**
 * Which oven and which recipes a person may reach: an oven in their scope (locked for a change), its model, a
 * recipe a menu may take, and the menus that use a recipe.
 */
/**
 * An oven's menu in the database: read as the domain's tree, changed in one locked transaction that writes only the
 * rows that differ, with one revision row per change (docs/decisions/0015-menu-model.md). Used by the ovens, menus
 * and settings-files features.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MenuRecipe } from '../../../shared/domain/menu';
import { findOvenModel, type OvenModel } from '../../../shared/domain/oven-models';
import { NOT_A_MENU_RECIPE } from '../../../shared/domain/permissions';
import { type Said, said } from '../../../shared/i18n/said';
import type { DbOrTx } from '../../db/client';
import { menuButtons, menuCategories, menuScreens, ovens, recipes } from '../../db/schema/index';
import { inScope, ownedId, type Scope } from '../../db/scope';
import { NotFoundError, ValidationError } from '../../lib/errors';

export type OvenRow = typeof ovens.$inferSelect;

/** The oven of a user, or NotFoundError (another user's oven is not found, never forbidden). */
export async function ownOven(db: DbOrTx, scope: Scope, ovenId: number, lock = false): Promise<OvenRow> {
  const query = db.select().from(ovens).where(ownedId.oven(scope, ovenId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('Oven');
  return row;
}

export function modelOf(oven: OvenRow): OvenModel {
  const model = findOvenModel(oven.type);
  if (!model) throw new Error(`Oven ${oven.id} has an unknown type: ${oven.type}`);
  return model;
}

/** The oven a screen, button or category belongs to, if it is the user's. */
export async function ovenOf(
  db: DbOrTx,
  scope: Scope,
  what: 'screen' | 'button' | 'category',
  id: number,
): Promise<number> {
  const table = what === 'screen' ? menuScreens : what === 'button' ? menuButtons : menuCategories;
  const [row] = await db
    .select({ ovenId: ovens.id })
    .from(table)
    .innerJoin(ovens, eq(ovens.id, table.ovenId))
    .where(and(eq(table.id, id), inScope.ovens(scope)))
    .limit(1);
  if (!row) throw new NotFoundError(what === 'screen' ? 'Screen' : what === 'button' ? 'Button' : 'Category');
  return row.ovenId;
}

/** A recipe the kitchen may put on an oven: its own or the library's (the type check is the domain's). */
export async function menuRecipe(db: DbOrTx, scope: Scope, recipeId: number): Promise<MenuRecipe> {
  const [row] = await db
    .select({ id: recipes.id, name: recipes.name, ovenType: recipes.ovenType })
    .from(recipes)
    .where(and(eq(recipes.id, recipeId), inScope.menuRecipes(scope)))
    .limit(1);
  if (!row) throw ValidationError.field('buttonable_id', NOT_A_MENU_RECIPE);
  return { id: row.id, name: row.name, ovenType: row.ovenType };
}

/** Where recipes sit on menus: for refusing to delete or retype a recipe an oven uses. */
export async function menusUsing(
  db: DbOrTx,
  recipeIds: number[],
): Promise<{ recipeId: number; ovenId: number; ovenName: string; teamId: number; place: Said }[]> {
  if (recipeIds.length === 0) return [];
  const rows = await db
    .select({
      recipeId: menuButtons.recipeId,
      ovenId: ovens.id,
      ovenName: ovens.name,
      teamId: ovens.teamId,
      screenPosition: menuScreens.position,
      categoryName: menuCategories.name,
      slot: menuButtons.position,
    })
    .from(menuButtons)
    .innerJoin(ovens, eq(ovens.id, menuButtons.ovenId))
    .innerJoin(menuScreens, eq(menuScreens.id, menuButtons.screenId))
    .leftJoin(menuCategories, eq(menuCategories.id, menuScreens.categoryId))
    .where(inArray(menuButtons.recipeId, recipeIds))
    .orderBy(asc(ovens.sortKey), asc(menuButtons.id));
  return rows.map((r) => ({
    recipeId: r.recipeId!,
    ovenId: r.ovenId,
    ovenName: r.ovenName,
    teamId: r.teamId,
    place: r.categoryName
      ? said('ruleParts.category', { name: r.categoryName })
      : said('ruleParts.screenSlot', { n: r.screenPosition, slot: r.slot }),
  }));
}

/**
 * Whether a recipe stands on the menu of an oven within the person's reach: crew, who do not read the team's
 * recipe book, read the recipes on their stores' menus (stages included). One statement, by the recipe's buttons.
 */
export async function onMenuInReach(db: DbOrTx, scope: Scope, recipeId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: menuButtons.id })
    .from(menuButtons)
    .innerJoin(ovens, eq(ovens.id, menuButtons.ovenId))
    .where(and(eq(menuButtons.recipeId, recipeId), inScope.ovens(scope)))
    .limit(1);
  return found !== undefined;
}
