/**
 * Button and recipe icons (spec §3): ICON_* pictograms and PHOTO_* illustrated tiles, usable on recipes and
 * categories. Each is drawn as /images/icons/<NAME>.svg (for the PDFs) and painted into <NAME>.webp (for the web
 * app) by scripts/generate-images.ts.
 */
export const ICONS = {
  ICON_RECIPE_DEFAULT: 'Recipe',
  ICON_CATEGORY_DEFAULT: 'Category',
  ICON_BACON: 'Bacon',
  ICON_BISCUITS: 'Biscuits',
  ICON_BURGER: 'Burger',
  ICON_PIZZA: 'Pizza',
  ICON_FRIES: 'Fries',
  ICON_WINGS: 'Wings',
  ICON_BREAD: 'Bread',
  ICON_CROISSANT: 'Croissant',
  ICON_COOKIE: 'Cookie',
  ICON_SANDWICH: 'Sandwich',
  ICON_CHICKEN: 'Chicken',
  ICON_FISH: 'Fish',
  ICON_VEGETABLES: 'Vegetables',
  ICON_EGG: 'Egg',
  ICON_PASTA: 'Pasta',
  ICON_STEAK: 'Steak',
  ICON_MUFFIN: 'Muffin',
  ICON_HOTDOG: 'Hot dog',
  PHOTO_BACON: 'Bacon (photo)',
  PHOTO_BURGER: 'Burger (photo)',
  PHOTO_PIZZA: 'Pizza (photo)',
  PHOTO_FRIES: 'Fries (photo)',
  PHOTO_WINGS: 'Wings (photo)',
  PHOTO_COOKIE: 'Cookie (photo)',
  PHOTO_BREAD: 'Bread (photo)',
  PHOTO_SANDWICH: 'Sandwich (photo)',
} as const;

export type IconName = keyof typeof ICONS;
export const ICON_NAMES = Object.keys(ICONS) as IconName[];
export const ICON_RECIPE_DEFAULT: IconName = 'ICON_RECIPE_DEFAULT';
export const ICON_CATEGORY_DEFAULT: IconName = 'ICON_CATEGORY_DEFAULT';

export function isIconName(value: unknown): value is IconName {
  return typeof value === 'string' && Object.hasOwn(ICONS, value);
}

export function iconUrl(name: string | null | undefined, fallback: IconName = ICON_RECIPE_DEFAULT): string {
  return `/images/icons/${isIconName(name) ? name : fallback}.webp`;
}
