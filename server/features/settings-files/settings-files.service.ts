import type { ActivityRecorder } from '../../db/activity-store';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { createSettingsChecks } from './settings-check.service';
import { createSettingsDownloads } from './settings-download.service';
import { createSettingsBuilder } from './settings-file-build';
import { createSettingsImport } from './settings-import.service';
import { createSettingsShare } from './settings-share.service';
import { createSettingsZip } from './settings-zip.service';

/**
 * The settings-files feature, one job per file: import (`settings-import`), one oven's download
 * (`settings-download`), share by e-mail (`settings-share`), the zip of many (`settings-zip`), what an oven runs
 * (`settings-check`), on the builder they share (`settings-file-build`). The routes see them as one service.
 */
export function createSettingsFilesService(deps: {
  db: Db;
  activity: ActivityRecorder;
  mailer: Mailer;
  provider: string;
  /** The zone the USB checklist prints its time in (the team's day, not UTC). */
  timeZone?: string;
  now?: () => Date;
}) {
  const base = { db: deps.db, now: deps.now ?? (() => new Date()) };
  const files = createSettingsBuilder(base);
  return {
    ...createSettingsImport({ ...base, activity: deps.activity }),
    ...createSettingsDownloads(base, files),
    ...createSettingsShare({ ...base, mailer: deps.mailer, provider: deps.provider }, files),
    ...createSettingsZip({ ...base, provider: deps.provider, timeZone: deps.timeZone ?? 'UTC' }, files),
    ...createSettingsChecks(base, files),
  };
}

export type SettingsFilesService = ReturnType<typeof createSettingsFilesService>;
