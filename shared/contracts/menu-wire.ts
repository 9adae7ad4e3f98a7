import type { ButtonColor } from '../domain/catalog';
import {
  findContainer,
  type MenuButton,
  type MenuCategory,
  type MenuTree,
  type RecipeButton,
} from '../domain/menu';

/**
 * An oven's menu as it crosses the wire (spec §3, §7): the domain's tree (shared/domain/menu) in the spec's
 * screens and screen_content, and back. Plain types and functions, no schemas: the menu editor draws with these
 * before any request is checked, and the schemas that check them (menus.ts) cost a slow tablet a noticeable
 * moment to build.
 */

export interface ScreenItem {
  screen_id: number;
  position: number;
  type: 'main' | 'page';
  screen_content: ButtonItem[];
}

export interface CategoryData {
  category_id: number;
  name: string;
  icon: string;
  pages: ScreenItem[];
}

/** Spec §3 "Button / screen content item". `data` is the category a category button opens. */
export interface ButtonItem {
  id: number;
  position: number;
  screen_id: number;
  buttonable_id: number | null;
  buttonable_type: 'Recipe' | null;
  buttonable_name: string | null;
  type: 'recipe' | 'category';
  data: CategoryData | null;
  icon: string;
  background_color: ButtonColor;
  is_favorite: boolean;
  /** A category button: how many recipes its pages hold. */
  recipes: number | null;
}

function buttonToWire(b: MenuButton, screenId: number): ButtonItem {
  const base = {
    id: b.id ?? 0,
    position: b.position,
    screen_id: screenId,
    icon: b.icon,
    background_color: b.color,
    is_favorite: b.favorite,
  };
  if (b.kind === 'recipe') {
    return {
      ...base,
      buttonable_id: b.recipe.id,
      buttonable_type: 'Recipe',
      buttonable_name: b.recipe.name,
      type: 'recipe',
      data: null,
      recipes: null,
    };
  }
  const c = b.category;
  return {
    ...base,
    buttonable_id: null,
    buttonable_type: null,
    buttonable_name: c.name,
    type: 'category',
    data: {
      category_id: c.id ?? 0,
      name: c.name,
      icon: c.icon,
      pages: c.pages.map((page, p) => ({
        screen_id: page.id ?? 0,
        position: p + 1,
        type: 'page',
        screen_content: page.buttons.map((pb) => buttonToWire(pb, page.id ?? 0)),
      })),
    },
    recipes: c.pages.reduce((n, page) => n + page.buttons.length, 0),
  };
}

/** One screen or page of the tree, as the spec's screen item (what a move answers). */
export function containerToWire(tree: MenuTree, screenId: number): ScreenItem | undefined {
  const c = findContainer(tree, screenId);
  if (!c) return undefined;
  if (c.kind === 'main')
    return {
      screen_id: screenId,
      position: c.screenIndex + 1,
      type: 'main',
      screen_content: c.screen.buttons.map((b) => buttonToWire(b, screenId)),
    };
  return {
    screen_id: screenId,
    position: c.pageIndex + 1,
    type: 'page',
    screen_content: c.page.buttons.map((b) => buttonToWire(b, screenId)),
  };
}

/** The tree as the spec's screens with their screen_content. */
export function menuToWire(tree: MenuTree): ScreenItem[] {
  return tree.screens.map((screen, i) => ({
    screen_id: screen.id ?? 0,
    position: i + 1,
    type: 'main',
    screen_content: screen.buttons.map((b) => buttonToWire(b, screen.id ?? 0)),
  }));
}

function buttonFromWire(item: ButtonItem, ovenType: string): MenuButton {
  const base = {
    id: item.id,
    position: item.position,
    icon: item.icon,
    color: item.background_color,
    favorite: item.is_favorite,
  };
  if (item.type === 'category' && item.data) {
    const category: MenuCategory = {
      id: item.data.category_id,
      name: item.data.name,
      icon: item.data.icon,
      pages: item.data.pages.map((page) => ({
        id: page.screen_id,
        buttons: page.screen_content.map((pb) => buttonFromWire(pb, ovenType) as RecipeButton),
      })),
    };
    return { ...base, kind: 'category', category };
  }
  return {
    ...base,
    kind: 'recipe',
    recipe: { id: item.buttonable_id ?? 0, name: item.buttonable_name ?? '', ovenType },
  };
}

/** The spec's screens back into the tree (every recipe on an oven is of the oven's type). */
export function menuFromWire(screens: ScreenItem[], ovenType: string): MenuTree {
  return {
    screens: [...screens]
      .sort((a, b) => a.position - b.position)
      .map((s) => ({ id: s.screen_id, buttons: s.screen_content.map((b) => buttonFromWire(b, ovenType)) })),
  };
}
