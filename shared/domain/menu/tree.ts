/**
 * The shape of an oven's touch-screen menu (spec §2.7, §3 screen, button, category; §9 limits) as one tree, with the pure
 * operations the editor performs and the one check of every menu rule. The editor applies these to show a change at
 * once, the server applies them again inside its transaction and re-checks the result, and the settings-file codec
 * reads and writes the same tree: a rule exists once.
 *
 * Grid ovens (Conveyor, Matchbox, M360, Shuttle): up to 8 main screens of 8 slots; a category has 1–22 pages of 8
 * slots; slots may be empty. List ovens (MiLO, MiSA): one main screen of up to 32 buttons and, per category, one list
 * of up to 1,024 recipes, with no gaps; the oven shows them 6 at a time.
 */
import type { ButtonColor } from '../catalog';
import type { IconName } from '../icons';

export interface MenuRecipe {
  id: number;
  name: string;
  ovenType: string;
}

interface ButtonBase {
  /** null until the button is saved. */
  id: number | null;
  /** 1-based slot on its screen or page. */
  position: number;
  icon: string;
  color: ButtonColor;
  favorite: boolean;
}

export interface RecipeButton extends ButtonBase {
  kind: 'recipe';
  recipe: MenuRecipe;
}

export interface CategoryButton extends ButtonBase {
  kind: 'category';
  /** A category belongs to the one button that opens it: it moves and goes with it. */
  category: MenuCategory;
}

export type MenuButton = RecipeButton | CategoryButton;

export interface MenuPage {
  id: number | null;
  /** Recipe buttons only, by increasing position. */
  buttons: RecipeButton[];
}

export interface MenuCategory {
  id: number | null;
  name: string;
  icon: string;
  pages: MenuPage[];
}

export interface MenuScreen {
  id: number | null;
  /** By increasing position. */
  buttons: MenuButton[];
}

export interface MenuTree {
  /** Main screens in order (screen N is index N - 1). */
  screens: MenuScreen[];
}

export const DEFAULT_RECIPE_BUTTON_COLOR: ButtonColor = 'ORANGE_900';
export const DEFAULT_CATEGORY_BUTTON_COLOR: ButtonColor = 'GREY_600';

/** A new oven's menu: one empty main screen. */
export function emptyMenu(): MenuTree {
  return { screens: [{ id: null, buttons: [] }] };
}

export type { IconName };
