/**
 * The settings file's menu (buttons pointing at recipes and categories by number) as the domain's menu tree, and
 * back: the reader checks a file's menu with the same `menuIssues` as the editor and the server, an import saves the
 * tree, and a download writes one.
 */

import { ICON_CATEGORY_DEFAULT } from '../icons';
import type { MenuButton, MenuRecipe, MenuSnapshot, MenuTree, RecipeButton, RecipeSnapshot } from '../menu';
import type { OvenSettings, SettingsButton, SettingsCategory } from './types';

/**
 * The file's menu as a tree. Recipes are named by their number (id = n); a button pointing at a recipe or category
 * that does not exist gets a stand-in that breaks no rule (the reader reports the bad number itself).
 */
export function settingsToMenu(settings: OvenSettings): MenuTree {
  const recipe = (ref: number): MenuRecipe => ({
    id: ref,
    name: settings.recipes[ref - 1]?.name ?? '',
    ovenType: settings.type,
  });
  const recipeButton = (b: SettingsButton): RecipeButton => ({
    id: null,
    kind: 'recipe',
    position: b.position,
    recipe: recipe(b.ref),
    icon: b.icon,
    color: b.color,
    favorite: b.favorite,
  });
  const category = (c: SettingsCategory | undefined) =>
    c
      ? {
          id: null,
          name: c.name,
          icon: c.icon,
          pages: c.pages.map((p) => ({ id: null, buttons: p.buttons.map(recipeButton) })),
        }
      : { id: null, name: 'Missing', icon: ICON_CATEGORY_DEFAULT, pages: [{ id: null, buttons: [] }] };
  return {
    screens: settings.screens.map((s) => ({
      id: null,
      buttons: s.buttons.map(
        (b): MenuButton =>
          b.kind === 'category'
            ? {
                id: null,
                kind: 'category',
                position: b.position,
                icon: b.icon,
                color: b.color,
                favorite: b.favorite,
                category: category(settings.categories[b.ref - 1]),
              }
            : recipeButton(b),
      ),
    })),
  };
}

/**
 * A tree as the file's screens and categories, with the recipes it uses numbered in the order they first appear
 * (main screens first, then each category's pages), so the same menu always gives the same file.
 */
export function menuToSettings(tree: MenuTree): {
  screens: OvenSettings['screens'];
  categories: OvenSettings['categories'];
  recipeIds: number[];
} {
  const numbers = new Map<number, number>();
  const recipeIds: number[] = [];
  const categories: SettingsCategory[] = [];
  const ref = (id: number) => {
    let n = numbers.get(id);
    if (n === undefined) {
      recipeIds.push(id);
      n = recipeIds.length;
      numbers.set(id, n);
    }
    return n;
  };
  const toButton = (b: MenuButton): SettingsButton => ({
    position: b.position,
    kind: b.kind,
    ref: b.kind === 'recipe' ? ref(b.recipe.id) : 0,
    icon: b.icon,
    color: b.color,
    favorite: b.favorite,
  });
  const screens = tree.screens.map((s) => ({ buttons: s.buttons.map(toButton) }));
  // Categories are numbered in the order their buttons appear; their recipes after the main screens' ones.
  tree.screens.forEach((s, i) => {
    s.buttons.forEach((b, j) => {
      if (b.kind !== 'category') return;
      categories.push({
        name: b.category.name,
        icon: b.category.icon,
        pages: b.category.pages.map((p) => ({ buttons: p.buttons.map(toButton) })),
      });
      screens[i]!.buttons[j]!.ref = categories.length;
    });
  });
  return { screens, categories, recipeIds };
}

/** A file's menu with its recipes as a snapshot to compare (recipes numbered as in the file). */
export function settingsToSnapshot(settings: OvenSettings): MenuSnapshot {
  const recipes: Record<string, RecipeSnapshot> = {};
  settings.recipes.forEach((r, i) => {
    recipes[i + 1] = {
      name: r.name,
      oven_type: settings.type,
      product_name: r.product_name,
      set_temp: r.set_temp,
      category: r.category,
      icon: r.icon,
      stages: r.stages as RecipeSnapshot['stages'],
      events: r.events,
    };
  });
  return { tree: settingsToMenu(settings), recipes };
}
