/**
 * The app's language: i18next with one catalogue per language from shared/i18n, each in two parts: what the first
 * screen names ships with the app, in English, and the rest comes with the first route that loads (or when a
 * key is missing). The language is the account's, else the one picked on this device, else the browser's;
 * `?lang=pseudo` shows the pseudo-locale (every text accented and 40% longer) to check layouts.
 */

import first from 'virtual:catalog-en-first';
import { loadCatalog } from 'virtual:catalog-parts';
import i18next from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import type { SaidWire } from '../../shared/contracts/common';
import { saidOf } from '../../shared/contracts/zod-said';
import type { ButtonColor } from '../../shared/domain/catalog';
import type { IconName } from '../../shared/domain/icons';
import { NEAREST_IN_LANGUAGE } from '../../shared/domain/oven-charset';
import type { TemperatureUnit } from '../../shared/domain/temperature';
import { type Catalog, pseudoCatalog } from '../../shared/i18n/catalogs';
import { isLanguage, type Language, pickLanguage } from '../../shared/i18n/languages';
import { type Lookup, type Said, sayWith } from '../../shared/i18n/said';
import { attemptStorage } from './device-storage';
import { afterLoad } from './when-idle';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalog };
  }
}

export type UiLanguage = Language | 'pseudo';

const WORDS_ARRIVED = 'wordsArrived';
/** A key was asked for that the parts loaded lack (shown as nothing): the next part added redraws the screens. */
let wordsMissed = false;
// Words that were lacking arrived: what was worked out from them must be worked out again.
let catalogRevision = 0;

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: first } },
  lng: 'en',
  fallbackLng: 'en',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
  // A key the parts loaded lack brings the rest; the screens draw again when it is added. Until then such a key
  // shows as nothing, never as its name.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => {
    wordsMissed = true;
    // Said for the browser tests, which fail on it: a part of the catalogue should hold what its code names.
    if (!restComplete) console.warn(`Hearth: a key outside its catalogue part: ${key}`);
    void loadRest();
  },
  parseMissingKeyHandler: (key: string) => (restComplete ? key : ''),
  // Screens draw again when their language changes, or when words they asked for and lacked arrive: a part added
  // that no screen was waiting for (a route's, before its code draws; the rest, once the page has settled) redraws
  // nothing.
  react: { useSuspense: false, bindI18n: `languageChanged ${WORDS_ARRIVED}`, bindI18nStore: '' },
});

/** `first`, `rest`, or a route's: `route-<file>` (scripts/catalog-parts-plugin.ts). */
type Part = string;
const parts = new Map<string, Promise<object>>();
const part = (language: Language, name: Part) => {
  const key = `${language}/${name}`;
  let pending = parts.get(key);
  if (!pending) {
    pending = loadCatalog(language, name).then((m) => m.default);
    // A failed load (offline) may be tried again.
    pending.catch(() => parts.delete(key));
    parts.set(key, pending);
  }
  return pending;
};
const add = (language: string, catalog: object) => {
  // Not copied first (a JSON round trip of the part, 10-30 ms on a slow tablet as a page opens): a part is read
  // only from here, so merging it into the catalogue as it is changes nothing anyone else reads.
  i18n.addResourceBundle(language, 'translation', catalog, true, true, { silent: false, skipCopy: true });
  if (!wordsMissed) return;
  wordsMissed = false;
  catalogRevision += 1;
  i18n.emit(WORDS_ARRIVED);
};

let restWanted = false;
let restComplete = false;
// The routes whose part has been asked for: a new language brings its parts of them.
const routesLoaded = new Set<string>();

/**
 * A route's part of the catalogue, in the screens' language; its code waits for it. The rest follows once the page
 * has loaded and settled, so another page's words are there before they are needed, without slowing this one.
 */
export function loadRoutePart(route: string): Promise<void> {
  routesLoaded.add(route);
  const current = i18n.language;
  // Skipped only once the rest is in: while it is on its way (a first tap asks for it), the route's own part is
  // loaded too, or the page would draw before its words arrive.
  const done =
    current === 'pseudo' || (restOf?.language === current && restOf.settled)
      ? Promise.resolve()
      : part(current as Language, `route-${route}`).then((catalog) => add(current, catalog));
  return done.then(scheduleRest);
}

let restScheduled = false;
/**
 * The rest comes once the page has loaded and settled, or at the person's first tap or key if that is sooner: what
 * a tap leads to (a dialog, the server's refusal) may need its words. A failed load (offline) is tried again with
 * the next route.
 */
function scheduleRest() {
  if (restScheduled || restComplete) return;
  restScheduled = true;
  const load = () => {
    callOff();
    window.removeEventListener('pointerdown', load, true);
    window.removeEventListener('keydown', load, true);
    loadRest().catch(() => {
      restScheduled = false;
    });
  };
  const callOff = afterLoad(load);
  window.addEventListener('pointerdown', load, { capture: true, passive: true });
  window.addEventListener('keydown', load, true);
}
let restOf: { language: string; done: Promise<void>; settled: boolean } | null = null;

