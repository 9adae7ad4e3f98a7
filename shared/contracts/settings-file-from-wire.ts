import { ovenSettingsOf } from '../domain/settings-file/oven-file';
import { parseSettingsFile } from '../domain/settings-file/parse';
import { settingsFileName, writeSettingsFile } from '../domain/settings-file/serialize';
import { fileChecksum } from '../domain/settings-file/sniff';
import { asciiText } from '../domain/settings-file/writer';
import { menuFromWire } from './menu-wire';
import type { OvenDetail } from './ovens';
import type { RecipeDetail } from './recipes';

// Apart from the settings-files contract: the codec it pulls in loads only when a tablet builds a file offline.
/**
 * The oven's settings file from what the API sends (the oven and its menu's recipes), read back by the importer's
 * reader as the server does: what a tablet hands out offline, byte for byte the server's download.
 */
export function settingsFileFromWire(oven: OvenDetail, recipes: readonly RecipeDetail[]) {
  const byId = new Map(recipes.map((r) => [r.id, r]));
  const tree = menuFromWire(oven.screens, oven.type);
  const { settings, missing } = ovenSettingsOf(
    { name: oven.name, type: oven.type, warmUps: oven.warm_ups },
    tree,
    (id) => byId.get(id),
  );
  if (missing.length > 0) return { ok: false as const, missing };
  const bytes = writeSettingsFile(settings);
  const check = parseSettingsFile(bytes, { expectedType: settings.type });
  return {
    ok: true as const,
    bytes,
    fileName: settingsFileName(settings),
    problems: check.ok ? [] : check.errors,
    checksum: fileChecksum(asciiText(bytes)),
  };
}
