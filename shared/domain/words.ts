/**
 * Counted nouns, in one place for every screen, message, mail and PDF: "1 oven", "3 ovens", "2 categories".
 * English today; the catalogues of the translated app take this over.
 */
import { type Said, type SaidKey, said } from '../i18n/said';

const IRREGULAR: Record<string, string> = {
  category: 'categories',
  copy: 'copies',
};

/** The noun for a count: "oven" for 1, "ovens" otherwise. */
export function nounFor(n: number, noun: string, plural = IRREGULAR[noun] ?? `${noun}s`): string {
  return n === 1 ? noun : plural;
}

/** A count with its noun: countOf(1, 'oven') → "1 oven", countOf(0, 'category') → "0 categories". */
export const countOf = (n: number, noun: string, plural?: string): string =>
  `${n} ${nounFor(n, noun, plural)}`;

const COUNTED = {
  button: ['ruleParts.buttonOne', 'ruleParts.buttons'],
  recipe: ['ruleParts.recipeOne', 'ruleParts.recipes'],
  oven: ['ruleParts.ovenOne', 'ruleParts.ovens'],
  page: ['ruleParts.pageOne', 'ruleParts.pages'],
  screen: ['ruleParts.screenOne', 'ruleParts.screens'],
  minute: ['ruleParts.minuteOne', 'ruleParts.minutes'],
  second: ['ruleParts.secondOne', 'ruleParts.seconds'],
  place: ['ruleParts.placeOne', 'ruleParts.places'],
} as const satisfies Record<string, readonly [SaidKey, SaidKey]>;

/** A count with its noun, said in the reader's language: countSaid(3, 'oven') → "3 ovens". */
export function countSaid(n: number, noun: keyof typeof COUNTED): Said {
  return said(COUNTED[noun][n === 1 ? 0 : 1], { n });
}
