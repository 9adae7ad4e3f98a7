import type { FleetOven } from '../../../shared/contracts/ovens';
import { downloadNotSeen } from '../../../shared/domain/fleet';
import { useBanners } from '../../components/banners';
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
          banners.success(oven.name, `is marked as running ${what}`);
        } catch (e) {
          banners.failure(oven.name, 'could not be marked loaded', e);
        }
      }}
    >
      {mark.isPending ? 'Saving ...' : 'Mark loaded'}
    </button>
  );
}
