/** A menu's places and buttons in a manager's words, for the editor, the server's history lines and the PDFs. */

import type { Container } from './queries';
import type { MenuButton } from './tree';

/**
 * A screen or page in a manager's words: "Screen 2", "Pizza, page 3" on a grid oven, "Pizza" on a list oven
 * (whose category has one long page).
 */
export function containerLabel(c: Container, layout: 'grid' | 'list'): string {
  if (c.kind === 'main') return `Screen ${c.screenIndex + 1}`;
  return layout === 'grid' ? `${c.category.name}, page ${c.pageIndex + 1}` : c.category.name;
}

/** A button in a manager's words: the recipe's name, or "category Sides". */
export const buttonLabel = (b: MenuButton): string =>
  b.kind === 'recipe' ? b.recipe.name : `category ${b.category.name}`;

/** A place with its main screen: "Screen 2" or "Screen 2 › Pizza, page 3". */
export function placeLabel(c: Container, layout: 'grid' | 'list'): string {
  const screen = `Screen ${c.screenIndex + 1}`;
  return c.kind === 'main' ? screen : `${screen} › ${containerLabel(c, layout)}`;
}

/** A slot in a manager's words: "slot 4" on a grid, "place 4" in a list. */
export const slotLabel = (position: number, layout: 'grid' | 'list'): string =>
  layout === 'list' ? `place ${position}` : `slot ${position}`;

/** A place inside a sentence: "screen 2", "category Sides, page 3" (a list's category has one page). */
export function placeInSentence(c: Container, layout: 'grid' | 'list'): string {
  if (c.kind === 'main') return `screen ${c.screenIndex + 1}`;
  return layout === 'list'
    ? `category ${c.category.name}`
    : `category ${c.category.name}, page ${c.pageIndex + 1}`;
}

/** A slot inside a sentence: "screen 1, slot 2", "category Sides, place 4". */
export const slotInSentence = (c: Container, position: number, layout: 'grid' | 'list'): string =>
  `${placeInSentence(c, layout)}, ${slotLabel(position, layout)}`;
