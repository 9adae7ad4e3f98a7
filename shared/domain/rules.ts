/**
 * Every rule of spec §5 for recipes, stages, events, ovens, categories and warm-up profiles, as pure functions.
 * Validators return a list of issues ({ path, message }); an empty list means valid. zod contracts and the
 * settings-file parser both call these, so a rule and its message exist exactly once.
 */
import { FOOD_CATEGORIES, IR_LEVELS, type IrLevel, STARTING_STATES } from './catalog';
import { isIconName } from './icons';
import { findOvenModel, type OvenModel, type OvenType } from './oven-models';

export interface Issue {
  path: (string | number)[];
  message: string;
}

export const MESSAGES = {
  recipeName: 'Please enter a valid recipe name',
  recipeNameCharset: 'Please enter a valid recipe name: use letters, numbers, spaces, _ - and " only.',
  ovenType: 'Please select an oven type to start',
  tempTooFar: 'The temperature is too far from previous stage. Please edit stage to correct it.',
  setTempZero: 'Set Temp cannot be 0.',
  stageTooShort: 'A stage must last at least 5 seconds.',
  stageCountMin: 'Add at least one cooking stage.',
  seconds: 'Seconds must be between 00 and 59.',
  eventName: 'Please enter a valid event name: up to 24 letters, numbers, hyphens or spaces.',
  eventTime: 'An event needs minutes or seconds above 0.',
  eventCount: 'A recipe can have at most 2 events.',
  categoryName: 'Please enter a valid category name: up to 16 letters, numbers, hyphens or spaces.',
  ovenName: 'Please input a valid oven name',
  profileName: 'Please enter a valid profile name',
  profileTemp: 'Please enter a valid profile temperature',
  shareEmail: 'Please input a valid email',
  imageType: 'The image must be a PNG or JPEG file.',
} as const;

export const LIMITS = {
  minStageSeconds: 5,
  maxEvents: 2,
  eventNameMax: 24,
  categoryNameMax: 16,
  ovenNameMax: 16,
  profileNameMax: 24,
  setTempMax: 999,
  percentStep: 5,
} as const;

/* ---------- Recipe name ---------- */

const RECIPE_NAME_CHARS = /^[A-Za-z0-9 _\-"]*$/;

/** Trims, then truncates to the model's maximum (spec §5: over-long names are truncated, not refused). */
export function normalizeRecipeName(name: string, model: OvenModel): string {
  return name.trim().slice(0, model.recipeNameMax).trimEnd();
}

export function recipeNameIssue(name: string): string | null {
  if (name.trim() === '') return MESSAGES.recipeName;
  if (!RECIPE_NAME_CHARS.test(name)) return MESSAGES.recipeNameCharset;
  return null;
}

const COPY = ' Copy';
const SHORT_COPY = '--- Copy';

/**
 * The name of a copy: "<name> Copy" when it fits the model's maximum. Otherwise the name is cut so that
 * "--- Copy" fits, the dashes marking the cut: "Pepperoni Supreme" (16 max) → "Pepperon--- Copy".
 */
export function copyRecipeName(name: string, model: OvenModel): string {
  const base = name.trim();
  if (base.length + COPY.length <= model.recipeNameMax) return base + COPY;
  return base.slice(0, Math.max(0, model.recipeNameMax - SHORT_COPY.length)).trimEnd() + SHORT_COPY;
}

/* ---------- Stages ---------- */

export interface Stage {
  order: number;
  hours: string;
  minutes: string;
  seconds: string;
  temp: number;
  percent_air_top: number;
  percent_air_bottom: number;
  blower_percent: number;
  microwave_percent: number;
  ir_lvl_top: IrLevel;
  ir_lvl_bottom: IrLevel;
  force_vent_open: boolean;
}

export const STAGE_DEFAULTS: Omit<Stage, 'order' | 'temp'> = {
  hours: '00',
  minutes: '00',
  seconds: '00',
  percent_air_top: 10,
  percent_air_bottom: 10,
  blower_percent: 10,
  microwave_percent: 0,
  ir_lvl_top: 'OFF',
  ir_lvl_bottom: 'OFF',
  force_vent_open: false,
};

/** Two-digit, zero-padded time part ('7' → '07'); non-numbers become '00'. */
export function padTime(value: string | number): string {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 0) return '00';
  return String(Math.trunc(n)).padStart(2, '0');
}

