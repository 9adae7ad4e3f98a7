import { z } from 'zod';
import { DEFAULT_CATEGORY, FOOD_CATEGORIES, IR_LEVELS, STARTING_STATES } from '../domain/catalog';
import { ICON_NAMES, ICON_RECIPE_DEFAULT } from '../domain/icons';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../domain/image';
import { DEFAULT_OVEN_TYPE, findOvenModel, OVEN_TYPES } from '../domain/oven-models';
import { normalizeRecipeName, normalizeSetTemp, recipeIssues } from '../domain/recipe';
import { PRODUCT_NAME_MAX, RECIPE_TEXT_FIELDS, type RecipeTextKey } from '../domain/recipe-fields';
import { normalizeTimePart, STAGE_DEFAULTS } from '../domain/stage';
import { type SaidValue, said } from '../i18n/said';
import { boundedArray, idParam, idValue, onlyForLists, saidWire, wholeNumber } from './common';
import { pageParam } from './pagination';
import { report } from './validation';
import { saying, zodMessage } from './zod-said';

/** Time parts travel as two-digit strings (spec §3); whole numbers are accepted and padded. */
const timePart = z
  .union([z.string(), z.number()])
  .transform(normalizeTimePart)
  .default(STAGE_DEFAULTS.seconds);

export const stageSchema = z.object({
  order: z.number({ error: saying('ruleMessages.stageOrderRequired') }).int(),
  hours: timePart,
  minutes: timePart,
  seconds: timePart,
  temp: z.number({ error: saying('ruleMessages.temperatureRequired') }),
  percent_air_top: z.number().default(STAGE_DEFAULTS.percent_air_top),
  percent_air_bottom: z.number().default(STAGE_DEFAULTS.percent_air_bottom),
  blower_percent: z.number().default(STAGE_DEFAULTS.blower_percent),
  microwave_percent: z.number().default(STAGE_DEFAULTS.microwave_percent),
  ir_lvl_top: z.enum(IR_LEVELS, { error: saying('ruleMessages.irChoice') }).default('OFF'),
  ir_lvl_bottom: z.enum(IR_LEVELS, { error: saying('ruleMessages.irChoice') }).default('OFF'),
  force_vent_open: z.boolean().default(false),
});
export type StageInput = z.input<typeof stageSchema>;
export type StageData = z.output<typeof stageSchema>;

export const eventSchema = z.object({
  name: z.string({ error: saying('rules.eventName') }).transform((s) => s.trim()),
  minutes: wholeNumber('Event minutes').default(0),
  seconds: wholeNumber('Event seconds').default(0),
});
export type EventData = z.output<typeof eventSchema>;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, saying('ruleMessages.atMostChars', { label, max }))
    .nullish()
    .transform((v) => v ?? '');

/** Free-text limits, so every field fits the settings file and the PDF (the described fields' from their table). */
export const RECIPE_TEXT_LIMITS = {
  product_name: PRODUCT_NAME_MAX,
  ...(Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [f.key, f.max])) as Record<RecipeTextKey, number>),
};

/** The described fields' rules, one per row of RECIPE_TEXT_FIELDS. */
const textSchemas = Object.fromEntries(
  RECIPE_TEXT_FIELDS.map((f) => [f.key, text(f.max, f.english)]),
) as Record<RecipeTextKey, ReturnType<typeof text>>;

// Bounds checked before the items: the models' own limits (1–3 stages, 2 events) come with their messages after.
const MAX_LISTED_STAGES = 3;
const MAX_LISTED_EVENTS = 2;

const STRUCTURAL = new Set(['name', 'oven_type', 'stages', 'events', 'set_temp']);

function withNormalizedName<T extends { name: string; oven_type: string }>(r: T): T {
  const model = findOvenModel(r.oven_type);
  return model ? { ...r, name: normalizeRecipeName(r.name, model) } : r;
}

