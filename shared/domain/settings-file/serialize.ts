import type { CookEvent } from '../event';
import { ovenModel } from '../oven-models';
import { RECIPE_TEXT_FIELDS } from '../recipe-fields';
import type { Stage } from '../stage';
import { crc32Bytes } from './crc32';
import { FORMAT_VERSION, type OvenSettings, type SettingsButton, type SettingsRecipe } from './types';
import {
  ascii,
  asciiText,
  ByteOut,
  MAX_INT_BYTES,
  putAscii,
  putInt,
  putInt2,
  putLit,
  putQuoted,
  quotedBytes,
} from './writer';

/**
 * Optional recipe fields: written only when not empty, always in this order: the starting state, then the
 * described fields in their table's order (recipe-fields.ts).
 */
export const OPTIONAL_RECIPE_KEYS = [
  ['state', 'starting_state'],
  ...RECIPE_TEXT_FIELDS.map((f) => [f.file, f.key] as const),
] as const;

/** Optional keys as the bytes written before their value. */
const OPTIONAL_LITS = OPTIONAL_RECIPE_KEYS.map(([key]) => ascii(` ${key}=`));

/** An optional text, written only when not empty (`k` is its place in OPTIONAL_RECIPE_KEYS). */
function putOptional(buf: Uint8Array, p: number, k: number, value: string | null): number {
  return value ? putQuoted(buf, putLit(buf, p, OPTIONAL_LITS[k]!), value) : p;
}

/** A value written without quotes: letters, digits and _ . : / - only. */
function isBare(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const ok =
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x2d && c <= 0x3a) || // - . / 0-9 :
      c === 0x5f;
    if (!ok) return false;
  }
  return true;
}

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
const L_SPACE = ascii(' ');
const L_DOT = ascii('.');

// Room for a line's fixed syntax and its numbers; text values add their own worst case.
const LINE_ROOM = 256 + 16 * MAX_INT_BYTES;

function recipeLines(out: ByteOut, recipe: SettingsRecipe, n: number): number {
  const r = recipe;
  // Fields by name, in OPTIONAL_RECIPE_KEYS order: a loop over `recipe[field]` is several times slower. The
  // round-trip tests set every field of the table, so one missed here (or in the readers) fails them.
  const text =
    r.name.length +
    r.product_name.length +
    r.category.length +
    r.icon.length +
    (r.starting_state?.length ?? 0) +
    r.dish_type.length +
    r.brand.length +
    r.sku.length +
    r.weight.length +
    r.quantity.length +
    r.ingredients.length +
    r.outcome_attributes.length +
    r.procedure.length +
    r.outcome.length;
  const buf = out.room(LINE_ROOM + quotedBytes(text) * 2);
  let p = out.pos;
  p = putInt(buf, putLit(buf, p, L_RECIPE_N), n);
  p = putQuoted(buf, putLit(buf, p, L_NAME), recipe.name);
  p = putQuoted(buf, putLit(buf, p, L_PRODUCT), recipe.product_name);
  p = putInt(buf, putLit(buf, p, L_SETTEMP), recipe.set_temp);
  p = putLit(buf, p, L_CATEGORY);
  p = isBare(recipe.category) ? putAscii(buf, p, recipe.category) : putQuoted(buf, p, recipe.category);
  p = putAscii(buf, putLit(buf, p, L_ICON), recipe.icon);
  p = putOptional(buf, p, 0, r.starting_state);
  p = putOptional(buf, p, 1, r.dish_type);
  p = putOptional(buf, p, 2, r.brand);
  p = putOptional(buf, p, 3, r.sku);
  p = putOptional(buf, p, 4, r.weight);
  p = putOptional(buf, p, 5, r.quantity);
  p = putOptional(buf, p, 6, r.ingredients);
  p = putOptional(buf, p, 7, r.outcome_attributes);
  p = putOptional(buf, p, 8, r.procedure);
  p = putOptional(buf, p, 9, r.outcome);
  buf[p++] = 10;
  out.pos = p;

  const { stages, events } = recipe;
  for (let i = 0; i < stages.length; i++) stageLine(out, n, stages[i]!);
  for (let i = 0; i < events.length; i++) eventLine(out, n, i + 1, events[i]!);
  return 1 + stages.length + events.length;
}

// Each line has its own function, so the small put* helpers are inlined into each (a function has an
// inlining budget, and one function for all lines of a recipe runs out of it).
function stageLine(out: ByteOut, n: number, s: Stage): void {
  const strings =
    s.hours.length + s.minutes.length + s.seconds.length + s.ir_lvl_top.length + s.ir_lvl_bottom.length;
  const buf = out.room(LINE_ROOM + strings);
  let p = out.pos;
  p = putInt(buf, putLit(buf, p, L_STAGE_RECIPE), n);
  p = putInt(buf, putLit(buf, p, L_N), s.order);
  p = putAscii(buf, putLit(buf, p, L_TIME), s.hours);
  buf[p++] = 0x3a;
  p = putAscii(buf, p, s.minutes);
  buf[p++] = 0x3a;
  p = putAscii(buf, p, s.seconds);
  p = putInt(buf, putLit(buf, p, L_TEMP), s.temp);
  p = putInt(buf, putLit(buf, p, L_AIRTOP), s.percent_air_top);
  p = putInt(buf, putLit(buf, p, L_AIRBOTTOM), s.percent_air_bottom);
  p = putInt(buf, putLit(buf, p, L_BLOWER), s.blower_percent);
  p = putInt(buf, putLit(buf, p, L_MICROWAVE), s.microwave_percent);
  p = putAscii(buf, putLit(buf, p, L_IRTOP), s.ir_lvl_top);
  p = putAscii(buf, putLit(buf, p, L_IRBOTTOM), s.ir_lvl_bottom);
  p = putLit(buf, p, L_VENT);
  buf[p++] = s.force_vent_open ? 49 : 48;
  buf[p++] = 10;
  out.pos = p;
}

