/** Importing recipes from a settings file (spec §5: recipes whose name and stages already exist are skipped). */
import { STAGE_SETTINGS, type Stage, stageSeconds } from './stage';

/** Identity of a recipe for import: its oven type, name and stages. */
export function recipeSignature(recipe: {
  oven_type: string;
  name: string;
  stages: readonly Stage[];
}): string {
  const stages = recipe.stages.map((s) =>
    [s.order, stageSeconds(s), ...STAGE_SETTINGS.map((key) => s[key])].join(':'),
  );
  return `${recipe.oven_type}|${recipe.name.trim().toLowerCase()}|${stages.join(';')}`;
}

/** Splits incoming recipes into those to import and those skipped as already present (or repeated in the file). */
export function partitionImport<T extends { oven_type: string; name: string; stages: readonly Stage[] }>(
  existing: readonly { oven_type: string; name: string; stages: readonly Stage[] }[],
  incoming: readonly T[],
): { imported: T[]; skipped: T[] } {
  const seen = new Set(existing.map(recipeSignature));
  const imported: T[] = [];
  const skipped: T[] = [];
  for (const recipe of incoming) {
    const sig = recipeSignature(recipe);
    if (seen.has(sig)) skipped.push(recipe);
    else {
      seen.add(sig);
      imported.push(recipe);
    }
  }
  return { imported, skipped };
}