/** A recipe as written by a client: every rule of spec §5 checked against its oven type. */
export const recipeInput = z
  .object({
    name: z.string({ error: saying('rules.recipeName') }),
    oven_type: z.enum(OVEN_TYPES, { error: saying('rules.ovenType') }).default(DEFAULT_OVEN_TYPE),
    product_name: text(PRODUCT_NAME_MAX, 'Product name'),
    set_temp: z.unknown().transform(normalizeSetTemp),
    category: z
      .enum(FOOD_CATEGORIES, {
        error: saying('ruleMessages.chooseCategory', { list: FOOD_CATEGORIES.join(', ') }),
      })
      .default(DEFAULT_CATEGORY),
    starting_state: z
      .enum(STARTING_STATES, {
        error: saying('ruleMessages.chooseStartingState', { list: STARTING_STATES.join(', ') }),
      })
      .nullish()
      .transform((v) => v ?? null),
    icon: z.enum(ICON_NAMES, { error: saying('ruleMessages.chooseIcon') }).default(ICON_RECIPE_DEFAULT),
    ...textSchemas,
    stages: boundedArray(
      stageSchema,
      MAX_LISTED_STAGES,
      saying('ruleMessages.maxStagesListed', { n: MAX_LISTED_STAGES }),
      {
        error: saying('rules.stageCountMin'),
      },
    ),
    events: boundedArray(eventSchema, MAX_LISTED_EVENTS, saying('rules.eventCount')).default([]),
  })
  // The recipe rules run even while a free-text field fails (a form shows every problem at once); only a body
  // whose stages, events or type are not even the right shapes is left to its shape errors.
  .superRefine((r, ctx) => report(ctx, recipeIssues(withNormalizedName(r))), {
    when: (payload: { issues: readonly { path?: PropertyKey[] }[] }) =>
      !payload.issues.some((i) => STRUCTURAL.has(String(i.path?.[0]))),
  } as never)
  .transform(withNormalizedName);
export type RecipeInput = z.input<typeof recipeInput>;
export type RecipeData = z.output<typeof recipeInput>;

/* ---------- API shapes (spec §7 "Recipes") ---------- */

export const RECIPES_PER_PAGE = 12;
export const owners = ['provider', 'community'] as const;
export type Owner = (typeof owners)[number];

/** Filter text: 'All', or names joined by commas (spec §3). Unknown names are refused. */
function filterList<T extends readonly string[]>(values: T, what: SaidValue) {
  return z
    .string()
    .optional()
    .transform((v, ctx): T[number][] | 'All' => {
      if (v === undefined || v.trim() === '' || v.trim() === 'All') return 'All';
      const parts = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const unknown = parts.filter((p) => !(values as readonly string[]).includes(p));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: saying('ruleMessages.unknownFields', { what, list: unknown.join(', ') }),
        });
        return z.NEVER;
      }
      return parts as T[number][];
    });
}

export const recipeFilters = z.object({
  ovens: filterList(OVEN_TYPES, said('ruleParts.ovenTypeWord')),
  categories: filterList(FOOD_CATEGORIES, said('ruleParts.fieldCategory')),
  search: z.string().trim().max(100, saying('ruleMessages.search100b')).optional().default(''),
});

export const recipeListQuery = recipeFilters.extend({
  owner: z
    .string()
    .optional()
    .transform((v, ctx): Owner => {
      const o = (v ?? 'provider').trim().toLowerCase();
      if (o === 'provider' || o === 'community') return o;
      ctx.addIssue({ code: 'custom', message: saying('ruleMessages.ownerChoice') });
      return z.NEVER;
    }),
  page: pageParam,
});
export type RecipeListQuery = z.input<typeof recipeListQuery>;

export const userRecipesQuery = recipeFilters.extend({
  user_id: idParam('user_id'),
  page: pageParam,
});

