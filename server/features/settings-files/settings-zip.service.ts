import { and, eq, inArray } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import type { SettingsZip } from '../../../shared/contracts/settings-files';
import { FLEET_BATCH_MAX, folderName, uniqueFolderNames } from '../../../shared/domain/fleet';
import type { Actor } from '../../../shared/domain/permissions';
import { countSaid } from '../../../shared/domain/words';
import type { Language } from '../../../shared/i18n/languages';
import { said } from '../../../shared/i18n/said';
import { createDownloadStore, type DownloadStore } from '../../db/download-store';
import { ownLocationRef, ownOvensRef } from '../../db/location-store';
import { locations, ovens, settingsFingerprints } from '../../db/schema/index';
import { inScope, scopeOf } from '../../db/scope';
import { recordActivity } from '../../db/team-activity-store';
import { ValidationError } from '../../lib/errors';
import type { Built, FileDeps, Fingerprint, SettingsBuilder } from './settings-file-build';
import { type ChecklistStick, usbChecklistPdf } from './usb-checklist.pdf';

/** A part of the zip is written once this much is waiting, or this long after the last part. */
const PART_BYTES = 256 * 1024;
const PART_MS = 250;

/**
 * A zip written as it is built: fflate's streaming writer deflates one file at a time on this thread, and what
 * it has written goes to the download store in parts (the first oven's at once, then every PART_BYTES or PART_MS),
 * so no process holds the whole zip and its download can start before the last oven is built.
 */
function partWriter(store: DownloadStore, token: string, mtime: Date) {
  let waiting: Uint8Array[] = [];
  let waitingBytes = 0;
  let size = 0;
  let seq = 0;
  let lastPart = Date.now();
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else {
      waiting.push(data);
      waitingBytes += data.length;
    }
  });
  async function flush(): Promise<void> {
    if (failure) throw failure;
    if (waitingBytes === 0) return;
    const part = Buffer.concat(waiting);
    waiting = [];
    waitingBytes = 0;
    size += part.length;
    lastPart = Date.now();
    await store.appendPart(token, seq++, part);
  }
  return {
    /** Adds a file and writes a part when enough is waiting (always after the first file). */
    async add(path: string, bytes: Uint8Array): Promise<void> {
      const file = new ZipDeflate(path, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
      if (seq === 0 || waitingBytes >= PART_BYTES || Date.now() - lastPart >= PART_MS) await flush();
    },
    /** Writes the zip's directory; answers its whole size once the last part is written. */
    async end(): Promise<number> {
      zip.end();
      await flush();
      return size;
    },
  };
}

const day = (at: Date) => at.toISOString().slice(0, 10);
/** "hearth-settings-2026-11-28.zip", or with the location it is of: "hearth-settings-Main St-2026-11-28.zip". */
const zipName = (at: Date, place?: string) =>
  `hearth-settings-${place ? `${folderName(place, 'location')}-` : ''}${day(at)}.zip`;

/**
 * An oven whose menu holds no recipe would get a file that empties the oven's menu: a zip leaves it out and says
 * why (the crew must not load it), rather than refusing the whole store's zip.
 */
export const EMPTY_MENU = 'empty_menu' as const;

