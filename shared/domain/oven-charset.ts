/**
 * The oven's screen shows a small set of characters (spec §5: letters, digits and a few marks per kind of name).
 * When a name holds another one, the message says which, and the nearest character the oven can show.
 */

import { type Said, said } from '../i18n/said';

// Letters that do not decompose into a base letter and accents, and punctuation with a plain twin.
const NEAREST: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u00a0': ' ',
  _: '-',
};

/** How a language writes its own letters without accents, where that differs from dropping the accent: German "ü" → "ue". */
export const NEAREST_IN_LANGUAGE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de: { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' },
};

/** The nearest text the oven shows for one character ("é" → "e", "ß" → "ss"), or null when there is none. */
export function nearestShown(char: string, allowed: RegExp): string | null {
  const candidates = [NEAREST[char], char.normalize('NFD').replace(/\p{M}/gu, '')];
  for (const c of candidates) if (c && c !== char && [...c].every((x) => allowed.test(x))) return c;
  return null;
}

/**
 * A name's message with its first refused character and that character's nearest shown one:
 * 'Please input a valid oven name. "é" cannot be shown on the oven; use "e".' The message alone when no character
 * is the problem.
 */
export function withRefusedCharacter(rule: Said, text: string, allowed: RegExp, stop = false): Said {
  for (const char of text) {
    if (allowed.test(char)) continue;
    const near = nearestShown(char, allowed);
    const shown = /\s/.test(char)
      ? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
      : char;
    const refused = near
      ? said('rules.refusedUse', { char: shown, near })
      : said('rules.refused', { char: shown });
    // `stop`: the rule's own sentence ends without one, so the character's sentence needs it.
    return said(stop ? 'rules.stopThenRefused' : 'rules.thenRefused', { rule, refused });
  }
  return rule;
}

/** The characters each kind of name may hold on the oven (spec §5), one character at a time. */
export const OVEN_CHARS = {
  recipe: /^[A-Za-z0-9 _\-"]$/,
  oven: /^[A-Za-z0-9_ -]$/,
  category: /^[A-Za-z0-9 -]$/,
  event: /^[A-Za-z0-9 -]$/,
} as const;
