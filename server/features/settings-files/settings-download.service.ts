import { and, eq } from 'drizzle-orm';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import type {
  OfflineDownloadRequest,
  OfflineDownloadResult,
  SettingsDownload,
} from '../../../shared/contracts/settings-files';
import type { Actor } from '../../../shared/domain/permissions';
import { menuToSettings } from '../../../shared/domain/settings-file/menu';
import { fileChecksum } from '../../../shared/domain/settings-file/sniff';
import { said } from '../../../shared/i18n/said';
import { createDownloadStore, type OpenedFile } from '../../db/download-store';
import { recipesByIds } from '../../db/recipe-store';
import { settingsFingerprints } from '../../db/schema/index';
import { scopeOf } from '../../db/scope';
import { recordActivity } from '../../db/team-activity-store';
import { NotFoundError } from '../../lib/errors';
import { loadMenu, ownOven } from '../ovens';
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

    /** Every recipe on the oven's menu, in the file's order: what a tablet needs to build the file offline. */
    async menuRecipes(actor: Actor, ovenId: number): Promise<RecipeDetail[]> {
      const oven = await ownOven(db, scopeOf(actor), ovenId);
      const { recipeIds } = menuToSettings(await loadMenu(db, oven.id, oven.type));
      const found = await recipesByIds(db, recipeIds);
      return recipeIds.flatMap((id) => found.get(id) ?? []);
    },

    /**
     * A file a tablet built offline, recorded once it is back online, as a download made then: its fingerprint
     * (named by the version the menu is at, when the file is the current menu's) and a line in the trail. Sent
     * again (an answer lost on the way), it is recorded once.
     */
    async recordOfflineDownload(
      actor: Actor,
      ovenId: number,
      input: OfflineDownloadRequest,
    ): Promise<OfflineDownloadResult> {
      const built = await build(actor, ovenId);
      const at = new Date(Math.min(Date.parse(input.built_at), now().getTime()));
      const current = fileChecksum(new TextDecoder().decode(built.bytes)) === input.checksum;
      const { row, version } = current ? await fingerprintOf(actor, built) : { row: null, version: null };
      const fingerprint = {
        ovenId: built.oven.id,
        checksum: input.checksum,
        versionId: row?.versionId ?? null,
        createdBy: actor.id,
        createdAt: at,
      };
      await db.transaction(async (tx) => {
        const [already] = await tx
          .select({ id: settingsFingerprints.id })
          .from(settingsFingerprints)
          .where(
            and(
              eq(settingsFingerprints.ovenId, fingerprint.ovenId),
              eq(settingsFingerprints.checksum, fingerprint.checksum),
              eq(settingsFingerprints.createdBy, actor.id),
              eq(settingsFingerprints.createdAt, at),
            ),
          )
          .limit(1);
        if (already) return;
        await tx.insert(settingsFingerprints).values(fingerprint);
        await recordActivity(tx, {
          userId: actor.id,
          action: 'settings.downloaded',
          summary: said('ruleMessages.downloadedOffline', { file: built.fileName }),
          ovenId: built.oven.id,
        });
      });
      return { current, version, downloaded_at: at.toISOString() };
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
