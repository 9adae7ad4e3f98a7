/**
 * The shared rules speak English (the API answers it too); a message of theirs is shown in the screens' language
 * by reading it against the English catalogue's texts. Loaded with the rest of the catalogue, after the first
 * screen (client/lib/i18n.ts), as it needs the English rules whole.
 */
import type { i18n as I18n } from 'i18next';
import type { ButtonColor } from '../../shared/domain/catalog';
import { ICONS, type IconName } from '../../shared/domain/icons';
import { STAGE_FIELD_WORDS } from '../../shared/domain/menu/labels';
import { NEAREST_IN_LANGUAGE } from '../../shared/domain/oven-charset';
import type { Catalog } from '../../shared/i18n/catalogs';

export type MessageTranslator = {
  /** A message of a shared rule in the screens' language; any other message as it came. */
  translateMessage(message: string): string;
  /** Words a rule puts inside a message ("recipe 3 \"Pizza\", stage 2, air top") in the screens' language. */
  translateWords(words: string): string;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REFUSED = /^(.*) "(.+?)" cannot be shown on the oven(?:; use "(.+?)")?\.$/;

/** The translator for an i18n instance that holds the whole English catalogue. */
export function messageTranslator(i18n: I18n): MessageTranslator {
  const en = i18n.getResourceBundle('en', 'translation') as Catalog;
  const RULE_KEYS = new Map(
    Object.entries(en.rules)
      .filter(([key]) => !key.startsWith('refused'))
      .map(([key, text]) => [text, key as keyof typeof en.rules]),
  );
  /**
   * The rules' messages that carry values ("Temperature must be between 250 and 525 °F.", "Moved Pizza from screen
   * 1, slot 2 to slot 5"), as patterns made from their English text: each `{{name}}` takes what stands there. The
   * most specific pattern (most fixed text) first. `ruleParts` are the words inside such a value ("screen 1, slot
   * 2", "3 buttons"), tried on values only, never on a whole message.
   */
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
  const translateWith = (key: string, values?: Record<string, string>) =>
    (i18n.t as unknown as (key: string, values?: Record<string, string>) => string)(key, values);

  /** A value a pattern found, in the reader's language: an icon or colour by its name, else as a rule's words. */
  function valueIn(name: string, value: string, depth: number): string {
    if (name === 'icon') return translateWith(`icons.${ICON_BY_NAME.get(value)!}`);
    if (name === 'color') return translateWith(`colors.${COLOR_BY_NAME.get(value)!}`);
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

  /** A message the rules know whole, in the screens' language; null when they do not. */
  function translateSentence(message: string): string | null {
    const key = RULE_KEYS.get(message);
    if (key) return translateWith(`rules.${key}`);
    const valued = byPattern(message, 0);
    if (valued !== null) return valued;
    const refused = REFUSED.exec(message);
    if (!refused) return null;
    const [, lead = '', char = '', plainNear] = refused;
    // The reader's own way to write the letter plainly ("Käse" → "Kaese" in German), else the accent dropped.
    const near = (plainNear && NEAREST_IN_LANGUAGE[i18n.language]?.[char]) || plainNear;
    const base = RULE_KEYS.get(lead) ?? RULE_KEYS.get(lead.replace(/\.$/, ''));
    if (!base) return null;
    const rest = near
      ? translateWith('rules.refusedUse', { char, near })
      : translateWith('rules.refused', { char });
    // Two sentences: the rule's own ends with its stop (one its catalogue text may leave off), then the character.
    const first = translateWith(`rules.${base}`);
    return `${/[.!?:]$/.test(first) ? first : `${first}.`} ${rest}`;
  }

  return {
    translateMessage(message) {
      // Sentences a message joins, each a rule of its own ("Menu replaced. The menu it had is kept as version …"):
      // read one by one when every one is known, or a quoted value of the first would swallow the rest.
      const sentences = message.split(/(?<=[.!?]) (?=[A-Z"])/);
      if (sentences.length > 1) {
        const each = sentences.map(translateSentence);
        if (each.every((s) => s !== null)) return each.join(' ');
      }
      return translateSentence(message) ?? message;
    },
    translateWords(words) {
      return byPattern(words, 1) ?? words;
    },
  };
}
