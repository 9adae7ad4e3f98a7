import type { RecipeDetail } from '../../../shared/contracts/recipes';
import type { MenuSnapshot, RecipeSnapshot } from '../../../shared/domain/menu';
import { menuRecipeIds } from '../../../shared/domain/menu';
import type { DbOrTx } from '../../db/client';
import { recipesByIds } from '../../db/recipe-store';
import { loadMenu } from './menu-store';

/** A recipe as a menu version keeps it: what a later change to it is described by. */
export const recipeSnapshot = (r: RecipeDetail): RecipeSnapshot => ({
  name: r.name,
  oven_type: r.oven_type,
  product_name: r.product_name,
  set_temp: r.set_temp,
  category: r.category,
  icon: r.icon,
  stages: r.stages as RecipeSnapshot['stages'],
  events: r.events,
});

/** The oven's menu and its recipes as they are now, to keep or to compare. */
export async function currentMenuSnapshot(
  db: DbOrTx,
  ovenId: number,
  ovenType: string,
): Promise<MenuSnapshot> {
  const tree = await loadMenu(db, ovenId, ovenType);
  const found = await recipesByIds(db, menuRecipeIds(tree));
  const recipes: Record<string, RecipeSnapshot> = {};
  for (const [id, r] of found) recipes[id] = recipeSnapshot(r);
  return { tree, recipes };
}
