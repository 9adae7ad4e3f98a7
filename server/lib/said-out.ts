/**
 * What the server says, shaped for the wire: the key and values every client says it by, with its English beside
 * it for people reading the API (shared/contracts/common.ts `saidWire`).
 */
import type { SaidLine } from '../../shared/contracts/common';
import type { FileProblem } from '../../shared/contracts/settings-files';
import type { SettingsFileError } from '../../shared/domain/settings-file/types';
import { english } from '../../shared/i18n/english';
import { asWritten, type Said, type SaidValue, said } from '../../shared/i18n/said';

/** A value that may be said or plain (text, a list, a temperature), as something said; plain is shown as is. */
export function saidValue(value: SaidValue): Said {
  if (typeof value === 'string' || typeof value === 'number') return asWritten(String(value));
  return 'key' in value ? value : said('ruleMessages.asWritten', { text: value });
}

/** A line of a comparison on the wire. */
export function lineOut(line: { kind: string; said: Said }): SaidLine {
  return { kind: line.kind, message: english(line.said), said: line.said };
}

/** A settings file's problem on the wire: where, the field and the problem, each said and in English. */
export function problemOut(p: SettingsFileError): FileProblem {
  const field = saidValue(p.field);
  return {
    line: p.line,
    column: p.column,
    field: english(field),
    message: english(p.said),
    field_said: field,
    said: p.said,
  };
}

/** A value in English: the API's words for a field or a place. */
export const englishValue = (value: SaidValue): string => english(saidValue(value));

/** A sentence's fields on the wire: its English and what it says. */
export const saidOut = (says: Said): { message: string; said: Said } => ({
  message: english(says),
  said: says,
});
