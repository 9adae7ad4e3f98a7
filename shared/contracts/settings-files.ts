import { z } from 'zod';
import { isAddressLiteral } from '../domain/email';
import { FLEET_BATCH_MAX } from '../domain/fleet';
import { OVEN_TYPES } from '../domain/oven-models';
import { type Said, said } from '../i18n/said';
import { emailField } from './auth';
import { idParam, idValue, ovensOrLocation, saidLine, saidWire } from './common';
import { ovenName } from './ovens';
import { recipeDetail, stageData } from './recipes';
import { saying, zodMessage } from './zod-said';

/** Largest settings file accepted for import: the largest file the rules allow (a full MiLO) is about 15 MB. */
export const SETTINGS_FILE_MAX_BYTES = 24 * 1024 * 1024;
export const SETTINGS_FILE_MAX_LABEL = '24 MB';

export const NO_FILE_MESSAGE = said('ruleMessages.fileNone');

/** POST /api/files: the oven's name and type and the file read as text (spec §5 import). */
export const importSettingsRequest = z.object({
  oven_name: ovenName,
  oven_type: z.enum(OVEN_TYPES, { error: saying('rules.ovenType') }),
  // The size is checked by the service (a 413 naming the limit), the content by the settings-file reader.
  data: z.string({ error: zodMessage(NO_FILE_MESSAGE) }).min(1, zodMessage(NO_FILE_MESSAGE)),
  /** The location the oven stands in (a store manager imports into one of theirs). */
  location_id: idValue('The location id').optional(),
});
export type ImportSettingsRequest = z.input<typeof importSettingsRequest>;

/** The same import with the file as raw bytes (Content-Type: application/octet-stream): name and type ride in the query. */
export const importSettingsQuery = z.object({
  ...importSettingsRequest.pick({ oven_name: true, oven_type: true }).shape,
  location_id: z.coerce.number().int().positive().optional(),
});

/** One problem in a refused file, where it is and what it concerns. */
export const fileProblem = z.object({
  line: z.number().int(),
  column: z.number().int(),
  field: z.string(),
  message: z.string(),
  /** The field and the problem, said (English above). */
  field_said: saidWire,
  said: saidWire,
});
export type FileProblem = z.infer<typeof fileProblem>;

const statRecipe = z.object({ id: z.number().int(), name: z.string(), stages: z.array(stageData) });

/** Why a recipe of the file was not imported: it is already in My Recipes, or appears earlier in the file. */
export const SKIP_REASONS = ['already_saved', 'repeated_in_file'] as const;

/** Spec §3 import stats: imported_recipes and not_imported_recipes ({ recipes, total }) and the oven. */
export const importStats = z.object({
  imported_recipes: z.object({ recipes: z.array(statRecipe), total: z.number().int() }),
  not_imported_recipes: z.object({
    recipes: z.array(statRecipe.extend({ reason: z.enum(SKIP_REASONS) })),
    total: z.number().int(),
  }),
  oven: z.object({ id: z.number().int(), name: z.string(), type: z.string() }),
  /** What the menu holds: main screens, categories and buttons. */
  menu: z.object({ screens: z.number().int(), categories: z.number().int(), buttons: z.number().int() }),
});
export type ImportStats = z.infer<typeof importStats>;

export const fileIdParams = z.object({ id: idParam('The oven id') });