export const recipeCard = z.object({
  id: z.number().int(),
  name: z.string(),
  product_name: z.string(),
  category: z.string(),
  oven_type: z.string(),
  icon: z.string(),
  image_url: z.string().nullable(),
  owner: z.enum(owners),
  /** The team whose recipe it is (null: the provider's library): the client asks the permissions with it. */
  team_id: z.number().int().nullable(),
});
export type RecipeCard = z.infer<typeof recipeCard>;

export const stageData = z.object({
  order: z.number(),
  hours: z.string(),
  minutes: z.string(),
  seconds: z.string(),
  temp: z.number(),
  percent_air_top: z.number(),
  percent_air_bottom: z.number(),
  blower_percent: z.number(),
  microwave_percent: z.number(),
  ir_lvl_top: z.enum(IR_LEVELS),
  ir_lvl_bottom: z.enum(IR_LEVELS),
  force_vent_open: z.boolean(),
});

export const recipeDetail = recipeCard.extend({
  set_temp: z.number(),
  starting_state: z.string().nullable(),
  ...(Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [f.key, z.string()])) as Record<
    RecipeTextKey,
    z.ZodString
  >),
  stages: z.array(stageData),
  events: z.array(z.object({ name: z.string(), minutes: z.number(), seconds: z.number() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecipeDetail = z.infer<typeof recipeDetail>;

/**
 * A recipe write (POST/PUT): the recipe, plus its photo as a data URL (`image`), or `null` to remove it,
 * or absent to keep the current one; and for admins, `scope: 'provider'` to write to the library.
 */
export const recipeWrite = z.object({
  image: z
    .string()
    .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 40, zodMessage(IMAGE_MESSAGES.size))
    .regex(/^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/=]+$/, zodMessage(IMAGE_MESSAGES.type))
    .nullish(),
  scope: z.enum(owners).optional(),
  /** On create: copy the photo of this recipe (one you can read), for a copy made in the wizard. */
  image_from: idValue('image_from').optional(),
});

export const bulkDeleteRequest = z.object({
  data: z
    .array(z.unknown(), { error: saying('ruleMessages.idsToDelete') })
    .min(1, saying('ruleMessages.selectRecipe'))
    .max(500, onlyForLists(saying('ruleMessages.deleteMax')))
    .pipe(z.array(idValue('Each id'))) as z.ZodType<number[], number[]>,
});

/* ---------- Converting to another oven model ---------- */

const targetOvenType = z.enum(OVEN_TYPES, { error: saying('rules.ovenType') });

export const convertQuery = z.object({ oven_type: targetOvenType });

export const conversionChange = z.object({ field: z.string(), message: z.string(), said: saidWire });
export type ConversionChangeWire = z.infer<typeof conversionChange>;

/** What conversion may change; every other field is the source's. */
export const convertedFields = recipeDetail.pick({
  name: true,
  oven_type: true,
  set_temp: true,
  stages: true,
  events: true,
});

export const convertPreview = z.object({
  source: recipeDetail,
  result: convertedFields,
  changes: z.array(conversionChange),
});
export type ConvertPreview = z.infer<typeof convertPreview>;

export const convertRequest = z.object({
  ids: z
    .array(z.unknown(), { error: saying('ruleMessages.idsToConvert') })
    .min(1, saying('ruleMessages.selectRecipe'))
    .max(100, onlyForLists(saying('ruleMessages.convertMax')))
    .pipe(z.array(idValue('Each id'))) as z.ZodType<number[], number[]>,
  oven_type: targetOvenType,
});

export const convertResult = z.object({
  /** The new recipes in My Recipes, each with what changed. */
  data: z.array(
    z.object({ source_id: z.number(), id: z.number(), name: z.string(), changes: z.array(conversionChange) }),
  ),
  /**
   * Left out: already for the target model (same_model), or already converted, that is, you have a recipe of that
   * name on the target model (already_converted: convert it again after renaming that one).
   */
  skipped: z.array(
    z.object({ id: z.number(), name: z.string(), reason: z.enum(['same_model', 'already_converted']) }),
  ),
});
export type ConvertResult = z.infer<typeof convertResult>;
