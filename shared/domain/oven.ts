/** An oven's own values (spec §5 create/edit oven, import oven). */

import { type Said, said } from '../i18n/said';
import { LIMITS } from './messages';
import { OVEN_CHARS, withRefusedCharacter } from './oven-charset';

/** Letters, digits, dash, underscore and space: oven and warm-up profile names. */
export const OVEN_NAME_CHARS = /^[A-Za-z0-9_ -]+$/;

export function ovenNameIssue(name: string): Said | null {
  const trimmed = name.trim();
  // Said with its reason: the count, never a cut.
  if (trimmed.length > LIMITS.ovenNameMax)
    return said('rules.ovenNameLong', { max: LIMITS.ovenNameMax, n: trimmed.length });
  if (trimmed && trimmed.length <= LIMITS.ovenNameMax && !OVEN_NAME_CHARS.test(trimmed))
    return withRefusedCharacter(said('rules.ovenName'), trimmed, OVEN_CHARS.oven, true);
  return trimmed && trimmed.length <= LIMITS.ovenNameMax && OVEN_NAME_CHARS.test(trimmed)
    ? null
    : said('rules.ovenName');
}
