import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offlineChanges } from '../features/ovens/offline-changes';
import { useOfflineSync, useSender, useWaitingChanges } from '../features/ovens/offline-sync';
import { useOfflineDownloadSync } from '../features/settings-files/offline-download-sync';
import { useCurrentUser } from '../lib/current-user';
import { useOnline } from '../lib/offline/online';
import { afterLoad } from '../lib/when-idle';

/**
 * A new version of the app, waiting: offered, never forced (a reload in the middle of an edit would lose what is
 * being typed). Checked again every hour on a tablet left open all day.
 */
function useNewVersion() {
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const register = () =>
      void import('virtual:pwa-register').then(({ registerSW }) => {
        if (stopped) return;
        const updateSW = registerSW({
          immediate: true,
          onNeedRefresh: () => setUpdate(() => () => updateSW(true)),
          onRegisteredSW: (_url, registration) => {
            if (registration) timer = setInterval(() => void registration.update(), 3600_000);
          },
        });
      });
    // The worker fetches the whole app for offline use: it waits until the first page has settled, so a slow link
    // carries the page's code and answers first, and a slow tablet's first taps are not held by it.
    const callOff = afterLoad(register);
    return () => {
      stopped = true;
      callOff();
      clearInterval(timer);
    };
  }, []);
  return update;
}

/**
 * The strip under the top bar that says how this device stands: offline (and how many menu changes wait on it),
 * sending them, an oven that needs the person's choice, or a new version ready.
 */
export function OfflineBar() {
  const { t } = useTranslation();
  const online = useOnline();
  const { user } = useCurrentUser();
  useOfflineSync();
  useOfflineDownloadSync();
  const { count, sending, trouble, waiting } = useWaitingChanges();
  const sender = useSender();
  const update = useNewVersion();
  const stuck = [...trouble.keys()];
  // An oven deleted (or no longer this person's) cannot be opened to choose: its changes are dropped from here.
  const gone = stuck.find((id) => trouble.get(id)?.kind === 'gone');
  const goneOven = gone === undefined ? undefined : waiting.get(gone);

  return (
    <div className="offline-bars" aria-live="polite">
      {!online ? (
        <p className="offline-bar offline-bar-off" data-testid="offline-bar">
          <strong>{t('offline.offline')}</strong> {t('offline.offlineBody')}
          {count > 0 ? <span className="offline-count"> · {t('offline.waiting', { count })}</span> : null}
        </p>
      ) : sending ? (
        <p className="offline-bar" data-testid="offline-bar">
          {t('offline.sending')}{' '}
          {/* The last one sent and the strip not yet gone: no "0 changes waiting" for a moment. */}
          {count > 0 ? <span className="offline-count">· {t('offline.waiting', { count })}</span> : null}
        </p>
      ) : user && goneOven ? (
        <p className="offline-bar offline-bar-choice" data-testid="offline-bar">
          {t('offline.goneTitle', { oven: goneOven.ovenName })} ·{' '}
          {t('offline.goneBody', { count: goneOven.changes.length })}{' '}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void offlineChanges.discard(goneOven.ovenId, sender)}
          >
            {t('offline.discardMine', { count: goneOven.changes.length })}
          </button>
        </p>
      ) : user && stuck.length > 0 ? (
        <p className="offline-bar offline-bar-choice" data-testid="offline-bar">
          {t('offline.needsChoice', { count: stuck.length })} ·{' '}
          <Link to={`/ovens?oven=${stuck[0]}`}>{t('offline.open')}</Link>
        </p>
      ) : null}
      {update ? (
        <p className="offline-bar offline-bar-update" role="status">
          {t('offline.updateReady')}{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void update()}>
            {t('offline.reloadToUpdate')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
