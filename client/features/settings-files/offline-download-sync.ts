import { useEffect } from 'react';
import { ApiError, api } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useOnline } from '../../lib/offline/online';
import { kept, offlineKeys } from '../../lib/offline/store';

/** A file built on the device offline, to be recorded as a download once the network is back. */
export interface BuiltOffline {
  ovenId: number;
  checksum: string;
  built_at: string;
}
const keyOf = offlineKeys.downloads;

/** Records the files built offline, once online; an oven gone (or no longer this person's) is let go. */
async function recordBuilt(userId: number): Promise<void> {
  const list = (await kept.get<BuiltOffline[]>(keyOf(userId))) ?? [];
  const left: BuiltOffline[] = [];
  for (const [i, record] of list.entries()) {
    try {
      await api('POST', `/api/ovens/${record.ovenId}/downloaded`, {
        checksum: record.checksum,
        built_at: record.built_at,
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
        left.push(...list.slice(i));
        break;
      }
    }
  }
  await kept.set(keyOf(userId), left);
}

/** Mounted once by the app: the offline downloads are recorded whenever the network is back. */
export function useOfflineDownloadSync() {
  const online = useOnline();
  const userId = useCurrentUser().user?.id ?? null;
  useEffect(() => {
    if (online && userId !== null) void recordBuilt(userId);
  }, [online, userId]);
}
