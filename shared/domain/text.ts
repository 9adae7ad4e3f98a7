/**
 * Characters that hide or disguise text: C0 and C1 controls (CR, LF, tab, escape…), the line and paragraph
 * separators, and the bidi embeddings, overrides and isolates (U+202E turns "gpj.exe" round). No name needs one;
 * right-to-left writing needs none of them (the marks U+200E/U+200F, and ZWJ/ZWNJ, which scripts do need, stay).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is matched
const DISGUISING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters become spaces
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu;
/** In a file or folder name also the invisible marks and joiners, which make two names look alike. */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\ufeff]/gu;

/**
 * Characters that show nothing: format characters (zero-width space U+200B, soft hyphen U+00AD, word joiner U+2060,
 * byte-order mark, tags) and the blank letters (Hangul fillers U+3164, U+115F, U+1160, U+FFA0; braille blank). The
 * joiners and direction marks that scripts need (U+200C, U+200D, U+200E, U+200F, U+061C) stay allowed.
 */
const INVISIBLE_IN_NAME = /(?![\u200c-\u200f\u061c])[\p{Cf}\p{Cs}\u115f\u1160\u3164\uffa0\u2800]/u;
/** A letter or digit someone can see. */
const VISIBLE_LETTER = /(?![\u115f\u1160\u3164\uffa0])[\p{L}\p{N}]/u;

const codePointOf = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character of a name that shows nothing, as "U+200B" (a lone surrogate too), or null. */
export function invisibleCharacter(value: string): string | null {
  const found = INVISIBLE_IN_NAME.exec(value);
  return found ? codePointOf(found[0]) : null;
}

/** Whether a name has a letter or digit that shows (not only punctuation, spaces or blank letters). */
export function hasVisibleLetter(value: string): boolean {
  return VISIBLE_LETTER.test(value);
}

/** The first disguising character in a name, as "U+202E", or null. */
export function disguisingCharacter(value: string): string | null {
  const found = DISGUISING.exec(value);
  return found ? codePointOf(found[0]) : null;
}

/** A name as it may appear in a file or folder name: line breaks and controls as spaces, hidden marks gone. */
export function withoutHiddenCharacters(value: string): string {
  return value.replace(BREAKS, ' ').replace(INVISIBLE, '');
}
