import { z } from 'zod';
import { DEFAULT_CATEGORY, FOOD_CATEGORIES, IR_LEVELS, STARTING_STATES } from '../domain/catalog';
import { ICON_NAMES, ICON_RECIPE_DEFAULT } from '../domain/icons';
import { DEFAULT_OVEN_TYPE, findOvenModel, OVEN_TYPES } from '../domain/oven-models';
import {
  MESSAGES,
  normalizeRecipeName,
  normalizeSetTemp,
  padTime,
  recipeIssues,
  STAGE_DEFAULTS,
} from '../domain/rules';
import { report } from './validation';

/** Time parts travel as two-digit strings (spec §3); numbers are accepted and padded. */
const timePart = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? padTime(v) : /^\d$/.test(v) ? padTime(v) : v))
  .default(STAGE_DEFAULTS.seconds);

export const stageSchema = z.object({
  order: z.number({ error: 'Stage order is required.' }).int(),
  hours: timePart,
  minutes: timePart,
  seconds: timePart,
  temp: z.number({ error: 'Temperature is required.' }),
  percent_air_top: z.number().default(STAGE_DEFAULTS.percent_air_top),
  percent_air_bottom: z.number().default(STAGE_DEFAULTS.percent_air_bottom),
  blower_percent: z.number().default(STAGE_DEFAULTS.blower_percent),
  microwave_percent: z.number().default(STAGE_DEFAULTS.microwave_percent),
  ir_lvl_top: z.enum(IR_LEVELS, { error: 'Choose OFF, LOW, MEDIUM or HIGH.' }).default('OFF'),
  ir_lvl_bottom: z.enum(IR_LEVELS, { error: 'Choose OFF, LOW, MEDIUM or HIGH.' }).default('OFF'),
  force_vent_open: z.boolean().default(false),
});
export type StageInput = z.input<typeof stageSchema>;
export type StageData = z.output<typeof stageSchema>;

export const eventSchema = z.object({
  name: z.string({ error: MESSAGES.eventName }).transform((s) => s.trim()),
  minutes: z.coerce.number().int().default(0),
  seconds: z.coerce.number().int().default(0),
});
export type EventData = z.output<typeof eventSchema>;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} may have at most ${max} characters.`)
    .nullish()
    .transform((v) => v ?? '');

/** Free-text limits, so every field fits the settings file and the PDF. */
export const RECIPE_TEXT_LIMITS = {
  product_name: 40,
  dish_type: 40,
  brand: 40,
  sku: 40,
  weight: 20,
  quantity: 20,
  ingredients: 2000,
  outcome_attributes: 1000,
  procedure: 4000,
  outcome: 1000,
} as const;

/** A recipe as written by a client: every rule of spec §5 checked against its oven type. */
export const recipeInput = z
  .object({
    name: z.string({ error: MESSAGES.recipeName }),
    oven_type: z.enum(OVEN_TYPES, { error: MESSAGES.ovenType }).default(DEFAULT_OVEN_TYPE),
    product_name: text(RECIPE_TEXT_LIMITS.product_name, 'Product name'),
    set_temp: z.unknown().transform(normalizeSetTemp),
    category: z
      .enum(FOOD_CATEGORIES, { error: `Choose a category: ${FOOD_CATEGORIES.join(', ')}.` })
      .default(DEFAULT_CATEGORY),
    starting_state: z
      .enum(STARTING_STATES, { error: `Choose a starting state: ${STARTING_STATES.join(', ')}.` })
      .nullish()
      .transform((v) => v ?? null),
    dish_type: text(RECIPE_TEXT_LIMITS.dish_type, 'Dish type'),
    brand: text(RECIPE_TEXT_LIMITS.brand, 'Brand'),
    icon: z.enum(ICON_NAMES, { error: 'Choose one of the icons.' }).default(ICON_RECIPE_DEFAULT),
    sku: text(RECIPE_TEXT_LIMITS.sku, 'SKU'),
    weight: text(RECIPE_TEXT_LIMITS.weight, 'Weight'),
    quantity: text(RECIPE_TEXT_LIMITS.quantity, 'Quantity'),
    ingredients: text(RECIPE_TEXT_LIMITS.ingredients, 'Ingredients'),
    outcome_attributes: text(RECIPE_TEXT_LIMITS.outcome_attributes, 'Outcome attributes'),
    procedure: text(RECIPE_TEXT_LIMITS.procedure, 'Procedure'),
    outcome: text(RECIPE_TEXT_LIMITS.outcome, 'Outcome'),
    stages: z.array(stageSchema, { error: MESSAGES.stageCountMin }),
    events: z.array(eventSchema).default([]),
  })
  .transform((r) => {
    const model = findOvenModel(r.oven_type);
    return model ? { ...r, name: normalizeRecipeName(r.name, model) } : r;
  })
  .superRefine((r, ctx) => report(ctx, recipeIssues(r)));
export type RecipeInput = z.input<typeof recipeInput>;
export type RecipeData = z.output<typeof recipeInput>;
