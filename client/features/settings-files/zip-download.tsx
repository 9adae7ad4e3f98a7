import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsZip } from '../../../shared/contracts/settings-files';
import { FLEET_BATCH_MAX } from '../../../shared/domain/fleet';
import { Alert } from '../../components/form';
import { JobProgressBar } from '../../components/job-progress';
import { NeedsConnection } from '../../components/needs-connection';
import { MarkedText, textOf } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/online';
import { usePrepareZip, useSavePrepared } from './settings-files-api';

/**
 * Downloads the settings files of the ovens shown (or of the chosen location) as one zip with the USB checklist,
 * both saved in one step (a kitchen prints the checklist and copies the zip's folders onto sticks); links to save
 * either again, and the ovens left out (an empty menu) named, so nobody looks for their stick.
 */
export function ZipDownload({
  ovenIds,
  locationId,
  partial = false,
  compact = false,
}: {
  ovenIds: number[];
  locationId: number | null;
  /** The ovens are one page of a longer list: the button says so. */
  partial?: boolean;
  /** Inside a location's card: a secondary button, no card of its own. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const prepare = usePrepareZip();
  const save = useSavePrepared();
  const [ready, setReady] = useState<SettingsZip | null>(null);
  const count = ovenIds.length;
  return (
    <div className={compact ? 'zip-download zip-download-compact' : 'card zip-download'}>
      <button
        type="button"
        className={compact ? 'btn btn-secondary' : 'btn btn-primary'}
        disabled={
          !online || prepare.isPending || (locationId === null && (count === 0 || count > FLEET_BATCH_MAX))
        }
        onClick={async () => {
          setReady(null);
          let zip: SettingsZip;
          try {
            zip = await prepare.mutateAsync(
              locationId !== null ? { location_id: locationId } : { oven_ids: ovenIds },
            );
          } catch {
            return; // Shown below.
          }
          setReady(zip);
          try {
            await save.mutateAsync(zip);
            await save.mutateAsync(zip.checklist);
          } catch {
            // Shown below, with the links to save them again.
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
      {compact ? null : <NeedsConnection />}
      {prepare.isPending ? <JobProgressBar progress={prepare.progress} unit="oven" /> : null}
      {prepare.isError ? <Alert tone="error">{textOf(prepare.error)}</Alert> : null}
      {save.isError ? <Alert tone="error">{textOf(save.error)}</Alert> : null}
      {ready ? (
        <div role="status" className="zip-ready">
          <p>
            <MarkedText
              i18nKey="fleetPage.zip.saved"
              values={{ name: ready.name, count: ready.ovens.length }}
              components={{
                zip: <button type="button" className="btn-link" onClick={() => save.mutate(ready)} />,
                list: (
                  <button type="button" className="btn-link" onClick={() => save.mutate(ready.checklist)} />
                ),
              }}
            />
          </p>
          {ready.skipped.length > 0 ? (
            <Alert tone="error">
              <p>{t('fleetPage.zip.skippedTitle', { count: ready.skipped.length })}</p>
              <ul className="zip-skipped">
                {ready.skipped.map((s) => (
                  <li key={s.id}>
                    {t('fleetPage.zip.skippedEmpty', {
                      oven: s.name,
                      location: s.location ?? t('fleetPage.zip.noLocation'),
                    })}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
