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
