import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import { ApiError, api } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useOnline } from '../../lib/offline/online';
import { type ChangeSender, offlineChanges } from './offline-changes';
import { ovenKeys } from './oven-keys';

/** The device's waiting changes: how many, per oven, and which stopped for the person to choose. */
export function useWaitingChanges() {
  return useSyncExternalStore(offlineChanges.subscribe, offlineChanges.snapshot, offlineChanges.snapshot);
}

/** How the waiting changes reach the server: the same requests as the editor's. */
export function useSender(): ChangeSender {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      read: (id) => api<{ data: OvenDetail }>('GET', `/api/ovens/${id}`).then((r) => r.data),
      send: async (id, change, version) => {
        // The editor's requests load with the editor: the app's first screen does not carry them.
        const { sendWaitingChange } = await import('./ovens-api');
        const reply = await sendWaitingChange(id, change, version);
        return 'data' in reply
          ? { version: reply.data.version, oven: reply.data }
          : { version: reply.oven.version };
      },
      saved: (oven) => {
        queryClient.setQueryData(ovenKeys.one(oven.id), oven);
        void queryClient.invalidateQueries({ queryKey: ovenKeys.lists });
        void queryClient.invalidateQueries({ queryKey: ovenKeys.derived });
      },
      isUnreachable: (e) => e instanceof ApiError && e.status === 0,
      isGone: (e) => e instanceof ApiError && (e.status === 404 || e.status === 403),
      isConflict: (e) => e instanceof ApiError && e.status === 409,
    }),
    [queryClient],
  );
}

/**
 * Mounted once by the app: opens the signed-in person's waiting changes and sends them whenever the network is
 * back. A change of team drops them (the ovens they name are no longer this person's to change).
 */
export function useOfflineSync() {
  const { user } = useCurrentUser();
  const online = useOnline();
  const sender = useSender();
  const { count } = useWaitingChanges();
  const team = useRef<number | null | undefined>(undefined);
  const userId = user?.id ?? null;
  const teamId = user?.team?.id ?? null;

  const queryClient = useQueryClient();
  useEffect(() => {
    // The menus with changes waiting show as the person left them (the cache may have missed the last second).
    void offlineChanges.open(userId).then(() => {
      for (const w of offlineChanges.snapshot().waiting.values())
        queryClient.setQueryData(ovenKeys.one(w.ovenId), w.shown);
    });
  }, [userId, queryClient]);
  useEffect(() => {
    const before = team.current;
    team.current = teamId;
    if (before !== undefined && before !== null && before !== teamId && userId !== null)
      void offlineChanges.forget();
  }, [teamId, userId]);
  useEffect(() => {
    if (online && count > 0 && userId !== null) void offlineChanges.flush(sender);
  }, [online, count, userId, sender]);
}
