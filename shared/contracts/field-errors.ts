import type { z } from 'zod';
import type { Said } from '../i18n/said';
import { saidOf } from './zod-said';

/** Turns a zod error into `{ field: [what is wrong] }`, the path joined with dots ('stages.1.temp'), '_' for the whole. */
export function fieldErrors(error: Pick<z.ZodError, 'issues'>): Record<string, Said[]> {
  const out: Record<string, Said[]> = {};
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    // The message carries the key and values whole, so it tells two problems apart.
    const once = `${field}\n${issue.message}`;
    if (seen.has(once)) continue;
    seen.add(once);
    out[field] = [...(out[field] ?? []), saidOf(issue)];
  }
  return out;
}
