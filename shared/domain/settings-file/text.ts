/** Reading one line of the settings-file format: `KEYWORD key=value key="quoted"`. */

import { type Said, said } from '../../i18n/said';

/** One line split into its keyword and parallel lists of keys, values and 1-based columns. */
export interface Tokenized {
  keyword: string;
  keys: string[];
  values: string[];
  cols: number[];
  /** True when every key was one of the known keys, in their usual order, each once. */
  canonical: boolean;
  error?: { column: number; said: Said };
}

function fail(t: Tokenized, column: number, what: Said): Tokenized {
  t.error = { column, said: what };
  return t;
}

/**
 * Splits `KEYWORD key=value key="quoted value"` into its parts, or says where it stops making sense.
 * `knownKeys(keyword)` lists the keys a record usually has, so those are matched in place, not copied.
 */
export function tokenizeLine(
  line: string,
  knownKeys?: (keyword: string) => readonly string[] | undefined,
): Tokenized {
  const len = line.length;
  let i = line.indexOf(' ');
  if (i < 0) i = len;
  const t: Tokenized = {
    keyword: line.slice(0, i),
    keys: [],
    values: [],
    cols: [],
    canonical: knownKeys !== undefined,
  };
  const known = knownKeys?.(t.keyword);
  let hint = 0;
  while (i < len) {
    if (line.charCodeAt(i) !== 0x20) return fail(t, i + 1, said('ruleMessages.fileExpectedSpace'));
    i++;
    const keyStart = i;
    let key: string | undefined;
    let eq = -1;
    // Known keys in their usual order are matched where they stand.
    if (known) {
      for (let k = hint; k < known.length; k++) {
        const candidate = known[k]!;
        if (line.charCodeAt(i + candidate.length) === 0x3d && line.startsWith(candidate, i)) {
          key = candidate;
          eq = i + candidate.length;
          hint = k + 1;
          break;
        }
      }
    }
    if (key === undefined) {
      t.canonical = false;
      eq = line.indexOf('=', i);
      const space = line.indexOf(' ', i);
      if (eq < 0 || (space >= 0 && space < eq))
        return fail(t, keyStart + 1, said('ruleMessages.fileExpectedKeyValue'));
      if (eq === keyStart) return fail(t, keyStart + 1, said('ruleMessages.fileValueNoKey'));
      key = line.slice(keyStart, eq);
    }
    i = eq + 1;
    if (line.charCodeAt(i) === 0x22) {
      const close = line.indexOf('"', i + 1);
      const slash = line.indexOf('\\', i + 1);
      if (close >= 0 && (slash < 0 || slash > close)) {
        // Fast path: no escapes inside.
        t.values.push(line.slice(i + 1, close));
        i = close + 1;
      } else {
        const read = readEscaped(line, i + 1);
        if (typeof read === 'number') {
          return read < 0
            ? fail(t, keyStart + 1, said('ruleMessages.fileQuoteOpen', { key }))
            : fail(t, read + 1, said('ruleMessages.fileUnknownEscape', { key }));
        }
        t.values.push(read.value);
        i = read.end;
      }
    } else {
      let end = line.indexOf(' ', i);
      if (end < 0) end = len;
      t.values.push(line.slice(i, end));
      i = end;
    }
    t.keys.push(key);
    t.cols.push(keyStart + 1);
  }
  return t;
}

/** Reads a quoted value with escapes from just after its opening quote; a number is where it failed (-1: unclosed). */
function readEscaped(line: string, from: number): { value: string; end: number } | number {
  let value = '';
  let segment = from;
  let i = from;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c === 0x22) return { value: value + line.slice(segment, i), end: i + 1 };
    if (c === 0x5c) {
      value += line.slice(segment, i);
      const e = line[i + 1];
      if (e === '"' || e === '\\') value += e;
      else if (e === 'n') value += '\n';
      else if (e === 't') value += '\t';
      else if (e === 'r') value += '\r';
      else if (e === 'u' && /^[0-9A-Fa-f]{4}$/.test(line.slice(i + 2, i + 6))) {
        value += String.fromCharCode(Number.parseInt(line.slice(i + 2, i + 6), 16));
        i += 4;
      } else return i;
      i += 2;
      segment = i;
      continue;
    }
    i++;
  }
  return -1;
}
