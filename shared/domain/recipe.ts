/** A whole recipe (spec §3 Recipe, §5 recipe name and Set Temp). */

import { type Said, said } from '../i18n/said';
import { FOOD_CATEGORIES, STARTING_STATES } from './catalog';
import { type CookEvent, eventsIssues } from './event';
import { isIconName } from './icons';
import { type Issue, nest } from './issues';
import { LIMITS } from './messages';
import { copyName } from './names';
import { OVEN_CHARS, withRefusedCharacter } from './oven-charset';
import { findOvenModel, type OvenModel } from './oven-models';
import type { RecipeTexts } from './recipe-fields';
import { type Stage, stagesIssues } from './stage';
import { type TemperatureUnit, tempRange, toFahrenheit } from './temperature';

const RECIPE_NAME_CHARS = /^[A-Za-z0-9 _\-"]*$/;

/** Trims, then truncates to the model's maximum (spec §5: over-long names are truncated, not refused). */
export function normalizeRecipeName(name: string, model: OvenModel): string {
  return name.trim().slice(0, model.recipeNameMax).trimEnd();
}

export function recipeNameIssue(name: string): Said | null {
  if (name.trim() === '') return said('rules.recipeName');
  if (!RECIPE_NAME_CHARS.test(name))
    return withRefusedCharacter(said('rules.recipeNameCharset'), name, OVEN_CHARS.recipe);
  return null;
}

/** The name of a copy of a recipe, within the model's name length (see copyName). */
export function copyRecipeName(name: string, model: OvenModel): string {
  return copyName(name, model.recipeNameMax);
}

/* ---------- Set temp ---------- */

/** Spec §5: an integer 0–999; anything else (out of range, NaN, text) becomes 0. */
export function normalizeSetTemp(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= LIMITS.setTempMax ? n : 0;
}

/** A stored or read Set Temp: 0, or a value the spec would turn into 0 (a file saying 9999), is refused. */
export function setTempIssue(value: number): Said | null {
  return setTempTextIssue(String(value));
}

/**
 * What a typed Set Temp means, in words: the spec turns anything that is not a whole number 1–999 into 0, so
 * the form says why the value counts as 0 instead of changing what was typed.
 */
export function setTempTextIssue(text: string): Said | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return said('ruleMessages.setTempNotNumber', { typed: t });
  const n = Number(t);
  if (n > LIMITS.setTempMax) return said('ruleMessages.setTempAbove', { n });
  return n === 0 ? said('rules.setTempZero') : null;
}

/**
 * Set Temp as typed in the user's unit (the API and files keep °F): null when it is a whole number whose °F is
 * 1–999, else the words in that unit. °C is judged by its °F, so "600 °C" is refused as above the range in °C.
 */
export function setTempTypedIssue(typed: string, unit: TemperatureUnit): Said | null {
  if (unit === 'F') return setTempTextIssue(typed);
  const t = typed.trim();
  if (t === '') return null;
  const range = tempRange(1, LIMITS.setTempMax, 'C');
  const f = /^-?\d+$/.test(t) ? toFahrenheit(Number(t), 'C') : Number.NaN;
  return f >= 1 && f <= LIMITS.setTempMax
    ? null
    : said('ruleMessages.setTempCelsius', { min: range.min, max: range.max });
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

/** A whole recipe: its settings and its described fields (the contract's RecipeData is checked to be one). */
export type Recipe = RecipeFields & RecipeTexts;

/** Every recipe rule; the name is expected already normalized (trimmed, truncated) for its model. */
export function recipeIssues(recipe: RecipeFields): Issue[] {
  const model = findOvenModel(recipe.oven_type);
  if (!model) return [{ path: ['oven_type'], said: said('rules.ovenType') }];
  return recipeIssuesFor(recipe, model);
}

/** Every recipe rule, for a recipe whose model is known (the settings-file reader knows it once per file). */
export function recipeIssuesFor(recipe: Omit<RecipeFields, 'oven_type'>, model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  const nameIssue = recipeNameIssue(recipe.name);
  if (nameIssue) issues.push({ path: ['name'], said: nameIssue });
  if (recipe.name.length > model.recipeNameMax) {
    issues.push({
      path: ['name'],
      said: said('ruleMessages.nameLength', { max: model.recipeNameMax, type: model.type }),
    });
  }
  if (recipe.product_name.trim() === '')
    issues.push({ path: ['product_name'], said: said('ruleMessages.productNameRequired') });
  const setTemp = setTempIssue(recipe.set_temp);
  if (setTemp) issues.push({ path: ['set_temp'], said: setTemp });
  if (!(FOOD_CATEGORIES as readonly string[]).includes(recipe.category)) {
    issues.push({
      path: ['category'],
      said: said('ruleMessages.chooseCategory', { list: FOOD_CATEGORIES.join(', ') }),
    });
  }
  if (
    recipe.starting_state !== null &&
    !(STARTING_STATES as readonly string[]).includes(recipe.starting_state)
  ) {
    issues.push({
      path: ['starting_state'],
      said: said('ruleMessages.chooseStartingState', { list: STARTING_STATES.join(', ') }),
    });
  }
  if (!isIconName(recipe.icon)) issues.push({ path: ['icon'], said: said('ruleMessages.chooseIcon') });
  nest(issues, 'stages', stagesIssues(recipe.stages, model));
  if (recipe.events.length > 0) nest(issues, 'events', eventsIssues(recipe.events, recipe.stages));
  return issues;
}
