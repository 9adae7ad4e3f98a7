import type { SettingsDownload } from '../../../shared/contracts/settings-files';
import type { Actor } from '../../../shared/domain/permissions';
import { said } from '../../../shared/i18n/said';
import { createDownloadStore, type OpenedFile } from '../../db/download-store';
import { settingsFingerprints } from '../../db/schema/index';
import { recordActivity } from '../../db/team-activity-store';
import { NotFoundError } from '../../lib/errors';
import type { FileDeps, SettingsBuilder } from './settings-file-build';

/** One oven's settings file for its USB port: built, recorded and kept for the session that asked. */
export function createSettingsDownloads(deps: FileDeps, files: SettingsBuilder) {
  const { db, now } = deps;
  const { build, fingerprintOf } = files;
  const downloads = createDownloadStore(db, now);
  return {
    /** GET /api/files/{id}: builds and checks the oven's file and keeps it for the browser to fetch. */
    async prepareDownload(actor: Actor, ovenId: number, sessionHash: string): Promise<SettingsDownload> {
      const built = await build(actor, ovenId);
      const { row } = await fingerprintOf(actor, built);
      // The fingerprint and the kept file together: a download recorded is one that can be fetched.
      return db.transaction(async (tx) => {
        if (row) await tx.insert(settingsFingerprints).values(row);
        const { file, name, size } = await createDownloadStore(tx, now).keep({
          userId: actor.id,
          sessionHash,
          teamId: actor.team?.id ?? null,
          ovenId: built.oven.id,
          fileName: built.fileName,
          bytes: built.bytes,
        });
        await recordActivity(tx, {
          userId: actor.id,
          action: 'settings.downloaded',
          summary: said('ruleMessages.downloadedFile', { file: built.fileName }),
          ovenId: built.oven.id,
        });
        return { file, name, size };
      });
    },

    /**
     * The bytes a download token stands for (or a zip's parts, streamed while it is built), to the session that
     * prepared them; NotFoundError when unknown, expired, asked under another name or by another session.
     */
    async openDownload(token: string, fileName: string, sessionHash: string | null): Promise<OpenedFile> {
      const found = await downloads.open(token, sessionHash, fileName);
      if (!found) throw new NotFoundError('Download');
      return found;
    },
  };
}