/** One or two digits as a number, else NaN (read by hand: this runs for every stage of a settings file). */
function timeNumber(part: string): number {
  if (typeof part !== 'string') return timeNumber(String(part));
  const len = part.length;
  if (len < 1 || len > 2) return Number.NaN;
  const a = part.charCodeAt(0) - 48;
  if (a < 0 || a > 9) return Number.NaN;
  if (len === 1) return a;
  const b = part.charCodeAt(1) - 48;
  return b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

export function stageSeconds(stage: Pick<Stage, 'hours' | 'minutes' | 'seconds'>): number {
  const h = timeNumber(stage.hours);
  const m = timeNumber(stage.minutes);
  const s = timeNumber(stage.seconds);
  return (h || 0) * 3600 + (m || 0) * 60 + (s || 0);
}

export function clampTemp(temp: number, model: OvenModel): number {
  if (!Number.isFinite(temp)) return model.minTemp;
  return Math.min(model.maxTemp, Math.max(model.minTemp, Math.round(temp)));
}

export function tempRangeMessage(model: OvenModel): string {
  return `Temperature must be between ${model.minTemp} and ${model.maxTemp} ºF.`;
}

function isPercent(value: unknown, min: number): boolean {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= min &&
    value <= 100 &&
    value % LIMITS.percentStep === 0
  );
}

/** Time rules of one stage: seconds 0–59, minutes and hours per model, at least 5 s in total. */
export function stageTimeIssues(stage: Stage, model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  const h = timeNumber(stage.hours);
  const m = timeNumber(stage.minutes);
  const s = timeNumber(stage.seconds);
  if (!(h >= 0 && h <= model.maxHours)) {
    issues.push({
      path: ['hours'],
      message:
        model.maxHours > 0
          ? `Hours must be between 0 and ${model.maxHours}.`
          : 'Hours are only used on conveyor ovens.',
    });
  }
  if (!(m >= 0 && m <= model.maxMinutes)) {
    issues.push({ path: ['minutes'], message: `Minutes must be between 0 and ${model.maxMinutes}.` });
  }
  if (!(s >= 0 && s <= 59) || stage.seconds.length !== 2)
    issues.push({ path: ['seconds'], message: MESSAGES.seconds });
  if (issues.length === 0 && stageSeconds(stage) < LIMITS.minStageSeconds) {
    issues.push({ path: ['seconds'], message: MESSAGES.stageTooShort });
  }
  return issues;
}

/** The temperature rule: stage 1 in the model's range; later stages also within the step of the previous one. */
export function stageTempIssue(
  temp: number,
  previousTemp: number | undefined,
  model: OvenModel,
): string | null {
  if (!Number.isInteger(temp) || temp < model.minTemp || temp > model.maxTemp) return tempRangeMessage(model);
  if (previousTemp !== undefined && Math.abs(temp - previousTemp) > model.tempStep)
    return MESSAGES.tempTooFar;
  return null;
}

/** Spec §5: the warning flag for stage 2 or 3 whose temperature is more than the step from the stage before. */
export function stageTempWarnings(stages: readonly Pick<Stage, 'temp'>[], model: OvenModel): boolean[] {
  return stages.map((s, i) => i > 0 && i <= 2 && Math.abs(s.temp - stages[i - 1]!.temp) > model.tempStep);
}

function airIssue(issues: Issue[], field: string, value: number): void {
  if (!isPercent(value, 10))
    issues.push({ path: [field], message: 'Choose a value from 10 to 100 in steps of 5.' });
}

function irIssue(issues: Issue[], field: string, value: string, model: OvenModel): void {
  if (!(IR_LEVELS as readonly string[]).includes(value)) {
    issues.push({ path: [field], message: 'Choose OFF, LOW, MEDIUM or HIGH.' });
  } else if (!model.infrared && value !== 'OFF') {
    issues.push({ path: [field], message: `${model.type} ovens have no infrared: leave it OFF.` });
  }
}

/** Adds `from`'s issues to `into` under `prefix` (most lists are empty, so the usual cost is one test). */
function nest(into: Issue[], prefix: string | number, from: Issue[]): void {
  for (let k = 0; k < from.length; k++)
    into.push({ path: [prefix, ...from[k]!.path], message: from[k]!.message });
}

/** Every rule of one stage except its place in the list. */
export function stageIssues(stage: Stage, previousTemp: number | undefined, model: OvenModel): Issue[] {
  const issues = stageTimeIssues(stage, model);
  const tempIssue = stageTempIssue(stage.temp, previousTemp, model);
  if (tempIssue) issues.push({ path: ['temp'], message: tempIssue });
  // Fields by name, not stage[field] in a loop: this runs for every stage of a 30,000-recipe file.
  airIssue(issues, 'percent_air_top', stage.percent_air_top);
  airIssue(issues, 'percent_air_bottom', stage.percent_air_bottom);
  airIssue(issues, 'blower_percent', stage.blower_percent);
  if (!isPercent(stage.microwave_percent, 0)) {
    issues.push({ path: ['microwave_percent'], message: 'Choose a value from 0 to 100 in steps of 5.' });
  } else if (!model.microwave && stage.microwave_percent !== 0) {
    issues.push({
      path: ['microwave_percent'],
      message: `${model.type} ovens have no microwave: leave it at 0.`,
    });
  }
  irIssue(issues, 'ir_lvl_top', stage.ir_lvl_top, model);
  irIssue(issues, 'ir_lvl_bottom', stage.ir_lvl_bottom, model);
  if (typeof stage.force_vent_open !== 'boolean') {
    issues.push({ path: ['force_vent_open'], message: 'Force Vent must be on or off.' });
  } else if (!model.forceVent && stage.force_vent_open) {
    issues.push({ path: ['force_vent_open'], message: `${model.type} ovens have no force vent.` });
  }
  return issues;
}

