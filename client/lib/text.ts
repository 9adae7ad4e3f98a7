/** Oven type names break after their slashes, never inside a model number ("2600/2000/1400"). */
export const breakAfterSlashes = (text: string) => text.replaceAll('/', '/\u200b');

/** A day as a manager reads it in lists ("24 Nov 2026" in their own locale). */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A `next` address from the query, when it is a path of this site (never "//elsewhere" or "https://…"). */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
