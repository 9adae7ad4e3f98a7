import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/offline/online';

/** Offline: says why an action that needs the server waits (its button is disabled), rather than letting it fail. */
export function NeedsConnection() {
  const { t } = useTranslation();
  return useOnline() ? null : <p className="muted needs-connection">{t('offline.needsConnection')}</p>;
}
