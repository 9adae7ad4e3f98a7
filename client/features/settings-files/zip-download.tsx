import { useState } from 'react';
import type { SettingsZip } from '../../../shared/contracts/settings-files';
import { FLEET_BATCH_MAX } from '../../../shared/domain/fleet';
import { countOf } from '../../../shared/domain/words';
import { Alert } from '../../components/form';
import { JobProgressBar } from '../../components/job-progress';
import { usePrepareZip, useSavePrepared } from './settings-files-api';

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
  const save = useSavePrepared();
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
      {prepare.isPending ? <JobProgressBar progress={prepare.progress} unit="oven" /> : null}
      {prepare.isError ? <Alert tone="error">{prepare.error.message}</Alert> : null}
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      {ready ? (
        <p role="status" className="zip-ready">
          Ready:{' '}
          <button type="button" className="btn-link" onClick={() => save.mutate(ready)}>
            {ready.name}
          </button>{' '}
          ({countOf(ready.ovens.length, 'oven')}) and the{' '}
          <button type="button" className="btn-link" onClick={() => save.mutate(ready.checklist)}>
            USB checklist (PDF)
          </button>
          . They can be saved for 15 minutes, on this device.
        </p>
      ) : null}
    </div>
  );
}
