/** The mails' words in the recipient's language, from the same catalogues as the screens (shared/i18n). */
import i18next, { type TFunction } from 'i18next';
import { CATALOGS } from '../../shared/i18n/catalogs';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';

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