/** GET /api/files/{id}: the download path under /storage/settings/ (token/FILE), its name and size. */
export const settingsDownload = z.object({
  file: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type SettingsDownload = z.infer<typeof settingsDownload>;

export const SHARE_KINDS = ['settings', 'recipes'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

export const shareParams = z.object({
  kind: z.enum(SHARE_KINDS, { error: saying('ruleMessages.chooseShare') }),
  id: idParam('The oven id'),
});
/**
 * POST /api/ovens/{kind}/{id} with `{ email }` (spec §7 has it as a GET with `?email=`; sending mail is a write, so
 * it is a POST behind the CSRF check, and the GET answers 405 saying so). §5: 'Please input a valid email'.
 */
export const shareRequest = z.object({
  email: emailField(saying('rules.shareEmail'), saying('rules.shareEmail')).refine(
    (email) => !isAddressLiteral(email),
    saying('ruleMessages.mailDomain'),
  ),
});
export type ShareRequest = z.input<typeof shareRequest>;

/** A share that went out (a failure answers `message`, as every failure does). */
export const shareResult = z.object({ sent: z.literal(true), to: z.string(), attachment: z.string() });
export type ShareResult = z.infer<typeof shareResult>;

/** The client's check of a chosen file name against the oven type (spec §5 messages). */
export function settingsFileNameMessage(
  fileName: string | null,
  family: 'ai2' | 'rcp',
): { ok: boolean; said: Said } {
  if (!fileName) return { ok: false, said: NO_FILE_MESSAGE };
  const ok = fileName.toLowerCase().endsWith(`.${family}`);
  return ok
    ? { ok, said: said('ruleMessages.fileSelected', { name: fileName }) }
    : { ok, said: said('ruleMessages.fileWrongType', { name: fileName }) };
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The size rule, said the same way by the import form and the server's 413. */
export function settingsFileSizeMessage(bytes: number): Said | null {
  if (bytes === 0) return said('ruleMessages.fileEmpty');
  if (bytes > SETTINGS_FILE_MAX_BYTES)
    return said('ruleMessages.fileTooBig', { size: megabytes(bytes), max: SETTINGS_FILE_MAX_LABEL });
  return null;
}

/* ---------- What an oven runs ---------- */

/** POST /api/ovens/{id}/check-file: a settings file copied off this oven, read as text. */
export const checkFileRequest = importSettingsRequest.pick({ data: true });

export const checkFileResult = z.object({
  /** The file is one Hearth handed out for this oven. */
  recognized: z.boolean(),
  /** One sentence: which version and when, or how it differs. */
  message: z.string(),
  said: saidWire,
  /** The named version the file holds (recognised), or the one it was compared with. */
  version: z.object({ id: z.number(), name: z.string() }).nullable(),
  downloaded_at: z.string().nullable(),
  /** How the file differs from that version (empty when recognised). */
  lines: z.array(saidLine),
  seen_at: z.string(),
});
export type CheckFileResult = z.infer<typeof checkFileResult>;

/* ---------- Many ovens at once ---------- */

/** POST /api/files/zip: the settings files of these ovens, or of every oven in a location, as one zip. */
export const settingsZipRequest = ovensOrLocation(
  FLEET_BATCH_MAX,
  saying('ruleMessages.downloadMax', { n: FLEET_BATCH_MAX }),
  {},
);
export type SettingsZipRequest = z.input<typeof settingsZipRequest>;

const preparedFile = z.object({ file: z.string(), name: z.string(), size: z.number().int() });

export const settingsZip = preparedFile.extend({
  checklist: preparedFile,
  ovens: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      stick: z.number().int(),
      /** The file's path inside the zip: "<location>/<NN oven>/<file name the oven looks for>". */
      path: z.string(),
      version: z.string().nullable(),
    }),
  ),
  /** Ovens left out, and why: `empty_menu`, a menu with no recipe (its file would empty the oven's menu). */
  skipped: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      location: z.string().nullable(),
      reason: z.enum(['empty_menu']),
    }),
  ),
});
export type SettingsZip = z.infer<typeof settingsZip>;

/** POST /api/ovens/{id}/loaded: the oven's last downloaded file was loaded on it (a manager says so). */
export const loadedResult = z.object({
  version: z.string().nullable(),
  downloaded_at: z.string(),
  seen_at: z.string(),
});
export type LoadedResult = z.infer<typeof loadedResult>;

/** POST /api/ovens/{id}/downloaded: a file a tablet built offline, recorded once it is online again. */
export const offlineDownloadRequest = z.object({
  checksum: z.string().regex(/^[0-9a-f]{8}$/, zodMessage(said('ruleMessages.checksumFormat'))),
  built_at: z.iso.datetime({ offset: true }),
});
export type OfflineDownloadRequest = z.infer<typeof offlineDownloadRequest>;
export const offlineDownloadResult = z.object({
  /** The file is the one the oven's menu gives now (else the menu changed since the tablet built it). */
  current: z.boolean(),
  version: z.string().nullable(),
  downloaded_at: z.string(),
});
export type OfflineDownloadResult = z.infer<typeof offlineDownloadResult>;

/** GET /api/ovens/{id}/recipes: every recipe on the oven's menu, in the file's order. */
export const menuRecipesResponse = z.object({ data: z.array(recipeDetail) });
