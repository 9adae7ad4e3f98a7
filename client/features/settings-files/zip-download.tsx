import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SettingsZip } from '../../../shared/contracts/settings-files';
import { FLEET_BATCH_MAX } from '../../../shared/domain/fleet';
import { Alert } from '../../components/form';
import { JobProgressBar } from '../../components/job-progress';
import { translateMessage } from '../../lib/i18n';
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
  const { t } = useTranslation();
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
          ? t('fleetPage.zip.preparing')
          : locationId !== null
            ? t('fleetPage.zip.location')
            : count === 1
              ? t('fleetPage.zip.oven')
              : partial
                ? t('fleetPage.zip.page', { count })
                : t('fleetPage.zip.these', { count })}
      </button>
      {prepare.isPending ? <JobProgressBar progress={prepare.progress} unit="oven" /> : null}
      {prepare.isError ? <Alert tone="error">{translateMessage(prepare.error.message)}</Alert> : null}
      {save.isError ? <Alert tone="error">{translateMessage(save.error.message)}</Alert> : null}
      {ready ? (
        <p role="status" className="zip-ready">
          <Trans
            i18nKey="fleetPage.zip.ready"
            count={ready.ovens.length}
            values={{ name: ready.name }}
            components={{
              zip: <button type="button" className="btn-link" onClick={() => save.mutate(ready)} />,
              list: (
                <button type="button" className="btn-link" onClick={() => save.mutate(ready.checklist)} />
              ),
            }}
          />
        </p>
      ) : null}
    </div>
  );
}
