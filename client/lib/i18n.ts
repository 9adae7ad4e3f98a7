/**
 * The app's language: i18next with one catalogue per language from shared/i18n, English in the bundle and the
 * others loaded when chosen. The language is the account's, else the one picked on this device, else the
 * browser's; `?lang=pseudo` shows the pseudo-locale (every text accented and 40% longer) to check layouts.
 */
import i18next from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import type { ButtonColor } from '../../shared/domain/catalog';
import { ICONS, type IconName } from '../../shared/domain/icons';
import { STAGE_FIELD_WORDS } from '../../shared/domain/menu/labels';
import { NEAREST_IN_LANGUAGE } from '../../shared/domain/oven-charset';
import { type Catalog, pseudoCatalog } from '../../shared/i18n/catalogs';
import { isLanguage, type Language, pickLanguage } from '../../shared/i18n/languages';
import en from '../../shared/i18n/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalog };
  }
}

export type UiLanguage = Language | 'pseudo';

// Every catalogue but English is its own small file, loaded when its language is chosen.
const loaders = import.meta.glob<{ default: Catalog }>(['../../shared/i18n/locales/*.json', '!**/en.json']);
const loaderOf = (language: Language) => loaders[`../../shared/i18n/locales/${language}.json`];

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

const STORAGE_KEY = 'hearth_language';

/** The language picked on this device (before logging in, or for a guest). */
export const storedLanguage = {
  get(): Language | null {
    try {
      const v = localStorage.getItem(STORAGE_KEY);
      return isLanguage(v) ? v : null;
    } catch {
      return null;
    }
  },
  set(language: Language) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Private mode: the choice lasts this visit.
    }
  },
  clear() {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing was kept.
    }
  },
};

/** Loads the catalogue if needed, then switches every screen to it. */
export async function setLanguage(language: UiLanguage): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const load = language === 'pseudo' ? undefined : loaderOf(language);
    const catalog = language === 'pseudo' ? pseudoCatalog(en) : load ? (await load()).default : en;
    i18n.addResourceBundle(language, 'translation', catalog);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language === 'pseudo' ? 'en-XA' : language;
}

/** Before the first screen: the address's pseudo-locale, the device's choice, then the browser's languages. */
export function startLanguage(): Promise<void> {
  if (new URLSearchParams(window.location.search).get('lang') === 'pseudo') return setLanguage('pseudo');
  return setLanguage(storedLanguage.get() ?? pickLanguage(navigator.languages ?? [navigator.language]));
}

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};

/** The language the screens are in now. */
export function useUiLanguage(): UiLanguage {
  return useSyncExternalStore(subscribe, () => i18n.language as UiLanguage);
}

/** A signed-in account with a language of its own brings the screens to it. */
export function useAccountLanguage(language: Language | null | undefined) {
  useEffect(() => {
    if (language && i18n.language !== 'pseudo' && i18n.language !== language) {
      storedLanguage.set(language);
      void setLanguage(language);
    }
  }, [language]);
}

/** Dates, numbers and temperatures in the screens' language (the pseudo-locale formats as English). */
export function formatLocale(language: UiLanguage): string {
  return language === 'pseudo' ? 'en' : language;
}

// The shared rules speak English (the API answers it too); a message of theirs is shown in the screens' language.
const RULE_KEYS = new Map(
  Object.entries(en.rules)
    .filter(([key]) => !key.startsWith('refused'))
    .map(([key, text]) => [text, key as keyof typeof en.rules]),
);
const REFUSED = /^(.*) "(.+?)" cannot be shown on the oven(?:; use "(.+?)")?\.$/;