/** The settings files of many ovens as one zip, with the USB checklist. */
export function createSettingsZip(
  deps: FileDeps & { provider: string; timeZone: string },
  files: SettingsBuilder,
) {
  const { db, now } = deps;
  const { build, fingerprintOf } = files;

  /** The ovens a zip takes: some of the user's, or a location's; at most FLEET_BATCH_MAX on either path. */
  async function zipTargets(actor: Actor, input: { oven_ids?: number[]; location_id?: number }) {
    if (input.location_id === undefined)
      return { targets: await ownOvensRef(db, scopeOf(actor), input.oven_ids ?? []), place: null };
    const place = await ownLocationRef(db, scopeOf(actor), input.location_id);
    const targets = await db
      .select({ id: ovens.id, name: ovens.name, locationId: ovens.locationId })
      .from(ovens)
      .where(and(inScope.ovens(scopeOf(actor)), eq(ovens.locationId, place.id)))
      .limit(FLEET_BATCH_MAX + 1);
    if (targets.length === 0)
      throw ValidationError.field('location_id', said('ruleMessages.placeNoOvens', { place: place.name }));
    if (targets.length > FLEET_BATCH_MAX)
      throw ValidationError.field(
        'location_id',
        said('ruleMessages.placeTooManyZip', { place: place.name, n: FLEET_BATCH_MAX, max: FLEET_BATCH_MAX }),
      );
    return { targets, place };
  }

  return {
    /**
     * Checks a zip's body and answers the ovens it takes, and the location it is of (named in the zip's file name),
     * before a job is queued for it.
     */
    async zipOvens(
      actor: Actor,
      input: { oven_ids?: number[]; location_id?: number },
    ): Promise<{ ovenIds: number[]; place: string | null }> {
      const { targets, place } = await zipTargets(actor, input);
      return { ovenIds: targets.map((t) => t.id), place: place?.name ?? null };
    },

    /** The zip's address before it is built: its download streams the parts as they are written. */
    async startZip(actor: Actor, sessionHash: string, place: string | null = null, at = now()) {
      return createDownloadStore(db, now).start({
        userId: actor.id,
        sessionHash,
        teamId: actor.team?.id ?? null,
        fileName: zipName(at, place ?? undefined),
      });
    },

    /** A zip whose job was never queued. */
    async discardZip(token: string): Promise<void> {
      await createDownloadStore(db, now).discard(token);
    },

    /**
     * The settings files of many ovens as one zip: a folder per location, in it a folder per oven numbered by USB
     * stick, holding the file under the exact name the oven looks for; and the printable checklist of which stick
     * goes to which oven (in the zip and on its own). Every file is built and checked as a single download is; one
     * that fails refuses the whole zip, naming the oven.
     *
     * The zip is written in parts as it is built (at the address `startZip` gave, when given): its download can
     * start at once, and the ovens count as downloaded only when the last part is written.
     */
    async buildZip(
      actor: Actor & { username?: string; language?: Language | null },
      input: { ovenIds: number[]; sessionHash: string; token?: string; fileName?: string },
      step: (done: number, total: number) => Promise<void> = async () => {},
    ): Promise<SettingsZip> {
      const store = createDownloadStore(db, now);
      const at = now();
      const started = await store.start({
        userId: actor.id,
        sessionHash: input.sessionHash,
        teamId: actor.team?.id ?? null,
        fileName: input.fileName ?? zipName(at),
        token: input.token,
      });
      try {
        return await writeZip(
          actor,
          { ...input, token: started.token, fileName: started.name },
          store,
          at,
          step,
        );
      } catch (error) {
        // All or nothing: a zip that failed leaves no file, and a download streaming it is cut off.
        await store.discard(started.token);
        throw error;
      }
    },
  };

  async function writeZip(
    actor: Actor & { username?: string; language?: Language | null },
    input: { ovenIds: number[]; sessionHash: string; token: string; fileName: string },
    store: DownloadStore,
    at: Date,
    step: (done: number, total: number) => Promise<void>,
  ): Promise<SettingsZip> {
    const targets = await ownOvensRef(db, scopeOf(actor), input.ovenIds);
    const placeIds = [...new Set(targets.map((t) => t.locationId).filter((id) => id !== null))];
    const places = placeIds.length
      ? await db.select().from(locations).where(inArray(locations.id, placeIds))
      : [];
    const placeName = new Map(places.map((p) => [p.id, p.name]));
    const NONE = 'No location';
    // As the Fleet page lists them, by the keys the rows carry: by location (none last; one location's ovens
    // together), then name, numbers by value.
    const byKey = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    const ordered = [...targets].sort((a, b) => {
      if (a.locationId !== b.locationId) {
        if (a.locationSort === null || b.locationSort === null) return a.locationSort === null ? 1 : -1;
        return byKey(a.locationSort, b.locationSort) || (a.locationId ?? 0) - (b.locationId ?? 0);
      }
      return byKey(a.sortKey, b.sortKey) || a.id - b.id;
    });
    const placeKeys = [...new Set(ordered.map((o) => o.locationId))];
    const placeFolders = uniqueFolderNames(
      placeKeys.map((k) => (k === null ? NONE : (placeName.get(k) ?? NONE))),
      NONE,
    );
    const folders = new Map(placeKeys.map((key, i) => [key, placeFolders[i]!]));
    const pad = String(ordered.length).length < 2 ? 2 : String(ordered.length).length;
    const writer = partWriter(store, input.token, at);
    const sticks: ChecklistStick[] = [];
    const out: SettingsZip['ovens'] = [];
    const skipped: SettingsZip['skipped'] = [];
    const prints: Fingerprint[] = [];
    for (const [i, target] of ordered.entries()) {
      let built: Built;
      try {
        built = await build(actor, target.id);
      } catch (error) {
        if (error instanceof ValidationError)
          throw ValidationError.field(
            'oven_ids',
            said('ruleMessages.zipOvenFailed', { oven: target.name, reason: error.message }),
          );
        throw error;
      }
      if (built.recipeIds.length === 0) {
        skipped.push({
          id: target.id,
          name: built.oven.name,
          location: target.locationId === null ? null : (placeName.get(target.locationId) ?? null),
          reason: EMPTY_MENU,
        });
        await step(i + 1, ordered.length);
        continue;
      }
      // Sticks are numbered over the ovens in the zip: a left-out oven takes no stick.
      const stick = out.length + 1;
      const place = folders.get(target.locationId)!;
      const folder = `${place}/${String(stick).padStart(pad, '0')} ${folderName(target.name, `Oven ${target.id}`)}`;
      const path = `${folder}/${built.fileName}`;
      await writer.add(path, built.bytes);
      const { row, version } = await fingerprintOf(actor, built);
      if (row) prints.push(row);
      sticks.push({
        stick,
        location: target.locationId === null ? NONE : (placeName.get(target.locationId) ?? NONE),
        oven: built.oven.name,
        type: built.oven.type,
        folder,
        fileName: built.fileName,
        version,
      });
      out.push({ id: built.oven.id, name: built.oven.name, stick, path, version });
      await step(i + 1, ordered.length);
    }
    if (out.length === 0)
      throw ValidationError.field(
        'oven_ids',
        said('ruleMessages.zipAllEmpty', { ovens: countSaid(skipped.length, 'oven') }),
      );
    const checklist = await usbChecklistPdf({
      provider: deps.provider,
      sticks,
      skipped,
      printedAt: at,
      timeZone: deps.timeZone,
      by: actor.username ?? 'a Hearth user',
      language: actor.language ?? undefined,
    });
    await writer.add('USB checklist.pdf', checklist);
    const size = await writer.end();
    // All or nothing: the ovens count as downloaded only with the zip complete and kept for its owner, in one
    // transaction; until then its download streams what is written and waits for the rest.
    return db.transaction(async (tx) => {
      if (prints.length > 0) await tx.insert(settingsFingerprints).values(prints);
      const kept = createDownloadStore(tx, now);
      await kept.complete(input.token, size);
      const list = await kept.keep({
        userId: actor.id,
        sessionHash: input.sessionHash,
        teamId: actor.team?.id ?? null,
        fileName: `usb-checklist-${day(at)}.pdf`,
        bytes: checklist,
      });
      await recordActivity(
        tx,
        out.map((o) => ({
          userId: actor.id,
          action: 'settings.downloaded',
          summary: said('ruleMessages.downloadedZip', {
            ovens: countSaid(out.length, 'oven'),
            stick: o.stick,
          }),
          ovenId: o.id,
        })),
      );
      return {
        file: `${input.token}/${input.fileName}`,
        name: input.fileName,
        size,
        checklist: { file: list.file, name: list.name, size: list.size },
        ovens: out,
        skipped,
      };
    });
  }
}
