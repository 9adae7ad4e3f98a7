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

/** The first disguising character in a name, as "U+202E", or null. */
export function disguisingCharacter(value: string): string | null {
  const found = DISGUISING.exec(value);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** A name as it may appear in a file or folder name: line breaks and controls as spaces, hidden marks gone. */
export function withoutHiddenCharacters(value: string): string {
  return value.replace(BREAKS, ' ').replace(INVISIBLE, '');
}
