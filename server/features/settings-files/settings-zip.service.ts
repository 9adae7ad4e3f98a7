import { and, eq, inArray } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import type { SettingsZip } from '../../../shared/contracts/settings-files';
import { FLEET_BATCH_MAX, folderName, uniqueFolderNames } from '../../../shared/domain/fleet';
import type { Actor } from '../../../shared/domain/permissions';
import { countOf } from '../../../shared/domain/words';
import type { Language } from '../../../shared/i18n/languages';
import { createDownloadStore } from '../../db/download-store';
import { ownLocationRef, ownOvensRef } from '../../db/location-store';
import { locations, ovens, settingsFingerprints } from '../../db/schema/index';
import { inScope, scopeOf } from '../../db/scope';
import { recordActivity } from '../../db/team-activity-store';
import { ValidationError } from '../../lib/errors';
import { nextTurn } from '../../lib/in-turns';
import type { Built, FileDeps, Fingerprint, SettingsBuilder } from './settings-file-build';
import { type ChecklistStick, usbChecklistPdf } from './usb-checklist.pdf';

/**
 * A zip of many files built one file a turn (fflate's streaming writer, deflated on this thread): 200 ovens' files
 * in one `zipSync` held the event loop for the whole compression.
 */
async function zipInTurns(files: Record<string, Uint8Array>, mtime: Date): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const writer = new Zip((error, data) => {
    if (error) failure = error;
    else parts.push(data);
  });
  for (const [path, bytes] of Object.entries(files)) {
    const file = new ZipDeflate(path, { level: 6 });
    file.mtime = mtime;
    writer.add(file);
    file.push(bytes, true);
    await nextTurn();
  }
  writer.end();
  if (failure) throw failure;
  return Buffer.concat(parts);
}

/** The settings files of many ovens as one zip, with the USB checklist. */
export function createSettingsZip(deps: FileDeps & { provider: string }, files: SettingsBuilder) {
  const { db, now } = deps;
  const { build, fingerprintOf } = files;

  /** The ovens a zip takes: some of the user's, or a location's; at most FLEET_BATCH_MAX on either path. */
  async function zipTargets(actor: Actor, input: { oven_ids?: number[]; location_id?: number }) {
    if (input.location_id === undefined) return ownOvensRef(db, scopeOf(actor), input.oven_ids ?? []);
    const place = await ownLocationRef(db, scopeOf(actor), input.location_id);
    const targets = await db
      .select({ id: ovens.id, name: ovens.name, locationId: ovens.locationId })
      .from(ovens)
      .where(and(inScope.ovens(scopeOf(actor)), eq(ovens.locationId, place.id)))
      .limit(FLEET_BATCH_MAX + 1);
    if (targets.length === 0) throw ValidationError.field('location_id', `${place.name} has no ovens.`);
    if (targets.length > FLEET_BATCH_MAX)
      throw ValidationError.field(
        'location_id',
        `${place.name} has more than ${FLEET_BATCH_MAX} ovens; one zip holds at most ${FLEET_BATCH_MAX}. Choose ovens from it on the Fleet page.`,
      );
    return targets;
  }

  return {
    /**
     * The settings files of many ovens as one zip: a folder per location, in it a folder per oven numbered by USB
     * stick, holding the file under the exact name the oven looks for; and the printable checklist of which stick
     * goes to which oven (in the zip and on its own). Every file is built and checked as a single download is; one
     * that fails refuses the whole zip, naming the oven.
     */
    /** Checks a zip's body and answers the ovens it takes, before a job is queued for it. */
    async zipOvens(actor: Actor, input: { oven_ids?: number[]; location_id?: number }): Promise<number[]> {
      return (await zipTargets(actor, input)).map((t) => t.id);
    },

    async buildZip(
      actor: Actor & { username?: string; language?: Language | null },
      input: { ovenIds: number[]; sessionHash: string },
      step: (done: number, total: number) => Promise<void> = async () => {},
    ): Promise<SettingsZip> {
      const targets = await ownOvensRef(db, scopeOf(actor), input.ovenIds);
      const placeIds = [...new Set(targets.map((t) => t.locationId).filter((id) => id !== null))];
      const places = placeIds.length
        ? await db.select().from(locations).where(inArray(locations.id, placeIds))
        : [];
      const placeName = new Map(places.map((p) => [p.id, p.name]));
      const NONE = 'No location';
      const ordered = [...targets].sort((a, b) => {
        const pa = a.locationId === null ? null : (placeName.get(a.locationId) ?? '');
        const pb = b.locationId === null ? null : (placeName.get(b.locationId) ?? '');
        if (pa !== pb) return pa === null ? 1 : pb === null ? -1 : pa.localeCompare(pb);
        return a.name.localeCompare(b.name) || a.id - b.id;
      });
      const placeKeys = [...new Set(ordered.map((o) => o.locationId))];
      const placeFolders = uniqueFolderNames(
        placeKeys.map((k) => (k === null ? NONE : (placeName.get(k) ?? NONE))),
        NONE,
      );
      const folders = new Map(placeKeys.map((key, i) => [key, placeFolders[i]!]));
      const pad = String(ordered.length).length < 2 ? 2 : String(ordered.length).length;
      const files: Record<string, Uint8Array> = {};
      const sticks: ChecklistStick[] = [];
      const out: SettingsZip['ovens'] = [];
      const prints: Fingerprint[] = [];
      for (const [i, target] of ordered.entries()) {
        let built: Built;
        try {
          built = await build(actor, target.id);
        } catch (error) {
          if (error instanceof ValidationError)
            throw ValidationError.field(
              'oven_ids',
              `${target.name}: ${error.message} Nothing was downloaded.`,
            );
          throw error;
        }
        const stick = i + 1;
        const place = folders.get(target.locationId)!;
        const folder = `${place}/${String(stick).padStart(pad, '0')} ${folderName(target.name, `Oven ${target.id}`)}`;
        const path = `${folder}/${built.fileName}`;
        files[path] = built.bytes;
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
      const at = now();
      const day = at.toISOString().slice(0, 10);
      const checklist = await usbChecklistPdf({
        provider: deps.provider,
        sticks,
        printedAt: at,
        by: actor.username ?? 'a Hearth user',
        language: actor.language ?? undefined,
      });
      files['USB checklist.pdf'] = checklist;
      const zip = await zipInTurns(files, at);
      // All or nothing: the ovens count as downloaded only with the zip kept for its owner, in one transaction.
      return db.transaction(async (tx) => {
        if (prints.length > 0) await tx.insert(settingsFingerprints).values(prints);
        const store = createDownloadStore(tx, now);
        const keep = (fileName: string, bytes: Uint8Array) =>
          store
            .keep({ userId: actor.id, sessionHash: input.sessionHash, fileName, bytes })
            .then(({ file, name, size }) => ({ file, name, size }));
        const kept = await keep(`hearth-settings-${day}.zip`, zip);
        const list = await keep(`usb-checklist-${day}.pdf`, checklist);
        await recordActivity(
          tx,
          out.map((o) => ({
            userId: actor.id,
            action: 'settings.downloaded',
            summary: `Downloaded the settings file in a zip of ${countOf(out.length, 'oven')} (USB stick ${o.stick})`,
            ovenId: o.id,
          })),
        );
        return { ...kept, checklist: list, ovens: out };
      });
    },
  };
}
