import { ovenModel } from '../oven-models';
import { crc32Bytes } from './crc32';
import { FORMAT_VERSION, type OvenSettings, type SettingsButton, type SettingsRecipe } from './types';
import { AsciiWriter, ascii } from './writer';

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

const BARE = /^[A-Za-z0-9_.:/-]+$/;

// Every fixed piece of syntax, encoded once.
const L_AIRBOTTOM = ascii(' airbottom=');
const L_AIRTOP = ascii(' airtop=');
const L_AT = ascii(' at=');
const L_BLOWER = ascii(' blower=');
const L_CATEGORY = ascii(' category=');
const L_COLOR = ascii(' color=');
const L_CRC32 = ascii(' crc32=');
const L_FAVORITE = ascii(' favorite=');
const L_ICON = ascii(' icon=');
const L_IRBOTTOM = ascii(' irbottom=');
const L_IRTOP = ascii(' irtop=');
const L_MICROWAVE = ascii(' microwave=');
const L_N = ascii(' n=');
const L_NAME = ascii(' name=');
const L_PAGE = ascii(' page=');
const L_POS = ascii(' pos=');
const L_PRODUCT = ascii(' product=');
const L_SETTEMP = ascii(' settemp=');
const L_TEMP = ascii(' temp=');
const L_TIME = ascii(' time=');
const L_VENT = ascii(' vent=');
const L_BUTTON_CATEGORY = ascii('BUTTON category=');
const L_BUTTON_SCREEN = ascii('BUTTON screen=');
const L_CATEGORY_N = ascii('CATEGORY n=');
const L_END_LINES = ascii('END lines=');
const L_EVENT_RECIPE = ascii('EVENT recipe=');
const L_HEARTH = ascii('HEARTH-');
const L_OVEN_NAME = ascii('OVEN name=');
const L_PAGE_CATEGORY = ascii('PAGE category=');
const L_RECIPE_N = ascii('RECIPE n=');
const L_SCREEN_N = ascii('SCREEN n=');
const L_STAGE_RECIPE = ascii('STAGE recipe=');
const L_WARMUP_N = ascii('WARMUP n=');

function two(w: AsciiWriter, n: number): AsciiWriter {
  if (n < 10) w.byte(48);
  return w.int(n);
}

function recipeLines(w: AsciiWriter, recipe: SettingsRecipe, n: number): number {
  w.lit(L_RECIPE_N).int(n).lit(L_NAME).quoted(recipe.name).lit(L_PRODUCT).quoted(recipe.product_name);
  w.lit(L_SETTEMP).int(recipe.set_temp).lit(L_CATEGORY);
  if (BARE.test(recipe.category)) w.ascii(recipe.category);
  else w.quoted(recipe.category);
  w.lit(L_ICON).ascii(recipe.icon);
  for (const [key, field] of OPTIONAL_RECIPE_KEYS) {
    const value = recipe[field];
    if (value) w.byte(0x20).ascii(key).byte(0x3d).quoted(value);
  }
  w.byte(10);
  for (const s of recipe.stages) {
    w.lit(L_STAGE_RECIPE).int(n).lit(L_N).int(s.order);
    w.lit(L_TIME).ascii(s.hours).byte(0x3a).ascii(s.minutes).byte(0x3a).ascii(s.seconds);
    w.lit(L_TEMP).int(s.temp).lit(L_AIRTOP).int(s.percent_air_top).lit(L_AIRBOTTOM).int(s.percent_air_bottom);
    w.lit(L_BLOWER).int(s.blower_percent).lit(L_MICROWAVE).int(s.microwave_percent);
    w.lit(L_IRTOP).ascii(s.ir_lvl_top).lit(L_IRBOTTOM).ascii(s.ir_lvl_bottom);
    w.lit(L_VENT)
      .byte(s.force_vent_open ? 49 : 48)
      .byte(10);
  }
  recipe.events.forEach((e, i) => {
    w.lit(L_EVENT_RECIPE)
      .int(n)
      .lit(L_N)
      .int(i + 1)
      .lit(L_NAME)
      .quoted(e.name)
      .lit(L_AT);
    two(two(w, e.minutes).byte(0x3a), e.seconds).byte(10);
  });
  return 1 + recipe.stages.length + recipe.events.length;
}

function buttonLine(w: AsciiWriter, b: SettingsButton): void {
  w.lit(L_POS).int(b.position).byte(0x20).ascii(b.kind).byte(0x3d).int(b.ref);
  w.lit(L_ICON)
    .ascii(b.icon)
    .lit(L_COLOR)
    .ascii(b.color)
    .lit(L_FAVORITE)
    .byte(b.favorite ? 49 : 48)
    .byte(10);
}

/**
 * Writes the canonical file: a versioned header, the oven, warm-ups, recipes (with stages and events),
 * screens with their buttons, categories with their pages, and an END line with the line count and CRC-32.
 * Deterministic: the same settings always give the same text; LF line endings; ASCII only.
 */
export function serializeSettings(settings: OvenSettings): string {
  const model = ovenModel(settings.type);
  const w = new AsciiWriter();
  let lines = 2;
  w.lit(L_HEARTH)
    .ascii(model.family.toUpperCase())
    .byte(0x20)
    .int(FORMAT_VERSION.major)
    .byte(0x2e)
    .int(FORMAT_VERSION.minor);
  w.byte(0x20).ascii(model.code).byte(10);
  w.lit(L_OVEN_NAME).quoted(settings.name).byte(10);
  settings.warmUps.forEach((warm, i) => {
    w.lit(L_WARMUP_N)
      .int(i + 1)
      .lit(L_NAME)
      .quoted(warm.name)
      .lit(L_TEMP)
      .int(warm.temperature)
      .byte(10);
    lines += 1;
  });
  settings.recipes.forEach((r, i) => {
    lines += recipeLines(w, r, i + 1);
  });
  settings.screens.forEach((screen, i) => {
    w.lit(L_SCREEN_N)
      .int(i + 1)
      .byte(10);
    for (const b of screen.buttons) buttonLine(w.lit(L_BUTTON_SCREEN).int(i + 1), b);
    lines += 1 + screen.buttons.length;
  });
  settings.categories.forEach((c, i) => {
    w.lit(L_CATEGORY_N)
      .int(i + 1)
      .lit(L_NAME)
      .quoted(c.name)
      .lit(L_ICON)
      .ascii(c.icon)
      .byte(10);
    lines += 1;
    c.pages.forEach((page, p) => {
      w.lit(L_PAGE_CATEGORY)
        .int(i + 1)
        .lit(L_N)
        .int(p + 1)
        .byte(10);
      for (const b of page.buttons)
        buttonLine(
          w
            .lit(L_BUTTON_CATEGORY)
            .int(i + 1)
            .lit(L_PAGE)
            .int(p + 1),
          b,
        );
      lines += 1 + page.buttons.length;
    });
  });
  const crc = crc32Bytes(w.bytes());
  w.lit(L_END_LINES).int(lines).lit(L_CRC32).ascii(crc).byte(10);
  return w.toString();
}

/** The 8.3-safe name the oven's USB loader expects for this model. */
export function settingsFileName(settings: Pick<OvenSettings, 'type'>): string {
  return ovenModel(settings.type).fileName;
}
