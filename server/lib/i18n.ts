/** Mails' and PDFs' words in the reader's language, from the same catalogues as the screens (shared/i18n). */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import type { Catalog } from '../../shared/i18n/catalogs';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '../../shared/i18n/languages';
import { type Said, sayWith } from '../../shared/i18n/said';

const LOCALES = new URL('../../shared/i18n/locales/', import.meta.url);

/** Every language's catalogue, read from `shared/i18n/locales/<code>.json` (a new language is found there). */
export const CATALOGS = Object.fromEntries(
  LANGUAGE_CODES.map((code) => [
    code,
    JSON.parse(readFileSync(new URL(`${code}.json`, LOCALES), 'utf8')) as Catalog,
  ]),
) as Record<Language, Catalog>;

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(Object.entries(CATALOGS).map(([lng, c]) => [lng, { translation: c }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // Values are escaped by the templates where they go into HTML; plain text takes them as typed.
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function translator(language: Language): TFunction {
  return instance.getFixedT(language);
}

/** What is said, in a reader's language: a refusal or a file's problem for the person who sent it. */
export function sayIn(language: Language | null | undefined, what: Said): string {
  // Keys are checked where they are said (SaidKey); i18next's own key type knows only the mails' few.
  const t = translator(language ?? DEFAULT_LANGUAGE) as unknown as (key: string, values: object) => string;
  return sayWith((key, values) => t(key, values), what, { locale: language ?? DEFAULT_LANGUAGE });
}
