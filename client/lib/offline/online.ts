import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/** Whether Hearth can be reached (the queries follow the same word: offline, they keep what they have). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}

const PROBE_MS = 5000;
let probing: ReturnType<typeof setTimeout> | null = null;

/** Asks the server whether it answers again, until it does (a kitchen Wi-Fi that is up but reaches nothing). */
function probe() {
  probing = setTimeout(async () => {
    try {
      const res = await fetch('/api/health', { cache: 'no-store' });
      if (res.ok) {
        probing = null;
        onlineManager.setOnline(true);
        return;
      }
    } catch {
      // Still out of reach.
    }
    probe();
  }, PROBE_MS);
}

/** A request found the server out of reach: the app works offline until it answers again. */
export function serverUnreachable() {
  if (!onlineManager.isOnline()) return;
  onlineManager.setOnline(false);
  if (probing === null && navigator.onLine) probe();
}

/**
 * The device starts as the browser says (the queries' own default is "online", which would try and fail every
 * request of a reload made offline), then follows its online and offline events.
 */
export function startOnlineWatch() {
  onlineManager.setEventListener((setOnline) => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    setOnline(navigator.onLine);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  });
}
