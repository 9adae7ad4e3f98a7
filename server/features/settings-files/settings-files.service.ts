import { and, desc, eq, inArray } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import type { RecipeData, RecipeDetail } from '../../../shared/contracts/recipes';
import type { CheckFileResult } from '../../../shared/contracts/settings-files';
import {
  type FileProblem,
  type ImportStats,
  type LoadedResult,
  SETTINGS_FILE_MAX_BYTES,
  type SettingsDownload,
  type SettingsZip,
  type ShareKind,
  type ShareResult,
  settingsFileSizeMessage,
} from '../../../shared/contracts/settings-files';
import { FLEET_BATCH_MAX, folderName, uniqueFolderNames } from '../../../shared/domain/fleet';
import { recipeSignature } from '../../../shared/domain/import';
import { buttonCount, categoryCount, type MenuTree, recipeButtons } from '../../../shared/domain/menu';
import { diffMenus, keyRecipesByName } from '../../../shared/domain/menu-diff';
import type { OvenType } from '../../../shared/domain/oven-models';
import type { Actor } from '../../../shared/domain/permissions';
import {
  menuToSettings,
  settingsToMenu,
  settingsToSnapshot,
} from '../../../shared/domain/settings-file/menu';
import { settingsFileName } from '../../../shared/domain/settings-file/serialize';
import { fileChecksum } from '../../../shared/domain/settings-file/sniff';
import type { OvenSettings, SettingsRecipe } from '../../../shared/domain/settings-file/types';
import type { TemperatureUnit } from '../../../shared/domain/temperature';
import type { ActivityRecorder } from '../../db/activity-store';
import type { Db } from '../../db/client';
import { createDownloadStore } from '../../db/download-store';
import { ownLocationRef, ownOvensRef } from '../../db/location-store';
import { currentMenuSnapshot, recipeSnapshot } from '../../db/menu-snapshot';
import { createOvenWithMenu, loadMenu, ownOven } from '../../db/menu-store';
import { insertRecipesBulk, lockUser, ownRecipesNamed, recipesByIds } from '../../db/recipe-store';
import { locations, menuVersions, ovenSightings, ovens, settingsFingerprints } from '../../db/schema/index';
import { codec } from '../../lib/codec-pool';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { mapInTurns, nextTurn } from '../../lib/in-turns';
import type { Mailer } from '../../mail/mailer';
import { menuShareMail, settingsShareMail } from '../../mail/templates';
import { menuPdf } from './menu.pdf';
import { type ChecklistStick, usbChecklistPdf } from './usb-checklist.pdf';

/** Most mail servers refuse messages much above this; a larger menu PDF is refused with the reason. */
export const MAIL_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** A refused file: every problem with its line, column and field, and the first few as the field's messages. */
export function refusedFile(problems: FileProblem[]): ValidationError {
  const count = problems.length;
  const first = problems[0]!;
  const summary =
    count === 1
      ? `Line ${first.line}, ${first.field}: ${first.message}`
      : `The file has ${count >= 200 ? '200 or more' : count} problems. The first, on line ${first.line} (${first.field}): ${first.message}`;
  return new ValidationError(
    summary,
    { data: problems.slice(0, 3).map((p) => `Line ${p.line}, column ${p.column}, ${p.field}: ${p.message}`) },
    { problems },
  );
}

function recipeData(type: OvenType, r: SettingsRecipe): RecipeData {
  // The reader checked every value with the same domain rules as the recipe form; only the types are narrowed.
  return { ...r, oven_type: type } as RecipeData;
}

function settingsRecipe(r: RecipeDetail): SettingsRecipe {
  return {
    name: r.name,
    product_name: r.product_name,
    set_temp: r.set_temp,
    category: r.category,
    starting_state: r.starting_state,
    icon: r.icon,
    dish_type: r.dish_type,
    brand: r.brand,
    sku: r.sku,
    weight: r.weight,
    quantity: r.quantity,
    ingredients: r.ingredients,
    outcome_attributes: r.outcome_attributes,
    procedure: r.procedure,
    outcome: r.outcome,
    stages: r.stages,
    events: r.events,
  };
}

function countMenu(tree: MenuTree): ImportStats['menu'] {
  return { screens: tree.screens.length, categories: categoryCount(tree), buttons: buttonCount(tree) };
}

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

