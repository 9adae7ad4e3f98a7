import { and, desc, eq } from 'drizzle-orm';
import {
  type CheckFileResult,
  type LoadedResult,
  SETTINGS_FILE_MAX_BYTES,
  settingsFileSizeMessage,
} from '../../../shared/contracts/settings-files';
import { diffMenus, keyRecipesByName } from '../../../shared/domain/menu';
import type { OvenType } from '../../../shared/domain/oven-models';
import type { Actor } from '../../../shared/domain/permissions';
import { settingsToSnapshot } from '../../../shared/domain/settings-file/menu';
import { fileChecksum } from '../../../shared/domain/settings-file/sniff';
import { countSaid } from '../../../shared/domain/words';
import { english } from '../../../shared/i18n/english';
import { dated, said } from '../../../shared/i18n/said';
import { menuVersions, ovenSightings, settingsFingerprints } from '../../db/schema/index';
import { scopeOf } from '../../db/scope';
import { publishEvents } from '../../db/webhook-events';
import { codec } from '../../lib/codec-pool';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { lineOut } from '../../lib/said-out';
import { currentMenuSnapshot, ownOven } from '../ovens';
import { type FileDeps, refusedFile, type SettingsBuilder } from './settings-file-build';

/** What an oven is running: a file copied off it, checked; or the last download, reported loaded. */
export function createSettingsChecks(deps: FileDeps, files: SettingsBuilder) {
  const { db, now } = deps;
  const { latestVersion } = files;
  return {
    /**
     * A manager says the oven's last downloaded file is on it now: recorded as a sighting of that file, so the
     * fleet page counts the oven as running it (a file copied off the oven later is the stronger proof).
     */
    async markLoaded(actor: Actor, ovenId: number): Promise<LoadedResult> {
      const oven = await ownOven(db, scopeOf(actor), ovenId);
      const [last] = await db
        .select({
          checksum: settingsFingerprints.checksum,
          versionId: settingsFingerprints.versionId,
          at: settingsFingerprints.createdAt,
          name: menuVersions.name,
        })
        .from(settingsFingerprints)
        .leftJoin(menuVersions, eq(menuVersions.id, settingsFingerprints.versionId))
        .where(eq(settingsFingerprints.ovenId, oven.id))
        .orderBy(desc(settingsFingerprints.id))
        .limit(1);
      if (!last)
        throw ValidationError.field('oven', said('ruleMessages.neverDownloaded', { oven: oven.name }));
      const seenAt = now();
      const result = {
        version: last.versionId !== null ? (last.name ?? null) : null,
        downloaded_at: last.at.toISOString(),
        seen_at: seenAt.toISOString(),
      };
      await db.transaction(async (tx) => {
        await tx.insert(ovenSightings).values({
          ovenId: oven.id,
          checksum: last.checksum,
          versionId: last.versionId,
          seenBy: actor.id,
          seenAt,
          source: 'reported',
        });
        await publishEvents(tx, {
          event: 'oven.checked',
          ovenId: oven.id,
          userId: actor.id,
          data: {
            source: 'reported',
            recognized: true,
            running_version: last.versionId !== null ? { id: last.versionId, name: last.name ?? null } : null,
            downloaded_at: result.downloaded_at,
            seen_at: result.seen_at,
          },
        });
      });
      return result;
    },

    /**
     * A file copied off one of your ovens: recognised by its checksum when Hearth handed it out (which version,
     * and when), else compared with the oven's latest version (or its current menu). Either way the oven is
     * recorded as seen running it now.
     */
    async checkFile(actor: Actor, ovenId: number, data: string): Promise<CheckFileResult> {
      const oven = await ownOven(db, scopeOf(actor), ovenId);
      const bytes = new TextEncoder().encode(data);
      if (bytes.length > SETTINGS_FILE_MAX_BYTES)
        throw new PayloadTooLargeError(settingsFileSizeMessage(bytes.length)!);
      const parsed = await codec.parse(bytes, { expectedType: oven.type as OvenType });
      if (!parsed.ok) throw refusedFile(parsed.errors);
      const checksum = fileChecksum(data) ?? '';
      const seenAt = now();
      const [known] = await db
        .select({ at: settingsFingerprints.createdAt, versionId: menuVersions.id, name: menuVersions.name })
        .from(settingsFingerprints)
        .leftJoin(menuVersions, eq(menuVersions.id, settingsFingerprints.versionId))
        .where(and(eq(settingsFingerprints.ovenId, oven.id), eq(settingsFingerprints.checksum, checksum)))
        .orderBy(desc(settingsFingerprints.id))
        .limit(1);
      let result: CheckFileResult;
      if (known) {
        const version = known.versionId !== null ? { id: known.versionId, name: known.name! } : null;
        const says = version
          ? said('ruleMessages.checkVersion', { name: version.name, date: dated(known.at) })
          : said('ruleMessages.checkDownloaded', { date: dated(known.at) });
        result = {
          recognized: true,
          message: english(says),
          said: says,
          version,
          downloaded_at: known.at.toISOString(),
          lines: [],
          seen_at: seenAt.toISOString(),
        };
      } else {
        const latest = await latestVersion(oven.id);
        const base = latest
          ? { tree: latest.tree, recipes: latest.recipes }
          : await currentMenuSnapshot(db, oven.id, oven.type);
        const names = new Map<string, number>();
        const diff = diffMenus(
          keyRecipesByName(base, names),
          keyRecipesByName(settingsToSnapshot(parsed.settings), names),
        );
        const against = latest
          ? said('ruleParts.againstLatest', { name: latest.name })
          : said('ruleParts.againstCurrent');
        const n = diff.lines.length;
        const says =
          n === 0
            ? said('ruleMessages.checkSame', { against })
            : said('ruleMessages.checkDiffers', { against, count: countSaid(n, 'place') });
        result = {
          recognized: false,
          message: english(says),
          said: says,
          version: latest ? { id: latest.id, name: latest.name } : null,
          downloaded_at: null,
          lines: diff.lines.map(lineOut),
          seen_at: seenAt.toISOString(),
        };
      }
      await db.transaction(async (tx) => {
        await tx.insert(ovenSightings).values({
          ovenId: oven.id,
          checksum,
          versionId: result.recognized ? (result.version?.id ?? null) : null,
          seenBy: actor.id,
          seenAt,
        });
        // Which version the oven runs: the one recognised, or none (a file Hearth did not hand out).
        await publishEvents(tx, {
          event: 'oven.checked',
          ovenId: oven.id,
          userId: actor.id,
          data: {
            source: 'file',
            recognized: result.recognized,
            running_version: result.recognized ? result.version : null,
            differences: result.lines.length,
            downloaded_at: result.downloaded_at,
            seen_at: result.seen_at,
          },
        });
      });
      return result;
    },
  };
}
