import type { Query, QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import type { AuthCheckResponse } from '../../../shared/contracts/auth';
import { authToken } from '../auth-token';
import { authCheckKey } from '../current-user';
import { kept, offlineKeys, offlineOwner, sessionMark } from './store';

/**
 * What a store needs offline, kept per person: who they are, My Ovens, each oven opened (its menu), recipes seen
 * and the app's settings. Reports, the team's members, jobs and downloads are never kept.
 */
const KEPT_ROOTS = new Set(['auth', 'config', 'ovens', 'recipes']);
/** The cache's bound: past it, the answers seen longest ago are dropped first. */
export const OFFLINE_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** A cache not written for this long is not opened (what it shows would be too old to trust). */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** Writes gather the changes of this long (a page's many answers), so a reload right after loses little. */
const WRITE_AFTER_MS = 300;
/** A new build whose cached answers would not fit its screens changes this. */
const BUSTER = 'hearth-1';

const cacheKey = offlineKeys.cache;
type Kept = PersistedClient & { session: string | null; userId: number };

/** Who the cache belongs to: a user's id, null for a guest, undefined while the session is not known yet. */
const signedInUser = (client: PersistedClient): number | null | undefined => {
  const auth = client.clientState.queries.find((q) => q.queryHash === JSON.stringify(authCheckKey));
  if (!auth) return undefined;
  const data = auth.state.data as AuthCheckResponse | undefined;
  return data?.auth && data.user ? data.user.id : null;
};

/** The cache within its bound: the oldest answers go first, never who is signed in. */
export function bounded(client: PersistedClient, max = OFFLINE_CACHE_MAX_BYTES): PersistedClient {
  const queries = [...client.clientState.queries];
  let size = JSON.stringify(queries).length;
  if (size <= max) return client;
  const sizes = new Map(queries.map((q) => [q, JSON.stringify(q).length]));
  const oldestFirst = queries
    .filter((q) => q.queryKey[0] !== authCheckKey[0])
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  const dropped = new Set<unknown>();
  for (const q of oldestFirst) {
    if (size <= max) break;
    dropped.add(q);
    size -= sizes.get(q)!;
  }
  return {
    ...client,
    clientState: { ...client.clientState, queries: queries.filter((q) => !dropped.has(q)) },
  };
}

function createPersister(): Persister {
  return {
    async persistClient(client) {
      const userId = signedInUser(client);
      // Not known yet (the first answers came before the session's check): nothing is written, nothing dropped.
      if (userId === undefined) return;
      const owner = offlineOwner.get();
      // Someone else signed in, or no one: the last person's cache goes before anything is written.
      if (owner !== null && owner !== userId) {
        await kept.del(cacheKey(owner));
        offlineOwner.set(null);
      }
      if (userId === null) return;
      const session = await sessionMark(authToken.get());
      // Logged out while the mark was worked out: nothing more is written.
      if (!session || authToken.get() === null) return;
      offlineOwner.set(userId);
      await kept.set(cacheKey(userId), { ...bounded(client), session, userId } satisfies Kept);
    },
    async restoreClient() {
      const owner = offlineOwner.get();
      if (owner === null) return undefined;
      const found = await kept.get<Kept>(cacheKey(owner));
      const session = await sessionMark(authToken.get());
      // Only the session that wrote it opens it: a sign-in of another person (or none) never sees it.
      if (!found || !session || found.session !== session) return undefined;
      return found;
    },
    async removeClient() {
      const owner = offlineOwner.get();
      if (owner !== null) await kept.del(cacheKey(owner));
    },
  };
}

const persister = createPersister();
const dehydrateOptions = {
  shouldDehydrateQuery: (q: Query) => q.state.status === 'success' && KEPT_ROOTS.has(String(q.queryKey[0])),
  shouldDehydrateMutation: () => false,
};

/**
 * Opens the kept cache of this session (before the first screen, so My Ovens and an oven's menu show offline),
 * then keeps the cache written as it changes, a few times a second at most.
 */
export async function startOfflineCache(queryClient: QueryClient): Promise<void> {
  try {
    await Promise.race([
      persistQueryClientRestore({ queryClient, persister, maxAge: MAX_AGE_MS, buster: BUSTER }),
      // A device whose storage does not answer still opens the app.
      new Promise((resolve) => setTimeout(resolve, 1500)),
    ]);
  } catch {
    // A cache that cannot be read is dropped by the restore itself; the app starts without it.
  }
  // The cache is read (dehydrated) once per write, when the write is due, not at each of the many changes a page's
  // answers make as it opens (each read walks every query: 10-30 reads while My Ovens opens).
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    persistQueryClientSave({ queryClient, persister, buster: BUSTER, dehydrateOptions }).catch(
      (error: unknown) => console.error('Hearth: the offline cache could not be written', error),
    );
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated')
      timer ??= setTimeout(write, WRITE_AFTER_MS);
  });
}
