import { desc, eq } from 'drizzle-orm';
import { diffMenus } from '../../../shared/domain/menu';
import type { Actor } from '../../../shared/domain/permissions';
import { menuToSettings } from '../../../shared/domain/settings-file/menu';
import { ovenSettingsOf } from '../../../shared/domain/settings-file/oven-file';
import { problemLine, problemsSummary } from '../../../shared/domain/settings-file/problems';
import { settingsFileName } from '../../../shared/domain/settings-file/serialize';
import { fileChecksum } from '../../../shared/domain/settings-file/sniff';
import type { SettingsFileError } from '../../../shared/domain/settings-file/types';
import type { Db } from '../../db/client';
import { recipesByIds } from '../../db/recipe-store';
import { menuVersions } from '../../db/schema/index';
import { scopeOf } from '../../db/scope';
import { codec } from '../../lib/codec-pool';
import { ValidationError } from '../../lib/errors';
import { problemOut } from '../../lib/said-out';
import { loadMenu, ownOven, recipeSnapshot } from '../ovens';

/** What every job of this feature is given: the database and the clock. */
export interface FileDeps {
  db: Db;
  now: () => Date;
}

/** A refused file: every problem with its line, column and field, and the first few as the field's messages. */
export function refusedFile(problems: SettingsFileError[]): ValidationError {
  return new ValidationError(
    problemsSummary(problems),
    { data: problems.slice(0, 3).map(problemLine) },
    { problems: problems.map(problemOut) },
  );
}

/**
 * What the jobs of this feature share: an oven built as its settings file, and the fingerprint that recognises the
 * file later.
 */
export function createSettingsBuilder(deps: FileDeps) {
  const { db, now } = deps;

  /**
   * The oven as its settings file, built by the codec and read back by the same reader an import uses before it
   * is handed out: a file Hearth gives to an oven has passed every rule.
   */
  async function build(actor: Actor, ovenId: number) {
    const oven = await ownOven(db, scopeOf(actor), ovenId);
    const tree = await loadMenu(db, oven.id, oven.type);
    const found = await recipesByIds(db, menuToSettings(tree).recipeIds);
    const { settings, recipeIds } = ovenSettingsOf(oven, tree, (id) => found.get(id));
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

  return { build, latestVersion, fingerprintOf };
}

export type SettingsBuilder = ReturnType<typeof createSettingsBuilder>;
export type Built = Awaited<ReturnType<SettingsBuilder['build']>>;
export type Fingerprint = NonNullable<Awaited<ReturnType<SettingsBuilder['fingerprintOf']>>['row']>;