export function createSettingsFilesService(deps: {
  db: Db;
  activity: ActivityRecorder;
  mailer: Mailer;
  provider: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The oven as its settings file, built by the codec and read back by the same reader an import uses before it
   * is handed out: a file Hearth gives to an oven has passed every rule.
   */
  async function build(actor: Actor, ovenId: number) {
    const oven = await ownOven(db, actor.id, ovenId);
    const tree = await loadMenu(db, oven.id, oven.type);
    const { screens, categories, recipeIds } = menuToSettings(tree);
    const found = await recipesByIds(db, recipeIds);
    const settings: OvenSettings = {
      type: oven.type as OvenType,
      name: oven.name,
      warmUps: oven.warmUps,
      recipes: recipeIds.map((id) => settingsRecipe(found.get(id)!)),
      screens,
      categories,
    };
    const { bytes, problems } = await codec.write(settings);
    if (problems.length > 0) throw refusedFile(problems);
    return { oven, tree, recipes: found, recipeIds, bytes, fileName: settingsFileName(settings) };
  }
  type Built = Awaited<ReturnType<typeof build>>;

  async function latestVersion(ovenId: number) {
    const [row] = await db
      .select()
      .from(menuVersions)
      .where(eq(menuVersions.ovenId, ovenId))
      .orderBy(desc(menuVersions.id))
      .limit(1);
    return row;
  }

  /**
   * The file's fingerprint, with the named version the menu is at (if it is one), to recognise the file later;
   * and that version's name. Recorded by the caller together with the file it hands over.
   */
  async function fingerprintOf(actor: Actor, built: Built) {
    const checksum = fileChecksum(new TextDecoder().decode(built.bytes));
    if (!checksum) return { row: null, version: null };
    const latest = await latestVersion(built.oven.id);
    // The menu and recipes just built are the current ones: no second read of a menu of 30,000 recipes.
    const current = {
      tree: built.tree,
      recipes: Object.fromEntries([...built.recipes].map(([id, r]) => [id, recipeSnapshot(r)])),
    };
    const same =
      latest && diffMenus({ tree: latest.tree, recipes: latest.recipes }, current).lines.length === 0;
    return {
      row: {
        ovenId: built.oven.id,
        checksum,
        versionId: same ? latest.id : null,
        createdBy: actor.id,
        createdAt: now(),
      },
      version: same ? latest.name : null,
    };
  }
  type Fingerprint = NonNullable<Awaited<ReturnType<typeof fingerprintOf>>['row']>;

  const downloads = createDownloadStore(db, now);

  /** The ovens a zip takes: some of the user's, or a location's; at most FLEET_BATCH_MAX on either path. */
  async function zipTargets(actor: Actor, input: { oven_ids?: number[]; location_id?: number }) {
    if (input.location_id === undefined) return ownOvensRef(db, actor.id, input.oven_ids ?? []);
    const place = await ownLocationRef(db, actor.id, input.location_id);
    const targets = await db
      .select({ id: ovens.id, name: ovens.name, locationId: ovens.locationId })
      .from(ovens)
      .where(and(eq(ovens.ownerId, actor.id), eq(ovens.locationId, place.id)))
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
      actor: Actor & { username?: string },
      input: { ovenIds: number[]; sessionHash: string },
      step: (done: number, total: number) => Promise<void> = async () => {},
    ): Promise<SettingsZip> {
      const targets = await ownOvensRef(db, actor.id, input.ovenIds);
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
        return { ...kept, checklist: list, ovens: out };
      });
    },

    /**
     * A manager says the oven's last downloaded file is on it now: recorded as a sighting of that file, so the
     * fleet page counts the oven as running it (a file copied off the oven later is the stronger proof).
     */
    async markLoaded(actor: Actor, ovenId: number): Promise<LoadedResult> {
      const oven = await ownOven(db, actor.id, ovenId);
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
        throw ValidationError.field(
          'oven',
          `${oven.name}'s settings were never downloaded: download them first.`,
        );
      const seenAt = now();
      await db.insert(ovenSightings).values({
        ovenId: oven.id,
        checksum: last.checksum,
        versionId: last.versionId,
        seenBy: actor.id,
        seenAt,
        source: 'reported',
      });
      return {
        version: last.versionId !== null ? (last.name ?? null) : null,
        downloaded_at: last.at.toISOString(),
        seen_at: seenAt.toISOString(),
      };
    },

    /**
     * A file copied off one of your ovens: recognised by its checksum when Hearth handed it out (which version,
     * and when), else compared with the oven's latest version (or its current menu). Either way the oven is
     * recorded as seen running it now.
     */
    async checkFile(actor: Actor, ovenId: number, data: string): Promise<CheckFileResult> {
      const oven = await ownOven(db, actor.id, ovenId);
      const bytes = new TextEncoder().encode(data);
      if (bytes.length > SETTINGS_FILE_MAX_BYTES)
        throw new PayloadTooLargeError(settingsFileSizeMessage(bytes.length)!);
      const parsed = await codec.parse(bytes, { expectedType: oven.type as OvenType });
      if (!parsed.ok) throw refusedFile(parsed.errors);
      const checksum = fileChecksum(data) ?? '';
      const seenAt = now();
      const day = (d: Date) =>
        d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
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
        result = {
          recognized: true,
          message: version
            ? `This is version "${version.name}", downloaded on ${day(known.at)}.`
            : `This is the file downloaded on ${day(known.at)} (the menu was not saved as a version then).`,
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
        const against = latest ? `the latest version "${latest.name}"` : 'the current menu';
        const n = diff.lines.length;
        result = {
          recognized: false,
          message:
            n === 0
              ? `Hearth did not hand out this file, but it holds the same menu as ${against}.`
              : `This file was not downloaded from Hearth for this oven, and it differs from ${against} in ${n} place${n === 1 ? '' : 's'}.`,
          version: latest ? { id: latest.id, name: latest.name } : null,
          downloaded_at: null,
          lines: diff.lines,
          seen_at: seenAt.toISOString(),
        };
      }
      await db.insert(ovenSightings).values({
        ovenId: oven.id,
        checksum,
        versionId: result.recognized ? (result.version?.id ?? null) : null,
        seenBy: actor.id,
        seenAt,
      });
      return result;
    },

    /**
     * Spec §5 import: the file read with the codec against the chosen type; recipes whose name and stages are
     * already in the user's recipes of that type (or earlier in the file) are skipped and their buttons point at
     * the one kept; the oven, its menu and the new recipes are written in one transaction.
     */
    async importFile(
      actor: Actor,
      input: { oven_name: string; oven_type: OvenType; bytes: Uint8Array },
    ): Promise<ImportStats> {
      const tooBig = input.bytes.length > SETTINGS_FILE_MAX_BYTES;
      if (tooBig) throw new PayloadTooLargeError(settingsFileSizeMessage(input.bytes.length)!);
      const parsed = await codec.parse(input.bytes, { expectedType: input.oven_type });
      if (!parsed.ok) throw refusedFile(parsed.errors);
      const settings = parsed.settings;
      const type = input.oven_type;
      // A full MiLO holds 32,000 recipes: each pass over them lets other requests in between slices.
      const incoming = await mapInTurns(settings.recipes, (r) => recipeData(type, r));
      const signatures = await mapInTurns(incoming, recipeSignature);

      return db.transaction(async (tx) => {
        await lockUser(tx, actor.id);
        const existing = await ownRecipesNamed(
          tx,
          actor.id,
          type,
          incoming.map((r) => r.name),
        );
        const kept = new Map<string, number>();
        const existingSignatures = await mapInTurns(existing, recipeSignature);
        await mapInTurns(existing, (e, i) => {
          if (!kept.has(existingSignatures[i]!)) kept.set(existingSignatures[i]!, e.id);
        });
        const savedBefore = new Set(kept.keys());

        // Each recipe of the file: imported, or skipped in favour of one already saved or earlier in the file.
        const fresh: number[] = [];
        const skipped: { index: number; reason: 'already_saved' | 'repeated_in_file'; signature: string }[] =
          [];
        const firstInFile = new Map<string, number>();
        await mapInTurns(signatures, (signature, i) => {
          if (savedBefore.has(signature)) skipped.push({ index: i, reason: 'already_saved', signature });
          else if (firstInFile.has(signature))
            skipped.push({ index: i, reason: 'repeated_in_file', signature });
          else {
            firstInFile.set(signature, i);
            fresh.push(i);
          }
        });
        const ids = await insertRecipesBulk(
          tx,
          fresh.map((i) => incoming[i]!),
          { ownerId: actor.id, createdBy: actor.id, at: now() },
        );
        await deps.activity.created(tx, 'recipe_created', type, fresh.length);
        await deps.activity.created(tx, 'oven_created', type);
        fresh.forEach((i, n) => {
          kept.set(signatures[i]!, ids[n]!);
        });
        const idOf = (index: number) => kept.get(signatures[index]!)!;

        const tree = settingsToMenu(settings);
        // The file's buttons name recipes by their place in the file; they now point at the recipe kept.
        await mapInTurns(recipeButtons(tree), (b) => {
          b.recipe = { ...b.recipe, id: idOf(b.recipe.id - 1) };
        });
        const { oven } = await createOvenWithMenu(tx, {
          ownerId: actor.id,
          userId: actor.id,
          name: input.oven_name,
          type,
          warmUps: settings.warmUps,
          tree,
          action: 'imported',
          summary: `Imported ${input.oven_name} from ${settingsFileName(settings)}`,
        });
        return {
          imported_recipes: {
            recipes: await mapInTurns(fresh, (i, n) => ({
              id: ids[n]!,
              name: incoming[i]!.name,
              stages: incoming[i]!.stages,
            })),
            total: fresh.length,
          },
          not_imported_recipes: {
            recipes: await mapInTurns(skipped, (s) => ({
              id: kept.get(s.signature)!,
              name: incoming[s.index]!.name,
              stages: incoming[s.index]!.stages,
              reason: s.reason,
            })),
            total: skipped.length,
          },
          oven: { id: oven.id, name: oven.name, type: oven.type },
          menu: countMenu(tree),
        };
      });
    },

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
          ovenId: built.oven.id,
          fileName: built.fileName,
          bytes: built.bytes,
        });
        return { file, name, size };
      });
    },

    /**
     * The bytes a download token stands for, to the session that prepared them; NotFoundError when unknown,
     * expired, asked under another name or by another session.
     */
    async openDownload(
      token: string,
      fileName: string,
      sessionHash: string | null,
    ): Promise<{ fileName: string; bytes: Buffer }> {
      const found = await downloads.open(token, sessionHash, fileName);
      if (!found) throw new NotFoundError('Download');
      return found;
    },

    /**
     * Spec §7 GET /api/ovens/{kind}/{id}?email: the settings file, or the menu as a PDF, sent as an attachment.
     * The message is kept in the outbox first, so a mail server that is down loses nothing (DeliveryError).
     */
    /** Refuses a share of an oven that is not the user's before anything is queued (404). */
    async shareable(actor: Actor, ovenId: number): Promise<void> {
      await ownOven(db, actor.id, ovenId);
    },

    async share(
      actor: Actor & { username?: string; temperature_unit?: TemperatureUnit },
      kind: ShareKind,
      ovenId: number,
      to: string,
    ): Promise<ShareResult> {
      const built = await build(actor, ovenId);
      if (kind === 'settings') {
        await deps.mailer.send(
          settingsShareMail({
            provider: deps.provider,
            to,
            from: actor.username ?? 'A Hearth user',
            ovenName: built.oven.name,
            ovenType: built.oven.type,
            fileName: built.fileName,
            bytes: built.bytes,
          }),
        );
        return { sent: true, to, attachment: built.fileName };
      }
      const pdf = await menuPdf({
        provider: deps.provider,
        oven: built.oven,
        tree: built.tree,
        recipes: built.recipes,
        printedAt: now(),
        unit: actor.temperature_unit,
      });
      if (pdf.length > MAIL_ATTACHMENT_MAX_BYTES) {
        throw new PayloadTooLargeError(
          `The menu PDF of ${built.oven.name} is ${(pdf.length / 1048576).toFixed(1)} MB, more than the ${MAIL_ATTACHMENT_MAX_BYTES / 1048576} MB mail servers accept.`,
        );
      }
      const fileName = `${built.oven.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-menu.pdf`;
      await deps.mailer.send(
        menuShareMail({
          provider: deps.provider,
          to,
          from: actor.username ?? 'A Hearth user',
          ovenName: built.oven.name,
          ovenType: built.oven.type,
          fileName,
          bytes: pdf,
        }),
      );
      return { sent: true, to, attachment: fileName };
    },
  };
}

export type SettingsFilesService = ReturnType<typeof createSettingsFilesService>;
