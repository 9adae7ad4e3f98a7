/** Importing recipes from a settings file (spec §5: recipes whose name and stages already exist are skipped). */
import { type Stage, stageSeconds } from './stage';

/** Identity of a recipe for import: its oven type, name and stages. */
export function recipeSignature(recipe: {
  oven_type: string;
  name: string;
  stages: readonly Stage[];
}): string {
  const stages = recipe.stages.map((s) =>
    [
      s.order,
      stageSeconds(s),
      s.temp,
      s.percent_air_top,
      s.percent_air_bottom,
      s.blower_percent,
      s.microwave_percent,
      s.ir_lvl_top,
      s.ir_lvl_bottom,
      s.force_vent_open ? 1 : 0,
    ].join(':'),
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
