import type { MenuTree } from '../menu';
import type { OvenType } from '../oven-models';
import { textsOf } from '../recipe-fields';
import { menuToSettings } from './menu';
import type { OvenSettings, SettingsRecipe } from './types';

/** A recipe as stored (a detail, a row): the file keeps all of it but its oven type, which is the file's own. */
type RecipeSource = SettingsRecipe & { oven_type?: string };

export function settingsRecipeOf(r: RecipeSource): SettingsRecipe {
  return {
    name: r.name,
    product_name: r.product_name,
    set_temp: r.set_temp,
    category: r.category,
    starting_state: r.starting_state,
    icon: r.icon,
    ...textsOf(r),
    stages: r.stages,
    events: r.events,
  };
}

/**
 * An oven and its menu as the settings the file is written from: the server for a download and a tablet offline
 * build it here, so both write the same bytes. `missing` names the recipes of the menu `recipeOf` does not know.
 */
export function ovenSettingsOf(
  oven: { name: string; type: string; warmUps: OvenSettings['warmUps'] },
  tree: MenuTree,
  recipeOf: (id: number) => RecipeSource | undefined,
): { settings: OvenSettings; recipeIds: number[]; missing: number[] } {
  const { screens, categories, recipeIds } = menuToSettings(tree);
  const recipes: SettingsRecipe[] = [];
  const missing: number[] = [];
  for (const id of recipeIds) {
    const found = recipeOf(id);
    if (found) recipes.push(settingsRecipeOf(found));
    else missing.push(id);
  }
  return {
    settings: {
      type: oven.type as OvenType,
      name: oven.name,
      warmUps: oven.warmUps,
      recipes,
      screens,
      categories,
    },
    recipeIds,
    missing,
  };
}
