/** An oven's own values (spec §5 create/edit oven, import oven). */
import { LIMITS, MESSAGES } from './messages';
import { OVEN_CHARS, withRefusedCharacter } from './oven-charset';

/** Letters, digits, dash, underscore and space: oven and warm-up profile names. */
export const OVEN_NAME_CHARS = /^[A-Za-z0-9_ -]+$/;

export function ovenNameIssue(name: string): string | null {
  const trimmed = name.trim();
  // Said with its reason: the count, never a cut.
  if (trimmed.length > LIMITS.ovenNameMax)
    return `${MESSAGES.ovenName}: at most ${LIMITS.ovenNameMax} characters (this one has ${trimmed.length}).`;
  if (trimmed && trimmed.length <= LIMITS.ovenNameMax && !OVEN_NAME_CHARS.test(trimmed))
    return withRefusedCharacter(MESSAGES.ovenName, trimmed, OVEN_CHARS.oven);
  return trimmed && trimmed.length <= LIMITS.ovenNameMax && OVEN_NAME_CHARS.test(trimmed)
    ? null
    : MESSAGES.ovenName;
}
