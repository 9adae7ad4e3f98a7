import { z } from 'zod';
import { BUTTON_COLOR_NAMES } from '../domain/catalog';
import { categoryNameIssue } from '../domain/category';
import { ICON_NAMES } from '../domain/icons';
import { MESSAGES } from '../domain/messages';

/** Screens, buttons and categories of an oven's menu (spec §3, §7). Limits per model live in the domain. */
const id = (what: string) =>
  z.coerce
    .number({ error: `${what} is required.` })
    .int()
    .positive(`${what} is required.`);
const position = z.coerce
  .number({ error: 'The position must be a number.' })
  .int()
  .min(1, 'Positions start at 1.');

export const screenTypes = ['main', 'page'] as const;

export const screenSchema = z.object({
  screen_id: z.number().int(),
  position: z.number().int(),
  type: z.enum(screenTypes),
});

export const buttonTypes = ['recipe', 'category'] as const;

export const buttonSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  screen_id: z.number().int(),
  buttonable_id: z.number().int().nullable(),
  buttonable_type: z.literal('Recipe').nullable(),
  buttonable_name: z.string().nullable(),
  type: z.enum(buttonTypes),
  data: z.unknown().optional(),
  icon: z.enum(ICON_NAMES),
  background_color: z.enum(BUTTON_COLOR_NAMES),
  is_favorite: z.boolean(),
});

export const categoryName = z
  .string({ error: MESSAGES.categoryName })
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const issue = categoryNameIssue(name);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** POST /api/screens: a new main screen, or a new page inside a category. */
export const createScreenRequest = z
  .object({ type: z.enum(screenTypes), oven_id: id('oven_id'), category_id: id('category_id').optional() })
  .refine((v) => v.type === 'main' || v.category_id !== undefined, {
    path: ['category_id'],
    message: 'A page belongs to a category: category_id is required.',
  });

/** POST /api/buttons */
export const createButtonRequest = z.object({
  position,
  screen_id: id('screen_id'),
  buttonable_id: id('buttonable_id'),
  buttonable_type: z.literal('Recipe', { error: "buttonable_type must be 'Recipe'." }),
});

/** PUT /api/buttons/{id}: exactly one change at a time. */
export const updateButtonRequest = z
  .object({
    buttonable_id: id('buttonable_id').optional(),
    icon: z.enum(ICON_NAMES, { error: 'Choose one of the icons.' }).optional(),
    is_favorite: z.boolean().optional(),
    background_color: z
      .enum(BUTTON_COLOR_NAMES, { error: `Choose one of ${BUTTON_COLOR_NAMES.join(', ')}.` })
      .optional(),
  })
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, {
    message: 'Change one of buttonable_id, icon, is_favorite or background_color.',
  });

/** PUT /api/ovens/button-position/{ovenId} */
export const moveButtonRequest = z.object({
  screen_id: id('screen_id'),
  current_position: position,
  new_position: position,
});

/** POST /api/categories and PUT /api/categories/{id} */
export const createCategoryRequest = z.object({
  name: categoryName,
  oven_id: id('oven_id'),
  screen_id: id('screen_id'),
  button_id: id('button_id').optional(),
});
export const renameCategoryRequest = z.object({ name: categoryName });
