/**
 * Rules answer a list of issues ({ path, said }); an empty list means valid. zod contracts, the server and the
 * settings-file reader all report these, so a rule and its words exist exactly once; each reader says them in
 * their language from the key (shared/i18n/said.ts).
 */
import type { Said } from '../i18n/said';

export interface Issue {
  path: (string | number)[];
  said: Said;
}

/** Adds `from`'s issues to `into` under `prefix` (most lists are empty, so the usual cost is one test). */
export function nest(into: Issue[], prefix: string | number, from: readonly Issue[]): void {
  for (let k = 0; k < from.length; k++) into.push({ path: [prefix, ...from[k]!.path], said: from[k]!.said });
}
