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

// Hebrew, Arabic and the scripts near them: a name with none of these reads the same isolated or not.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * A name typed in any script, isolated from the text around it (U+2068 … U+2069): "مطبخ الميناء (3)" keeps its
 * count after the name, where markup cannot (an option's text).
 */
export const isolate = (name: string) => (RIGHT_TO_LEFT.test(name) ? `\u2068${name}\u2069` : name);

/** A `next` address from the query, when it is a path of this site (never "//elsewhere" or "https://…"). */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** A whole percentage in the screens' language ("50%", "50 %" in French and German). */
export const formatPercent = (percent: number) =>
  new Intl.NumberFormat(formatLocale(i18n.language as UiLanguage), { style: 'percent' }).format(
    percent / 100,
  );

/** A moment as a list shows it ("24 Nov 2026, 14:05" in the screens' language): a log's times, a last use. */
export const formatDayTime = (iso: string) =>
  new Date(iso).toLocaleString(formatLocale(i18n.language as UiLanguage), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