/** The rest of the catalogue, in the screens' language. Every route's code waits for it. */
export function loadRest(): Promise<void> {
  restWanted = true;
  const current = i18n.language === 'pseudo' ? 'en' : (i18n.language as Language);
  if (restOf?.language === current) return restOf.done;
  const done = part(current, 'rest').then((rest) => {
    restComplete = true;
    add(current, rest);
    if (restOf?.done === done) restOf.settled = true;
  });
  restOf = { language: current, done, settled: false };
  done.catch(() => {
    if (restOf?.done === done) restOf = null;
  });
  return done;
}

const STORAGE_KEY = 'hearth_language';

/** The language picked on this device (before logging in, or for a guest). */
export const storedLanguage = {
  get(): Language | null {
    const v = attemptStorage(() => localStorage.getItem(STORAGE_KEY));
    return isLanguage(v) ? v : null;
  },
  // Private mode: the choice lasts this visit.
  set: (language: Language) => attemptStorage(() => localStorage.setItem(STORAGE_KEY, language)),
  clear: () => attemptStorage(() => localStorage.removeItem(STORAGE_KEY)),
};

/** Loads the catalogue if needed, then switches every screen to it. */
export async function setLanguage(language: UiLanguage): Promise<void> {
  if (language === 'pseudo') {
    // Every text, so a screenshot shows each one accented.
    add('en', await part('en', 'rest'));
    add('pseudo', pseudoCatalog(i18n.getResourceBundle('en', 'translation') as object));
  } else {
    // A new language brings the parts the screens have needed before they switch to it (English's first part is in
    // the app; its routes' parts are not there when the page was opened in another language).
    const [first, rest, ...routes] = await Promise.all([
      language === 'en' ? null : part(language, 'first'),
      restWanted ? part(language, 'rest') : null,
      ...[...routesLoaded].map((route) => part(language, `route-${route}`)),
    ]);
    if (first) add(language, first);
    for (const route of routes) add(language, route);
    if (rest) add(language, rest);
  }
  await i18n.changeLanguage(language);
  if (restWanted && language !== 'pseudo') await loadRest();
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

/** Calls `onChange` when words that were asked for and lacking arrive; returns how to stop. */
export function onWordsArrived(onChange: () => void): () => void {
  i18n.on(WORDS_ARRIVED, onChange);
  return () => i18n.off(WORDS_ARRIVED, onChange);
}

/** Changes when words that were lacking arrive: a dependency for what is computed from translated text. */
export function useCatalogRevision(): number {
  return useSyncExternalStore(onWordsArrived, () => catalogRevision);
}

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

// The catalogue's keys are known only at run time here (they travel with what is said).
const translate = i18n.t as unknown as (key: string, values: Record<string, string>) => string;
const lookup: Lookup = (key, values) => {
  // What is said comes with the catalogue's rest: before it has come, nothing (the screens draw again when it does).
  if (!i18n.exists(key)) {
    wordsMissed = true;
    void loadRest();
    return '';
  }
  // The reader's own way to write a letter plainly ("Käse" → "Kaese" in German), where the language has one.
  const near =
    key === 'rules.refusedUse' ? NEAREST_IN_LANGUAGE[i18n.language]?.[values.char ?? ''] : undefined;
  return translate(key, near ? { ...values, near } : values);
};

// A catalogue text with its markup, drawn; with the first load, since screens of many routes draw one.
export { MarkedText } from './marked-text';

/**
 * What the rules or the server say ({ key, params }, shared/i18n/said.ts) in the screens' language, with
 * temperatures in the reader's unit. `english` is shown while the catalogue's rest is still on its way (the
 * screens draw again when it arrives).
 */
export function say(what: SaidWire | Said, unit: TemperatureUnit = 'F', english?: string): string {
  if (english !== undefined && !i18n.exists(what.key)) {
    wordsMissed = true;
    void loadRest();
    return english;
  }
  return sayWith(lookup, what as Said, { unit, locale: formatLocale(i18n.language as UiLanguage) });
}

/** A zod issue of a shared contract (its message carries the key and values), in the screens' language. */
export function issueText(
  issue: { message: string } | undefined,
  unit: TemperatureUnit = 'F',
): string | undefined {
  return issue ? say(saidOf(issue), unit) : undefined;
}

/**
 * The words of anything that says something: a refused call (an ApiError), a line or a result from the server
 * ({ message, said }), a rule's issue ({ said }): what it says in the screens' language, else its own message.
 */
export function textOf(what: unknown, unit: TemperatureUnit = 'F'): string {
  if (typeof what === 'string') return what;
  if (typeof what !== 'object' || what === null) return '';
  const { said, message } = what as { said?: SaidWire | null; message?: unknown };
  const english = typeof message === 'string' ? message : undefined;
  return said ? say(said, unit, english) : (english ?? '');
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