function eventLine(out: ByteOut, n: number, order: number, e: CookEvent): void {
  const buf = out.room(LINE_ROOM + quotedBytes(e.name.length));
  let p = out.pos;
  p = putInt(buf, putLit(buf, p, L_EVENT_RECIPE), n);
  p = putInt(buf, putLit(buf, p, L_N), order);
  p = putQuoted(buf, putLit(buf, p, L_NAME), e.name);
  p = putInt2(buf, putLit(buf, p, L_AT), e.minutes);
  buf[p++] = 0x3a;
  p = putInt2(buf, p, e.seconds);
  buf[p++] = 10;
  out.pos = p;
}

/** One BUTTON line after its `BUTTON screen=1` or `BUTTON category=1 page=1` prefix. */
function buttonLine(out: ByteOut, prefix: Uint8Array, a: number, b: number, button: SettingsButton): void {
  const buf = out.room(LINE_ROOM + button.kind.length + button.icon.length + button.color.length);
  let p = putInt(buf, putLit(buf, out.pos, prefix), a);
  if (b > 0) p = putInt(buf, putLit(buf, p, L_PAGE), b);
  p = putInt(buf, putLit(buf, p, L_POS), button.position);
  buf[p++] = 0x20;
  p = putAscii(buf, p, button.kind);
  buf[p++] = 0x3d;
  p = putInt(buf, p, button.ref);
  p = putAscii(buf, putLit(buf, p, L_ICON), button.icon);
  p = putAscii(buf, putLit(buf, p, L_COLOR), button.color);
  p = putLit(buf, p, L_FAVORITE);
  buf[p++] = button.favorite ? 49 : 48;
  buf[p++] = 10;
  out.pos = p;
}

/** One short line: a literal, numbers after their literals, an optional quoted text, an optional bare text. */
function simpleLine(out: ByteOut, parts: (Uint8Array | number | { q: string } | { a: string })[]): void {
  let room = LINE_ROOM;
  for (const part of parts) {
    if (typeof part === 'object' && 'q' in part) room += quotedBytes(part.q.length);
    else if (typeof part === 'object' && 'a' in part) room += part.a.length;
  }
  const buf = out.room(room);
  let p = out.pos;
  for (const part of parts) {
    if (typeof part === 'number') p = putInt(buf, p, part);
    else if (part instanceof Uint8Array) p = putLit(buf, p, part);
    else if ('q' in part) p = putQuoted(buf, p, part.q);
    else p = putAscii(buf, p, part.a);
  }
  buf[p++] = 10;
  out.pos = p;
}

/**
 * Writes the canonical file: a versioned header, the oven, warm-ups, recipes (with stages and events),
 * screens with their buttons, categories with their pages, and an END line with the line count and CRC-32.
 * Deterministic: the same settings always give the same text; LF line endings; ASCII only.
 */
export function serializeSettings(settings: OvenSettings): string {
  return asciiText(writeSettingsFile(settings));
}

/** The canonical file as the bytes an oven reads (what a download sends). */
export function writeSettingsFile(settings: OvenSettings): Uint8Array {
  const model = ovenModel(settings.type);
  // About 120 bytes a line and 3 lines a recipe: one allocation for most files.
  const out = new ByteOut(4096 + settings.recipes.length * 512);
  const { major, minor } = FORMAT_VERSION;
  simpleLine(out, [
    L_HEARTH,
    { a: model.family.toUpperCase() },
    L_SPACE,
    major,
    L_DOT,
    minor,
    L_SPACE,
    { a: model.code },
  ]);
  simpleLine(out, [L_OVEN_NAME, { q: settings.name }]);
  let lines = 2;
  settings.warmUps.forEach((warm, i) => {
    simpleLine(out, [L_WARMUP_N, i + 1, L_NAME, { q: warm.name }, L_TEMP, warm.temperature]);
    lines += 1;
  });
  const { recipes } = settings;
  for (let i = 0; i < recipes.length; i++) lines += recipeLines(out, recipes[i]!, i + 1);
  settings.screens.forEach((screen, i) => {
    simpleLine(out, [L_SCREEN_N, i + 1]);
    for (const b of screen.buttons) buttonLine(out, L_BUTTON_SCREEN, i + 1, 0, b);
    lines += 1 + screen.buttons.length;
  });
  settings.categories.forEach((c, i) => {
    simpleLine(out, [L_CATEGORY_N, i + 1, L_NAME, { q: c.name }, L_ICON, { a: c.icon }]);
    lines += 1;
    c.pages.forEach((page, p) => {
      simpleLine(out, [L_PAGE_CATEGORY, i + 1, L_N, p + 1]);
      for (const b of page.buttons) buttonLine(out, L_BUTTON_CATEGORY, i + 1, p + 1, b);
      lines += 1 + page.buttons.length;
    });
  });
  const crc = crc32Bytes(out.bytes());
  simpleLine(out, [L_END_LINES, lines, L_CRC32, { a: crc }]);
  return out.bytes();
}

/** The 8.3-safe name the oven's USB loader expects for this model. */
export function settingsFileName(settings: Pick<OvenSettings, 'type'>): string {
  return ovenModel(settings.type).fileName;
}
