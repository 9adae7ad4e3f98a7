/** Names of copies (spec §5: a " Copy" suffix is shortened to "--- Copy" when the name would be too long). */

const COPY = ' Copy';
const SHORT_COPY = '--- Copy';

/**
 * The name of a copy: "<name> Copy" when it fits `max`. Otherwise the name is cut so that "--- Copy" fits, the
 * dashes marking the cut: "Pepperoni Supreme" (16 max) → "Pepperon--- Copy".
 */
export function copyName(name: string, max: number): string {
  const base = name.trim();
  if (base.length + COPY.length <= max) return base + COPY;
  return base.slice(0, Math.max(0, max - SHORT_COPY.length)).trimEnd() + SHORT_COPY;
}
