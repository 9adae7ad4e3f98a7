/** A menu's places and buttons in a manager's words, for the editor, the server's history lines and the PDFs. */

import { type Said, type SaidValue, said } from '../../i18n/said';
import type { Container } from './queries';
import type { MenuButton } from './tree';

/**
 * The words the labels are made of. English by default (the server's history lines and the API speak it); the
 * client passes its catalogue's, so the editor reads "Bildschirm 2" in German.
 */
export interface MenuWords {
  /** "Screen 2", as a title. */
  screen(n: number): string;
  /** "screen 2", inside a sentence. */
  screenInSentence(n: number): string;
  /** "Pizza, page 3": a grid category's page. */
  page(name: string, n: number): string;
  /** "category Sides", inside a sentence. */
  category(name: string): string;
  /** "category Sides, page 3", inside a sentence. */
  categoryPage(name: string, n: number): string;
  /** "slot 4" on a grid. */
  slot(n: number): string;
  /** "place 4" in a list. */
  place(n: number): string;
}

export const ENGLISH_MENU_WORDS: MenuWords = {
  screen: (n) => `Screen ${n}`,
  screenInSentence: (n) => `screen ${n}`,
  page: (name, n) => `${name}, page ${n}`,
  category: (name) => `category ${name}`,
  categoryPage: (name, n) => `category ${name}, page ${n}`,
  slot: (n) => `slot ${n}`,
  place: (n) => `place ${n}`,
};

/**
 * A screen or page in a manager's words: "Screen 2", "Pizza, page 3" on a grid oven, "Pizza" on a list oven
 * (whose category has one long page).
 */
export function containerLabel(c: Container, layout: 'grid' | 'list', w = ENGLISH_MENU_WORDS): string {
  if (c.kind === 'main') return w.screen(c.screenIndex + 1);
  return layout === 'grid' ? w.page(c.category.name, c.pageIndex + 1) : c.category.name;
}

/** A button in a manager's words: the recipe's name, or "category Sides". */
export const buttonLabel = (b: MenuButton, w = ENGLISH_MENU_WORDS): string =>
  b.kind === 'recipe' ? b.recipe.name : w.category(b.category.name);

/** A place with its main screen: "Screen 2" or "Screen 2 › Pizza, page 3". */
export function placeLabel(c: Container, layout: 'grid' | 'list', w = ENGLISH_MENU_WORDS): string {
  const screen = w.screen(c.screenIndex + 1);
  return c.kind === 'main' ? screen : `${screen} › ${containerLabel(c, layout, w)}`;
}

/** A slot in a manager's words: "slot 4" on a grid, "place 4" in a list. */
export const slotLabel = (position: number, layout: 'grid' | 'list', w = ENGLISH_MENU_WORDS): string =>
  layout === 'list' ? w.place(position) : w.slot(position);

/** The words a recipe's change names a stage's field by ("stage 2 air top 50 % → 60 %"). */
export const STAGE_FIELD_WORDS = {
  temp: said('ruleParts.fieldTemperature'),
  percent_air_top: said('ruleParts.fieldAirTop'),
  percent_air_bottom: said('ruleParts.fieldAirBottom'),
  blower_percent: said('ruleParts.fieldBlower'),
  microwave_percent: said('ruleParts.fieldMicrowave'),
  ir_lvl_top: said('ruleParts.fieldInfraredTop'),
  ir_lvl_bottom: said('ruleParts.fieldInfraredBottom'),
  force_vent_open: said('ruleParts.fieldForceVent'),
} as const;

/*
 * The same places said by key, for what the server and the rules say (history lines, refusals): each reader has
 * them in their language.
 */

/** A place inside a sentence: "screen 2", "category Sides, page 3" (a list's category has one page). */
export function placeSaid(c: Container, layout: 'grid' | 'list'): Said {
  if (c.kind === 'main') return said('ruleParts.screen', { n: c.screenIndex + 1 });
  return layout === 'list'
    ? said('ruleParts.category', { name: c.category.name })
    : said('ruleParts.categoryPage', { name: c.category.name, n: c.pageIndex + 1 });
}

/** A slot: "slot 4" on a grid, "place 4" in a list. */
export const slotSaid = (position: number, layout: 'grid' | 'list'): Said =>
  said(layout === 'list' ? 'ruleParts.place' : 'ruleParts.slot', { n: position });

/** A slot inside a sentence: "screen 1, slot 2", "category Sides, page 3, slot 4", "category Sides, place 4". */
export function slotInSentenceSaid(c: Container, position: number, layout: 'grid' | 'list'): Said {
  if (c.kind === 'main')
    return said(layout === 'list' ? 'ruleParts.screenPlace' : 'ruleParts.screenSlot', {
      n: c.screenIndex + 1,
      slot: position,
    });
  return layout === 'list'
    ? said('ruleParts.categoryPlace', { name: c.category.name, slot: position })
    : said('ruleParts.categoryPageSlot', { name: c.category.name, n: c.pageIndex + 1, slot: position });
}

/** A button in a sentence: the recipe's name, or "category Sides". */
export const buttonSaid = (b: MenuButton): SaidValue =>
  b.kind === 'recipe' ? b.recipe.name : said('ruleParts.category', { name: b.category.name });
