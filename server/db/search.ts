import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { searchFold } from '../../shared/domain/search';

/** A LIKE pattern that finds `text` anywhere, lower-cased, its wildcards taken as themselves. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A searched column's folded key (`name_key`, `address_key`: the column through migration 0019's fold, kept on
 * write) holds `text` anywhere, case and accents aside ("cafe" finds "Café"). The text is folded here the same way
 * (shared/domain/search.ts), so the query is a plain pattern that the key's trigram index serves.
 */
export const containsFolded = (key: SQLWrapper, text: string, grams?: SQLWrapper): SQL => {
  const folded = searchFold(text);
  // One or two letters: the key's short pieces (migration 0027), which an index serves; trigrams need three.
  if (grams && [...folded].length <= 2 && folded.length > 0) return sql`${grams} @> array[${folded}]::text[]`;
  return sql`${key} like ${containsPattern(folded)}`;
};
