import { createStore, del, get, set } from 'idb-keyval';

/**
 * What the tablet keeps for working offline, in IndexedDB: each signed-in person's query cache and their changes
 * waiting to be sent, under keys of their own user id. Nothing here is shared between people.
 */
const store = typeof indexedDB === 'undefined' ? null : createStore('hearth-offline', 'kept');

/** Who last kept a cache on this device: read before the first screen, to find their cache. */
const OWNER_KEY = 'hearth.offline.owner';

export const offlineOwner = {
  get(): number | null {
    const id = Number(localStorage.getItem(OWNER_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set(id: number | null) {
    if (id === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, String(id));
  },
};

// Writes and deletes happen in the order asked: a cache write begun before a log-out never lands after its delete.
let chain: Promise<unknown> = Promise.resolve();
function inOrder<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
}

export const kept = {
  get: <T>(key: string): Promise<T | undefined> =>
    store ? inOrder(() => get<T>(key, store)) : Promise.resolve(undefined),
  set: (key: string, value: unknown): Promise<void> =>
    store ? inOrder(() => set(key, value, store)) : Promise.resolve(),
  del: (key: string): Promise<void> => (store ? inOrder(() => del(key, store)) : Promise.resolve()),
};

/** Where a person's things are kept: their query cache and their waiting menu changes. */
export const offlineKeys = {
  cache: (userId: number) => `cache:${userId}`,
  changes: (userId: number) => `changes:${userId}`,
  /** Files built offline, to be recorded as downloads. */
  downloads: (userId: number) => `downloads:${userId}`,
};

/** Logging out: everything this device kept of the person is gone at once. */
export async function forgetOfflineData(): Promise<void> {
  const owner = offlineOwner.get();
  offlineOwner.set(null);
  if (owner !== null) await Promise.all(Object.values(offlineKeys).map((key) => kept.del(key(owner))));
}

/** A SHA-256 of the session's token: the cache opens only for the session that wrote it. */
export async function sessionMark(token: string | null): Promise<string | null> {
  if (!token || !globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
