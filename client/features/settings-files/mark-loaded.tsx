import type { FleetOven } from '../../../shared/contracts/ovens';
import { downloadNotSeen } from '../../../shared/domain/fleet';
import { useBanners } from '../../components/banners';
import { TIMINGS } from '../../lib/timings';
import { useMarkLoaded } from './settings-files-api';

/**
 * "Mark loaded" on a fleet row: offered when a file was downloaded for the oven after it was last seen, so the
 * manager who has just loaded the USB stick can say so (a file copied off the oven later says it for certain).
 */
export function MarkLoaded({ oven, onLoaded }: { oven: FleetOven; onLoaded(): unknown }) {
  const mark = useMarkLoaded(onLoaded);
  const banners = useBanners();
  const download = oven.last_download;
  if (!download || !downloadNotSeen(oven.last_seen?.at ?? null, download.at)) return null;
  const what = download.version ? `"${download.version}"` : 'the file downloaded last';
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      aria-label={`Mark ${oven.name} loaded with ${what}`}
      title={`The file downloaded ${new Date(download.at).toLocaleString()} is now on the oven`}
      disabled={mark.isPending}
      onClick={async () => {
        try {
          await mark.mutateAsync(oven.id);
          banners.show({
            tone: 'success',
            who: oven.name,
            description: `is marked as running ${what}`,
            ms: TIMINGS.banner.success,
          });
        } catch (e) {
          banners.show({
            tone: 'error',
            who: oven.name,
            description: 'could not be marked loaded',
            what: e instanceof Error ? e.message : undefined,
            ms: TIMINGS.banner.error,
          });
        }
      }}
    >
      {mark.isPending ? 'Saving ...' : 'Mark loaded'}
    </button>
  );
}
