/**
 * The languages Hearth speaks. Adding one is a catalogue in `locales/<code>.json` (the same keys as English) and one
 * line here; the catalogue check in the tests names any key it lacks.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (code: unknown): code is Language => LANGUAGE_CODES.includes(code as Language);

/**
 * The first language of a list (a profile's, then the browser's, most wanted first) that Hearth speaks: "es-MX"
 * is Spanish, "pt-BR" is skipped; English when none is.
 */
export function pickLanguage(wanted: readonly (string | null | undefined)[]): Language {
  for (const w of wanted) {
    const base = w?.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language an Accept-Language header asks for first among ours ("es-MX,es;q=0.9,en;q=0.5" → es), or null.
 * Reads each entry once (a header is at most a few kilobytes), weights as given, ties in the header's order.
 */
export function languageFromHeader(header: string | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; q: number } | null = null;
  for (const entry of header.split(',', 50)) {
    const [tag, ...params] = entry.trim().split(';');
    const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
    if (!isLanguage(base)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: base, q };
  }
  return best?.language ?? null;
}
