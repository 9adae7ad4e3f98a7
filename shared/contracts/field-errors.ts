import type { z } from 'zod';

/** Turns a zod error into `{ field: [messages] }`, the path joined with dots ('stages.1.temp'), '_' for the whole. */
export function fieldErrors(error: Pick<z.ZodError, 'issues'>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const list = out[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[field] = list;
  }
  return out;
}
