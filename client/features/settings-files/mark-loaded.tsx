import { useTranslation } from 'react-i18next';
import type { FleetOven } from '../../../shared/contracts/chains';
import { downloadNotSeen } from '../../../shared/domain/fleet';
import { useBanners } from '../../components/banners';
import { formatLocale, useUiLanguage } from '../../lib/i18n';
import { useMarkLoaded } from './settings-files-api';

/**
 * "Mark loaded" on a fleet row: offered when a file was downloaded for the oven after it was last seen, so the
 * manager who has just loaded the USB stick can say so (a file copied off the oven later says it for certain).
 */
export function MarkLoaded({ oven, onLoaded }: { oven: FleetOven; onLoaded(): unknown }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const mark = useMarkLoaded(onLoaded);
  const banners = useBanners();
  const download = oven.last_download;
  if (!download || !downloadNotSeen(oven.last_seen?.at ?? null, download.at)) return null;
  const version = download.version;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      title={t('fleetPage.mark.title', {
        when: new Date(download.at).toLocaleString(formatLocale(language), {
          dateStyle: 'medium',
          timeStyle: 'short',
        }),
      })}
      disabled={mark.isPending}
      onClick={async () => {
        try {
          await mark.mutateAsync(oven.id);
          banners.success(
            oven.name,
            version ? t('fleetPage.mark.doneVersion', { version }) : t('fleetPage.mark.doneLast'),
          );
        } catch (e) {
          banners.failure(oven.name, t('fleetPage.mark.failed'), e);
        }
      }}
    >
      {mark.isPending ? t('fleetPage.mark.saving') : t('fleetPage.mark.button')}
      <span className="sr-only">
        {' '}
        {version
          ? t('fleetPage.mark.contextVersion', { name: oven.name, version })
          : t('fleetPage.mark.contextLast', { name: oven.name })}
      </span>
    </button>
  );
}
