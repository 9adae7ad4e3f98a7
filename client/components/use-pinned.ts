import { useState } from 'react';

/**
 * A long list to tick from, searched on the server: what the user ticks stays pinned above the search's matches
 * (even a search that does not find it, and after it is unticked, so nothing jumps under the finger), in the order
 * ticked.
 */
export function usePinned<T extends { id: number }>(found: readonly T[], initial: readonly T[] = []) {
  const [pinned, setPinned] = useState<T[]>(() => [...initial]);
  const pinnedIds = new Set(pinned.map((p) => p.id));
  return {
    shown: [...pinned, ...found.filter((f) => !pinnedIds.has(f.id))],
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
