/** Menu categories (spec §5: up to 16 letters, digits, hyphens or spaces; blank cancels in the editor). */

import { type Said, said } from '../i18n/said';
import { LIMITS } from './messages';
import { OVEN_CHARS, withRefusedCharacter } from './oven-charset';

const CATEGORY_NAME = /^[A-Za-z0-9 -]+$/;

export function categoryNameIssue(name: string): Said | null {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > LIMITS.categoryNameMax) return said('rules.categoryName');
  return CATEGORY_NAME.test(trimmed)
    ? null
    : withRefusedCharacter(said('rules.categoryName'), trimmed, OVEN_CHARS.category);
}
