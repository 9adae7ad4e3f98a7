import { useState } from 'react';
import type { SettingsZip } from '../../../shared/contracts/settings-files';
import { FLEET_BATCH_MAX } from '../../../shared/domain/fleet';
import { Alert } from '../../components/form';
import { usePrepareZip } from './settings-files-api';

/**
 * Downloads the settings files of the ovens shown (or of the chosen location) as one zip with the USB checklist:
 * links to both, since a kitchen prints the checklist and copies the zip's folders onto sticks.
 */
export function ZipDownload({
  ovenIds,
  locationId,
  partial = false,
}: {
  ovenIds: number[];
  locationId: number | null;
  /** The ovens are one page of a longer list: the button says so. */
  partial?: boolean;
}) {
  const prepare = usePrepareZip();
  const [ready, setReady] = useState<SettingsZip | null>(null);
  const count = ovenIds.length;
  return (
    <div className="card zip-download">
      <button
        type="button"
        className="btn btn-primary"
        disabled={prepare.isPending || count === 0 || count > FLEET_BATCH_MAX}
        onClick={async () => {
          setReady(null);
          try {
            setReady(
              await prepare.mutateAsync(
                locationId !== null ? { location_id: locationId } : { oven_ids: ovenIds },
              ),
            );
          } catch {
            // Shown below.
          }
        }}
      >
        {prepare.isPending
          ? 'Preparing files...'
          : locationId !== null
            ? 'Download this location’s settings (zip)'
            : count === 1
              ? 'Download this oven’s settings (zip)'
              : partial
                ? `Download settings of the ${count} ovens on this page (zip)`
                : `Download settings of these ${count} ovens (zip)`}
      </button>
      {prepare.isError ? <Alert tone="error">{prepare.error.message}</Alert> : null}
      {ready ? (
        <p role="status" className="zip-ready">
          Ready: <a href={`/storage/settings/${ready.file}`}>{ready.name}</a> ({ready.ovens.length} oven
          {ready.ovens.length === 1 ? '' : 's'}) and the{' '}
          <a href={`/storage/settings/${ready.checklist.file}`} target="_blank" rel="noreferrer">
            USB checklist (PDF)
          </a>
          . The links work for 15 minutes.
        </p>
      ) : null}
    </div>
  );
}
