import { useState } from 'react';

/**
 * A long list to tick from, searched on the server: what the user ticks stays in sight. Among the search's matches
 * it keeps its place (nothing moves under the finger); one the search does not find is pinned above the matches,
 * in the order ticked, even once unticked, until "Clear".
 */
export function usePinned<T extends { id: number }>(found: readonly T[], initial: readonly T[] = []) {
  const [pinned, setPinned] = useState<T[]>(() => [...initial]);
  const foundIds = new Set(found.map((f) => f.id));
  return {
    shown: [...pinned.filter((p) => !foundIds.has(p.id)), ...found],
    pin(items: readonly T[]) {
      setPinned((before) => {
        const have = new Set(before.map((p) => p.id));
        return [...before, ...items.filter((i) => !have.has(i.id))];
      });
    },
    /** After "clear": the list is the search's matches again. */
    unpinAll() {
      setPinned([]);
    },
  };
}
