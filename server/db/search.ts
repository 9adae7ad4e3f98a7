import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A LIKE pattern that finds `text` anywhere, lower-cased, its wildcards taken as themselves. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` holds `text` anywhere, case and accents aside ("cafe" finds "Café"): both sides through the one fold
 * (migration 0019) that the names' trigram indexes are built on, so the index serves the search.
 */
export const containsFolded = (column: SQLWrapper, text: string): SQL =>
  sql`search_fold(${column}) like search_fold(${containsPattern(text)})`;