/**
 * The rules' messages that carry values ("Temperature must be between 250 and 525 °F.", "Moved Pizza from screen
 * 1, slot 2 to slot 5"), as patterns made from their English text: each `{{name}}` takes what stands there. The
 * most specific pattern (most fixed text) first. `ruleParts` are the words inside such a value ("screen 1, slot
 * 2", "3 buttons"), tried on values only, never on a whole message.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Names the server writes in English inside a change's summary: icons ("Pizza") and colours ("light orange").
const ICON_BY_NAME = new Map(Object.entries(ICONS).map(([key, name]) => [name as string, key as IconName]));
const COLOR_BY_NAME = new Map(Object.entries(en.colors).map(([key, name]) => [name, key as ButtonColor]));
// An `{{icon}}` or `{{color}}` takes only such a name, longest first, so "Coloured Bacon Strips light orange"
// splits after "Strips" and a recipe called "Bacon" is never taken for the icon.
const oneOf = (names: Iterable<string>) =>
  [...names]
    .sort((x, y) => y.length - x.length)
    .map(escapeRegExp)
    .join('|');
const VALUE_SHAPES: Record<string, string> = {
  icon: oneOf(ICON_BY_NAME.keys()),
  color: oneOf(COLOR_BY_NAME.keys()),
  // A settings file's problem: "Line 6, column 43, air top: …" has numbers, then a field that holds no colon,
  // so "Air top must be a whole number" inside it is never read as the whole message.
  line: '\\d+',
  column: '\\d+',
  field: '[^:]+?',
  // The recipe or category a field belongs to: 'recipe 3 "Pizza"'.
  owner: '(?:recipe|category) \\d+ "[^"]*"',
  // A stage's field inside a recipe's change: "stage 2 air top 50 % → 60 %".
  stageField: oneOf(Object.values(STAGE_FIELD_WORDS)),
};
const patternsOf = (texts: Record<string, string>, keyOf: (key: string) => string) =>
  Object.entries(texts)
    .map(([key, text]) => ({
      key: keyOf(key),
      fixed: text.replace(/\{\{\w+\}\}/g, '').length,
      pattern: new RegExp(
        `^${escapeRegExp(text).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => `(?<${name}>${VALUE_SHAPES[name] ?? '.+?'})`)}$`,
        's',
      ),
    }))
    .sort((a, b) => b.fixed - a.fixed);
const MESSAGE_PATTERNS = patternsOf(en.ruleMessages, (key) => `ruleMessages.${key}`);
// Inside a value, the words of a part first ("screen 1, slot 2"), then a whole rule's message.
const VALUE_PATTERNS = [...patternsOf(en.ruleParts, (key) => `ruleParts.${key}`), ...MESSAGE_PATTERNS];

// The values a pattern found are known only by name at run time, which i18next's key types cannot follow.
const translateWith = (key: string, values: Record<string, string>) =>
  (i18n.t as unknown as (key: string, values: Record<string, string>) => string)(key, values);

/** A value a pattern found, in the reader's language: an icon or colour by its name, else as a rule's words. */
function valueIn(name: string, value: string, depth: number): string {
  if (name === 'icon') return iconLabel(ICON_BY_NAME.get(value)!);
  if (name === 'color') return colorLabel(COLOR_BY_NAME.get(value)!);
  // The roles an action is for: "Owner, Manager".
  if (name === 'allowed')
    return value
      .split(', ')
      .map((role) => byPattern(role, 1) ?? role)
      .join(', ');
  // A value may itself be a rule's words ("the MiSA's maximum", "screen 1, slot 2"); three levels are all there are.
  if (depth >= 3) return value;
  // Or a list of them: a recipe's changes, "set temp 400 °F → 425 °F; stage 1 time 00:02:00 → 00:02:30".
  if (value.includes('; '))
    return value
      .split('; ')
      .map((part) => byPattern(part, depth + 1) ?? part)
      .join('; ');
  return byPattern(value, depth + 1) ?? value;
}

function byPattern(message: string, depth: number): string | null {
  for (const { key, pattern } of depth > 0 ? VALUE_PATTERNS : MESSAGE_PATTERNS) {
    const found = pattern.exec(message);
    if (!found) continue;
    const values = Object.fromEntries(
      Object.entries(found.groups ?? {}).map(([name, value]) => [name, valueIn(name, value, depth)]),
    );
    return translateWith(key, values);
  }
  return null;
}

/** A message of a shared rule in the screens' language; any other message as it came. */
export function translateMessage(message: string): string {
  if (i18n.language === 'en') return message;
  // Sentences a message joins, each a rule of its own ("Menu replaced. The menu it had is kept as version …"):
  // read one by one when every one is known, or a quoted value of the first would swallow the rest.
  const sentences = message.split(/(?<=[.!?]) (?=[A-Z"])/);
  if (sentences.length > 1) {
    const each = sentences.map(translateSentence);
    if (each.every((s) => s !== null)) return each.join(' ');
  }
  return translateSentence(message) ?? message;
}

/** A message the rules know whole, in the screens' language; null when they do not. */
function translateSentence(message: string): string | null {
  const key = RULE_KEYS.get(message);
  if (key) return i18n.t(`rules.${key}`);
  const valued = byPattern(message, 0);
  if (valued !== null) return valued;
  const refused = REFUSED.exec(message);
  if (!refused) return null;
  const [, lead = '', char = '', plainNear] = refused;
  // The reader's own way to write the letter plainly ("Käse" → "Kaese" in German), else the accent dropped.
  const near = (plainNear && NEAREST_IN_LANGUAGE[i18n.language]?.[char]) || plainNear;
  const base = RULE_KEYS.get(lead) ?? RULE_KEYS.get(lead.replace(/\.$/, ''));
  if (!base) return null;
  const rest = near ? i18n.t('rules.refusedUse', { char, near }) : i18n.t('rules.refused', { char });
  // Two sentences: the rule's own ends with its stop (one its catalogue text may leave off), then the character.
  const first = i18n.t(`rules.${base}`);
  return `${/[.!?:]$/.test(first) ? first : `${first}.`} ${rest}`;
}

/** Words a rule puts inside a message ("recipe 3 \"Pizza\", stage 2, air top") in the screens' language. */
export function translateWords(words: string): string {
  return i18n.language === 'en' ? words : (byPattern(words, 1) ?? words);
}

/** A food category as the reader's language names it; the value stays the English one the oven's file holds. */
export function categoryLabel(category: string): string {
  const names: Record<string, string> = i18n.t('catalog.categories', { returnObjects: true });
  return names[category] ?? category;
}

/** An icon's name in the reader's language (its title and what a screen reader says). */
export const iconLabel = (icon: IconName): string => i18n.t(`icons.${icon}`);

/** A button colour in the reader's language. */
export const colorLabel = (color: ButtonColor): string => i18n.t(`colors.${color}`);

/** A starting state ("Frozen") in the reader's language; the file keeps the English value. */
export const startingStateLabel = (state: string): string =>
  (i18n.t('catalog.startingStates', { returnObjects: true }) as Record<string, string>)[state] ?? state;

/** An infrared level ("HIGH") in the reader's language; the file keeps the oven's word. */
export const irLevelLabel = (level: string): string =>
  (i18n.t('catalog.irLevels', { returnObjects: true }) as Record<string, string>)[level] ?? level;
