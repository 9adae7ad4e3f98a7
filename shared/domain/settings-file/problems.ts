import type { SettingsFileError } from './types';

/** One problem of a refused file as a line of text: where it is, which field, what is wrong. */
export const problemLine = (p: SettingsFileError): string =>
  `Line ${p.line}, column ${p.column}, ${p.field}: ${p.message}`;

/** A refused file in one sentence: its only problem, or how many there are and the first. */
export function problemsSummary(problems: readonly SettingsFileError[]): string {
  const count = problems.length;
  const first = problems[0]!;
  return count === 1
    ? `Line ${first.line}, ${first.field}: ${first.message}`
    : `The file has ${count >= 200 ? '200 or more' : count} problems. The first, on line ${first.line} (${first.field}): ${first.message}`;
}
