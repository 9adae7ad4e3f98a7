/**
 * Counted nouns, in one place for every screen, message, mail and PDF: "1 oven", "3 ovens", "2 categories".
 * English today; the catalogues of the translated app take this over.
 */
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
