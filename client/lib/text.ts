import { formatLocale, i18n, type UiLanguage } from './i18n';

/** Oven type names break after their slashes, never inside a model number ("2600/2000/1400"). */
export const breakAfterSlashes = (text: string) => text.replaceAll('/', '/\u200b');

/** A day as a manager reads it in lists ("24 Nov 2026", "24. Nov. 2026" in the screens' language). */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(formatLocale(i18n.language as UiLanguage), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/**
 * A name typed in any script, isolated from the text around it (U+2068 … U+2069): "مطبخ الميناء (3)" keeps its
 * count after the name, where markup cannot (an option's text).
 */
export const isolate = (name: string) => `\u2068${name}\u2069`;

/** A `next` address from the query, when it is a path of this site (never "//elsewhere" or "https://…"). */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
