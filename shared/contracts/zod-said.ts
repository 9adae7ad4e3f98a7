/**
 * zod keeps one message string per issue, so a contract's refusal travels inside it as its key and values
 * (`said:{"key":…}`); `saidOf` reads it back for the API's reply and the forms. Nobody shows these strings.
 */
import type { z } from 'zod';
import { isSaid, type Said, type SaidKey, type SaidValue, said } from '../i18n/said';

const MARK = 'said:';

/** A contract's refusal, as zod's message. */
export function saying(key: SaidKey, params?: Record<string, SaidValue>): string {
  return zodMessage(said(key, params));
}

export function zodMessage(what: Said): string {
  return MARK + JSON.stringify(what);
}

/** What a zod issue says; a message from outside the contracts (none is expected) reads as "invalid". */
export function saidOf(issue: Pick<z.core.$ZodIssue, 'message'>): Said {
  if (issue.message.startsWith(MARK)) {
    try {
      const parsed: unknown = JSON.parse(issue.message.slice(MARK.length));
      if (isSaid(parsed)) return parsed;
    } catch {
      // Not ours: said as invalid below.
    }
  }
  return said('ruleMessages.dataInvalid');
}
