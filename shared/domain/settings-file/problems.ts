import { type Said, said } from '../../i18n/said';
import type { SettingsFileError } from './types';

/** One problem of a refused file as a line of text: where it is, which field, what is wrong. */
export const problemLine = (p: SettingsFileError): Said =>
  said('ruleMessages.fileLineColumn', { line: p.line, column: p.column, field: p.field, message: p.said });

/** A refused file in one sentence: its only problem, or how many there are and the first. */
export function problemsSummary(problems: readonly SettingsFileError[]): Said {
  const count = problems.length;
  const first = problems[0]!;
  return count === 1
    ? said('ruleMessages.fileLine', { line: first.line, field: first.field, message: first.said })
    : said('ruleMessages.fileProblems', {
        count: count >= 200 ? said('ruleParts.twoHundredOrMore') : count,
        line: first.line,
        field: first.field,
        message: first.said,
      });
}
