/** Menu categories (spec §5: up to 16 letters, digits, hyphens or spaces; blank cancels in the editor). */
import { LIMITS, MESSAGES } from './messages';

const CATEGORY_NAME = /^[A-Za-z0-9 -]+$/;

export function categoryNameIssue(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= LIMITS.categoryNameMax && CATEGORY_NAME.test(trimmed)
    ? null
    : MESSAGES.categoryName;
}
