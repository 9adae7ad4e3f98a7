/**
 * The English wording of what is said: the API's `message` beside each key, the logs, and the tests. The server
 * and tests use it; the screens say things with their own catalogue (client/lib/i18n.ts) and never load this.
 */
import en from './locales/en.json';
import { type Said, type SaidKey, sayWith } from './said';

const SECTIONS = en as unknown as Record<string, Record<string, string>>;

function lookup(key: SaidKey, values: Record<string, string>): string {
  const dot = key.indexOf('.');
  const text = SECTIONS[key.slice(0, dot)]?.[key.slice(dot + 1)];
  if (text === undefined) throw new Error(`No English text for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function english(what: Said): string {
  return sayWith(lookup, what);
}

/** What may be said, in English: null stays null (a rule with nothing to say). */
export const englishOf = (what: Said | null | undefined): string | null => (what ? english(what) : null);

/** Issues as English ({ path, message }): for the API's logs and the tests that read a rule's words. */
export const englishIssues = (issues: readonly { path: (string | number)[]; said: Said }[]) =>
  issues.map((i) => ({ path: i.path, message: english(i.said) }));

/** Problems per field, in English (Laravel's `errors`): the API's reply and the tests. */
export const englishFields = (errors: Record<string, readonly Said[]>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(english)]));
