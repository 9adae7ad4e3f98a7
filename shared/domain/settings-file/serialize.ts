import { ovenModel } from '../oven-models';
import { crc32 } from './crc32';
import { quote, token } from './text';
import { FORMAT_VERSION, type OvenSettings, type SettingsButton, type SettingsRecipe } from './types';

/** Optional recipe text fields: written only when not empty, always in this order. */
export const OPTIONAL_RECIPE_KEYS = [
  ['state', 'starting_state'],
  ['dish', 'dish_type'],
  ['brand', 'brand'],
  ['sku', 'sku'],
  ['weight', 'weight'],
  ['quantity', 'quantity'],
  ['ingredients', 'ingredients'],
  ['attributes', 'outcome_attributes'],
  ['procedure', 'procedure'],
  ['outcome', 'outcome'],
] as const;

const two = (n: number) => String(n).padStart(2, '0');

function recipeLines(recipe: SettingsRecipe, n: number, out: string[]): void {
  let line = `RECIPE n=${n} name=${quote(recipe.name)} product=${quote(recipe.product_name)} settemp=${recipe.set_temp} category=${token(recipe.category)} icon=${recipe.icon}`;
  for (const [key, field] of OPTIONAL_RECIPE_KEYS) {
    const value = recipe[field];
    if (value) line += ` ${key}=${quote(value)}`;
  }
  out.push(line);
  for (const s of recipe.stages) {
    out.push(
      `STAGE recipe=${n} n=${s.order} time=${s.hours}:${s.minutes}:${s.seconds} temp=${s.temp} airtop=${s.percent_air_top} airbottom=${s.percent_air_bottom} blower=${s.blower_percent} microwave=${s.microwave_percent} irtop=${s.ir_lvl_top} irbottom=${s.ir_lvl_bottom} vent=${s.force_vent_open ? 1 : 0}`,
    );
  }
  recipe.events.forEach((e, i) => {
    out.push(`EVENT recipe=${n} n=${i + 1} name=${quote(e.name)} at=${two(e.minutes)}:${two(e.seconds)}`);
  });
}

function buttonLine(where: string, b: SettingsButton): string {
  return `BUTTON ${where} pos=${b.position} ${b.kind}=${b.ref} icon=${b.icon} color=${b.color} favorite=${b.favorite ? 1 : 0}`;
}

/**
 * Writes the canonical file: a versioned header, the oven, warm-ups, recipes (with stages and events),
 * screens with their buttons, categories with their pages, and an END line with the line count and CRC-32.
 * Deterministic: the same settings always give the same text; LF line endings; ASCII only.
 */
export function serializeSettings(settings: OvenSettings): string {
  const model = ovenModel(settings.type);
  const out: string[] = [];
  out.push(
    `HEARTH-${model.family.toUpperCase()} ${FORMAT_VERSION.major}.${FORMAT_VERSION.minor} ${model.code}`,
  );
  out.push(`OVEN name=${quote(settings.name)}`);
  settings.warmUps.forEach((w, i) => {
    out.push(`WARMUP n=${i + 1} name=${quote(w.name)} temp=${w.temperature}`);
  });
  settings.recipes.forEach((r, i) => {
    recipeLines(r, i + 1, out);
  });
  settings.screens.forEach((screen, i) => {
    out.push(`SCREEN n=${i + 1}`);
    for (const b of screen.buttons) out.push(buttonLine(`screen=${i + 1}`, b));
  });
  settings.categories.forEach((c, i) => {
    out.push(`CATEGORY n=${i + 1} name=${quote(c.name)} icon=${c.icon}`);
    c.pages.forEach((page, p) => {
      out.push(`PAGE category=${i + 1} n=${p + 1}`);
      for (const b of page.buttons) out.push(buttonLine(`category=${i + 1} page=${p + 1}`, b));
    });
  });
  const body = `${out.join('\n')}\n`;
  return `${body}END lines=${out.length} crc32=${crc32(body)}\n`;
}

/** The 8.3-safe name the oven's USB loader expects for this model. */
export function settingsFileName(settings: Pick<OvenSettings, 'type'>): string {
  return ovenModel(settings.type).fileName;
}
