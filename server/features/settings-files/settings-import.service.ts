import type { RecipeData } from '../../../shared/contracts/recipes';
import {
  type ImportStats,
  SETTINGS_FILE_MAX_BYTES,
  settingsFileSizeMessage,
} from '../../../shared/contracts/settings-files';
import { recipeSignature } from '../../../shared/domain/import';
import { buttonCount, categoryCount, type MenuTree, recipeButtons } from '../../../shared/domain/menu';
import type { OvenType } from '../../../shared/domain/oven-models';
import { type Actor, limitedToLocations } from '../../../shared/domain/permissions';
import { settingsToMenu } from '../../../shared/domain/settings-file/menu';
import { settingsFileName } from '../../../shared/domain/settings-file/serialize';
import type { SettingsRecipe } from '../../../shared/domain/settings-file/types';
import { said } from '../../../shared/i18n/said';
import type { ActivityRecorder } from '../../db/activity-store';
import { ownLocationRef } from '../../db/location-store';
import { insertRecipesBulk, lockTeam, ownRecipesNamed } from '../../db/recipe-store';
import { ownerColumns, scopeOf } from '../../db/scope';
import { codec } from '../../lib/codec-pool';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { mapInTurns } from '../../lib/in-turns';
import { createOvenWithMenu } from '../ovens';
import { type FileDeps, refusedFile } from './settings-file-build';

function recipeData(type: OvenType, r: SettingsRecipe): RecipeData {
  // The reader checked every value with the same domain rules as the recipe form; only the types are narrowed.
  return { ...r, oven_type: type } as RecipeData;
}

function countMenu(tree: MenuTree): ImportStats['menu'] {
  return { screens: tree.screens.length, categories: categoryCount(tree), buttons: buttonCount(tree) };
}

/** Importing an oven from the settings file copied off it. */
export function createSettingsImport(deps: FileDeps & { activity: ActivityRecorder }) {
  const { db, now } = deps;
  return {
    /**
     * Spec §5 import: the file read with the codec against the chosen type; recipes whose name and stages are
     * already in the user's recipes of that type (or earlier in the file) are skipped and their buttons point at
     * the one kept; the oven, its menu and the new recipes are written in one transaction.
     */
    async importFile(
      actor: Actor,
      input: { oven_name: string; oven_type: OvenType; bytes: Uint8Array; location_id?: number },
    ): Promise<ImportStats> {
      const locationId = await importLocation(db, actor, input.location_id);
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
        await lockTeam(tx, ownerColumns(scopeOf(actor)).teamId);
        const existing = await ownRecipesNamed(
          tx,
          scopeOf(actor),
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
          { ...ownerColumns(scopeOf(actor)), createdBy: actor.id, at: now() },
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
          scope: scopeOf(actor),
          userId: actor.id,
          name: input.oven_name,
          type,
          warmUps: settings.warmUps,
          tree,
          locationId,
          action: 'imported',
          summary: said('ruleMessages.imported', { oven: input.oven_name, file: settingsFileName(settings) }),
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
  };
}

/**
 * Where an imported oven stands: the location asked for, if the importer reaches it; a store manager, who sees only
 * their locations' ovens, must give one of theirs (their only one is taken without asking).
 */
async function importLocation(db: FileDeps['db'], actor: Actor, locationId: number | undefined) {
  const team = actor.team;
  if (locationId !== undefined) return (await ownLocationRef(db, scopeOf(actor), locationId)).id;
  if (!team || !limitedToLocations(team.role)) return null;
  if (team.location_ids.length === 1) return team.location_ids[0]!;
  throw ValidationError.field('location_id', said('ruleMessages.chooseOwnLocation'));
}