/** The whole stage list: count per model, orders 1..n, and every stage against the one before. */
export function stagesIssues(stages: readonly Stage[], model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  if (stages.length < 1) issues.push({ path: [], message: MESSAGES.stageCountMin });
  if (stages.length > model.maxStages) {
    issues.push({
      path: [],
      message: `${model.type} recipes have at most ${model.maxStages} stage${model.maxStages === 1 ? '' : 's'}.`,
    });
  }
  for (let i = 0; i < stages.length; i++) {
    const stage = stages[i]!;
    if (stage.order !== i + 1)
      issues.push({ path: [i, 'order'], message: `Stage ${i + 1} must have order ${i + 1}.` });
    nest(issues, i, stageIssues(stage, i > 0 ? stages[i - 1]!.temp : undefined, model));
  }
  return issues;
}

/* Stage list operations of spec §4. */

export function newStage(stages: readonly Stage[], model: OvenModel): Stage {
  const previous = stages[stages.length - 1];
  return { ...STAGE_DEFAULTS, order: stages.length + 1, temp: previous ? previous.temp : model.minTemp };
}

export function addStage(stages: readonly Stage[], stage: Stage): Stage[] {
  return [...stages, { ...stage, order: stages.length + 1 }];
}

export function updateStage(stages: readonly Stage[], stage: Stage): Stage[] {
  return stages.map((s) => (s.order === stage.order ? { ...stage } : s));
}

export function deleteStage(stages: readonly Stage[], order: number): Stage[] {
  return stages.filter((s) => s.order !== order).map((s, i) => ({ ...s, order: i + 1 }));
}

/** Spec §5: a stage can be added only with at least 5 s and a valid temperature. */
export function canAddStage(stage: Stage, stages: readonly Stage[], model: OvenModel): boolean {
  if (stages.length >= model.maxStages) return false;
  const previous = stages[stages.length - 1];
  return stageIssues(stage, previous?.temp, model).length === 0;
}

/* ---------- Events ---------- */

export interface CookEvent {
  name: string;
  minutes: number;
  seconds: number;
}

const EVENT_NAME = /^[A-Za-z0-9 -]+$/;

/** Whole minutes of all stages: the largest minute an event may be set at (spec §5). */
export function totalStageMinutes(stages: readonly Pick<Stage, 'hours' | 'minutes' | 'seconds'>[]): number {
  return Math.floor(stages.reduce((sum, s) => sum + stageSeconds(s), 0) / 60);
}

export function eventIssues(event: CookEvent, maxMinutes: number): Issue[] {
  const issues: Issue[] = [];
  const name = event.name.trim();
  if (!name || name.length > LIMITS.eventNameMax || !EVENT_NAME.test(name)) {
    issues.push({ path: ['name'], message: MESSAGES.eventName });
  }
  if (!Number.isInteger(event.minutes) || event.minutes < 0 || event.minutes > maxMinutes) {
    issues.push({
      path: ['minutes'],
      message: `Minutes must be between 0 and ${maxMinutes} (the length of the stages).`,
    });
  }
  if (!Number.isInteger(event.seconds) || event.seconds < 0 || event.seconds > 59) {
    issues.push({ path: ['seconds'], message: MESSAGES.seconds });
  }
  if (issues.length === 0 && event.minutes === 0 && event.seconds === 0) {
    issues.push({ path: ['seconds'], message: MESSAGES.eventTime });
  }
  return issues;
}

export function eventsIssues(events: readonly CookEvent[], stages: readonly Stage[]): Issue[] {
  const issues: Issue[] = [];
  if (events.length > LIMITS.maxEvents) issues.push({ path: [], message: MESSAGES.eventCount });
  const maxMinutes = totalStageMinutes(stages);
  for (let i = 0; i < events.length; i++) nest(issues, i, eventIssues(events[i]!, maxMinutes));
  return issues;
}

/* ---------- Set temp ---------- */

/** Spec §5: an integer 0–999; anything else (out of range, NaN, text) becomes 0. */
export function normalizeSetTemp(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= LIMITS.setTempMax ? n : 0;
}

