/**
 * Rules answer a list of issues ({ path, message }); an empty list means valid. zod contracts, the server and
 * the settings-file reader all report these, so a rule and its message exist exactly once.
 */
export interface Issue {
  path: (string | number)[];
  message: string;
}

/** Adds `from`'s issues to `into` under `prefix` (most lists are empty, so the usual cost is one test). */
export function nest(into: Issue[], prefix: string | number, from: readonly Issue[]): void {
  for (let k = 0; k < from.length; k++)
    into.push({ path: [prefix, ...from[k]!.path], message: from[k]!.message });
}