export function setTempIssue(value: number): string | null {
  return value === 0 ? MESSAGES.setTempZero : null;
}

/* ---------- Whole recipe ---------- */

export interface RecipeFields {
  name: string;
  oven_type: string;
  product_name: string;
  set_temp: number;
  category: string;
  starting_state: string | null;
  icon: string;
  stages: Stage[];
  events: CookEvent[];
}

/** Every recipe rule; the name is expected already normalized (trimmed, truncated) for its model. */
export function recipeIssues(recipe: RecipeFields): Issue[] {
  const model = findOvenModel(recipe.oven_type);
  if (!model) return [{ path: ['oven_type'], message: MESSAGES.ovenType }];
  return recipeIssuesFor(recipe, model);
}

/** Every recipe rule, for a recipe whose model is known (the settings-file reader knows it once per file). */
export function recipeIssuesFor(recipe: Omit<RecipeFields, 'oven_type'>, model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  const nameIssue = recipeNameIssue(recipe.name);
  if (nameIssue) issues.push({ path: ['name'], message: nameIssue });
  if (recipe.name.length > model.recipeNameMax) {
    issues.push({
      path: ['name'],
      message: `The name may have at most ${model.recipeNameMax} characters on ${model.type}.`,
    });
  }
  if (recipe.product_name.trim() === '')
    issues.push({ path: ['product_name'], message: 'Product name is required.' });
  const setTemp = setTempIssue(recipe.set_temp);
  if (setTemp) issues.push({ path: ['set_temp'], message: setTemp });
  if (!(FOOD_CATEGORIES as readonly string[]).includes(recipe.category)) {
    issues.push({ path: ['category'], message: `Choose a category: ${FOOD_CATEGORIES.join(', ')}.` });
  }
  if (
    recipe.starting_state !== null &&
    !(STARTING_STATES as readonly string[]).includes(recipe.starting_state)
  ) {
    issues.push({
      path: ['starting_state'],
      message: `Choose a starting state: ${STARTING_STATES.join(', ')}.`,
    });
  }
  if (!isIconName(recipe.icon)) issues.push({ path: ['icon'], message: 'Choose one of the icons.' });
  nest(issues, 'stages', stagesIssues(recipe.stages, model));
  if (recipe.events.length > 0) nest(issues, 'events', eventsIssues(recipe.events, recipe.stages));
  return issues;
}

/* ---------- Ovens, warm-ups, categories ---------- */

const OVEN_NAME = /^[A-Za-z0-9_ -]+$/;
const CATEGORY_NAME = /^[A-Za-z0-9 -]+$/;

export function ovenNameIssue(name: string): string | null {
  const trimmed = name.trim();
  return trimmed && trimmed.length <= LIMITS.ovenNameMax && OVEN_NAME.test(trimmed)
    ? null
    : MESSAGES.ovenName;
}

/** Spec §5 category name: up to 16 letters, digits, hyphens or spaces. (The editor treats blank as "cancel" before asking.) */
export function categoryNameIssue(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length <= LIMITS.categoryNameMax && CATEGORY_NAME.test(trimmed)
    ? null
    : MESSAGES.categoryName;
}

export interface WarmUp {
  name: string;
  temperature: number;
}

/** Parses a typed profile temperature: digits only, up to 3, floored, within the model's range; else null. */
export function parseProfileTemperature(input: string | number, model: OvenModel): number | null {
  const text = String(input).trim();
  if (!/^\d{1,3}(\.\d+)?$/.test(text)) return null;
  const value = Math.floor(Number(text));
  return value >= model.minTemp && value <= model.maxTemp ? value : null;
}

export function warmUpsIssues(warmUps: readonly WarmUp[], model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  if (warmUps.length > model.maxWarmUps) {
    issues.push({
      path: [],
      message:
        model.maxWarmUps === 0
          ? `${model.type} ovens have no warm-up profiles.`
          : `An oven has at most ${model.maxWarmUps} warm-up profiles.`,
    });
  }
  warmUps.forEach((w, i) => {
    const name = w.name.trim();
    if (!name || name.length > LIMITS.profileNameMax || !OVEN_NAME.test(name)) {
      issues.push({ path: [i, 'name'], message: MESSAGES.profileName });
    }
    if (!Number.isInteger(w.temperature) || w.temperature < model.minTemp || w.temperature > model.maxTemp) {
      issues.push({ path: [i, 'temperature'], message: MESSAGES.profileTemp });
    }
  });
  return issues;
}

/* ---------- Images ---------- */

export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export function isAllowedImageName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 1) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** The real type of an image from its first bytes; the name or declared type is never trusted. */
export function detectImageType(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/* ---------- Import dedupe ---------- */

/** Identity of a recipe for import: its oven type, name and stages (spec §5). */
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

export type { OvenType };
