import { z } from 'zod';
import { BUTTON_COLOR_NAMES, type ButtonColor } from '../domain/catalog';
import { categoryNameIssue } from '../domain/category';
import { ICON_NAMES } from '../domain/icons';
import type { MenuSubject } from '../domain/menu';
import { LIMITS } from '../domain/messages';
import { said } from '../i18n/said';
import { idParam, idValue, readableName, saidLine, saidWire } from './common';
import { saying, zodMessage } from './zod-said';

/**
 * Screens, buttons and categories of an oven's menu as they cross the wire (spec §3, §7). The domain's menu tree
 * (shared/domain/menu.ts) is the model; these are its spec-shaped JSON and the requests that change it.
 */

export const screenTypes = ['main', 'page'] as const;
export const buttonTypes = ['recipe', 'category'] as const;

const positionValue = (field: string) => {
  const message = saying('ruleMessages.wholeFrom1', { label: field });
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const text = String(v);
    // Any whole number reaches the menu's own check, which names the slots the screen has; 0 gets the rule.
    const n = /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= 1)) {
      ctx.addIssue({ code: 'custom', message: n === 0 ? saying('ruleMessages.positionsFrom1') : message });
      return z.NEVER;
    }
    return n;
  });
};

/* ---------- What the server sends ---------- */

export type { ButtonItem, CategoryData, ScreenItem } from './menu-wire';

import type { ButtonItem, ScreenItem } from './menu-wire';

export const screenItem: z.ZodType<ScreenItem> = z
  .lazy(
    () =>
      z.object({
        screen_id: z.number().int(),
        position: z.number().int(),
        type: z.enum(screenTypes),
        screen_content: z.array(buttonItem),
      }),
    // A named component of the API's description: the tree refers to itself through it.
  )
  .meta({ id: 'MenuScreen' });

export const buttonItem: z.ZodType<ButtonItem> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      screen_id: z.number().int(),
      buttonable_id: z.number().int().nullable(),
      buttonable_type: z.literal('Recipe').nullable(),
      buttonable_name: z.string().nullable(),
      type: z.enum(buttonTypes),
      data: z
        .object({
          category_id: z.number().int(),
          name: z.string(),
          icon: z.string(),
          pages: z.array(screenItem),
        })
        .nullable(),
      icon: z.string(),
      background_color: z.enum(BUTTON_COLOR_NAMES as [ButtonColor, ...ButtonColor[]]),
      is_favorite: z.boolean(),
      recipes: z.number().int().nullable(),
    }),
  )
  .meta({ id: 'MenuButton' });

/* ---------- Requests ---------- */

/** POST /api/screens: a new main screen, or a new page inside a category. */
export const createScreenRequest = z
  .object({
    type: z.enum(screenTypes, {
      error: saying('ruleMessages.mustBeOneOf', { field: 'type', choices: "'main' or 'page'" }),
    }),
    oven_id: idValue('oven_id'),
    category_id: idValue('category_id').optional(),
    version: z.number().int().optional(),
  })
  .refine((v) => v.type === 'main' || v.category_id !== undefined, {
    path: ['category_id'],
    message: saying('ruleMessages.pageNeedsCategory'),
  });

/**
 * The request field a broken menu rule concerns, by what the rule is about (the domain's words). A route whose
 * request names it otherwise declares that in its config (`menuFields`); the error handler maps it once.
 */
export const MENU_ERROR_FIELDS: Record<MenuSubject, string> = {
  screen: 'screen_id',
  screens: 'type',
  'target-screen': 'new_screen_id',
  slot: 'position',
  'source-slot': 'current_position',
  'target-slot': 'new_position',
  category: 'category_id',
  button: 'id',
  recipe: 'buttonable_id',
  name: 'name',
  icon: 'icon',
  color: 'background_color',
  favorite: 'is_favorite',
};

/** Route config naming a menu subject's field where the request differs from MENU_ERROR_FIELDS. */
export type MenuFields = Partial<Record<MenuSubject, string>>;

/** POST /api/buttons: a recipe into a slot of a screen or page. */
export const createButtonRequest = z.object({
  position: positionValue('position'),
  screen_id: idValue('screen_id'),
  buttonable_id: idValue('buttonable_id'),
  buttonable_type: z.literal('Recipe', {
    error: saying('ruleMessages.mustBeOneOf', { field: 'buttonable_type', choices: "'Recipe'" }),
  }),
  version: z.number().int().optional(),
});
export type CreateButtonRequest = z.input<typeof createButtonRequest>;

/** PUT /api/buttons/{id}: exactly one change at a time. */
export const updateButtonRequest = z
  .object({
    buttonable_id: idValue('buttonable_id').optional(),
    icon: z.enum(ICON_NAMES, { error: saying('ruleMessages.chooseIcon') }).optional(),
    is_favorite: z
      .boolean({
        error: saying('ruleMessages.zodType', { label: 'is_favorite', kind: said('ruleParts.kindBoolean') }),
      })
      .optional(),
    background_color: z
      .enum(BUTTON_COLOR_NAMES as [ButtonColor, ...ButtonColor[]], {
        error: saying('ruleMessages.chooseColor', { list: BUTTON_COLOR_NAMES.join(', ') }),
      })
      .optional(),
    version: z.number().int().optional(),
  })
  .refine(
    (v) =>
      [v.buttonable_id, v.icon, v.is_favorite, v.background_color].filter((x) => x !== undefined).length ===
      1,
    { message: saying('ruleMessages.changeOneOf'), path: ['_'] },
  );
export type UpdateButtonRequest = z.input<typeof updateButtonRequest>;

/**
 * PUT /api/ovens/button-position/{ovenId} (spec §7): the button at current_position of screen_id goes to
 * new_position. Hearth adds new_screen_id (another screen or page), and version and button_id, with which a stale
 * editor is told the menu changed instead of moving the wrong button.
 */
export const moveButtonRequest = z.object({
  screen_id: idValue('screen_id'),
  current_position: positionValue('current_position'),
  new_position: positionValue('new_position'),
  new_screen_id: idValue('new_screen_id').optional(),
  button_id: idValue('button_id').optional(),
  version: z.number().int().optional(),
});
export type MoveButtonRequest = z.input<typeof moveButtonRequest>;

export const categoryName = z
  .string({ error: saying('rules.categoryName') })
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const issue = categoryNameIssue(name);
    if (issue) ctx.addIssue({ code: 'custom', message: zodMessage(issue) });
  });

/** POST /api/categories: a category in a slot of a main screen (Hearth keeps no empty buttons: the slot is named). */
export const createCategoryRequest = z.object({
  name: categoryName,
  oven_id: idValue('oven_id'),
  screen_id: idValue('screen_id'),
  position: positionValue('position').optional(),
  version: z.number().int().optional(),
});
export type CreateCategoryRequest = z.input<typeof createCategoryRequest>;

/** PUT /api/categories/{id}: its name, its picture, or both. */
export const updateCategoryRequest = z
  .object({
    name: categoryName.optional(),
    icon: z.enum(ICON_NAMES, { error: saying('ruleMessages.chooseIcon') }).optional(),
    version: z.number().int().optional(),
  })
  .refine((v) => v.name !== undefined || v.icon !== undefined, {
    message: saying('ruleMessages.nameOrIcon'),
    path: ['name'],
  });
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequest>;

/** An optional `version` on deletes and undo (query), for the same stale-editor check. */
export const versionQuery = z.object({ version: z.coerce.number().int().optional() });

export const menuIdParams = z.object({ id: idParam('The id') });

/* ---------- Menu versions ---------- */

export const MENU_VERSION_LIMIT = 50;

export const saveVersionRequest = z.object({
  name: z
    .string({ error: saying('ruleMessages.nameVersion') })
    .trim()
    .min(1, saying('ruleMessages.nameVersion'))
    .max(LIMITS.versionNameMax, saying('ruleMessages.versionNameMax', { n: LIMITS.versionNameMax }))
    .superRefine(readableName('version')),
  note: z
    .string()
    .trim()
    .max(LIMITS.versionNoteMax, saying('ruleMessages.noteMax', { n: LIMITS.versionNoteMax }))
    .default(''),
});
export type SaveVersionRequest = z.input<typeof saveVersionRequest>;

export const menuVersion = z.object({
  id: z.number(),
  name: z.string(),
  note: z.string(),
  /** A name and note Hearth gave ("Before Lunch v3"), said for each reader; null for what a person typed. */
  name_said: saidWire.nullable(),
  note_said: saidWire.nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  buttons: z.number(),
  recipes: z.number(),
});
export type MenuVersion = z.infer<typeof menuVersion>;

export const versionParams = z.object({
  id: idParam('The oven id'),
  versionId: idParam('The version id'),
});

/** What to compare a version with: the oven's current menu (default) or another version's id. */
export const diffQuery = z.object({
  against: z
    .union([z.literal('current'), z.coerce.number().int().positive()], {
      error: saying('ruleMessages.compareWith'),
    })
    .default('current'),
});

export const menuDiffResponse = z.object({
  from: z.object({ id: z.number(), name: z.string() }),
  to: z.object({ id: z.number().nullable(), name: z.string() }),
  lines: z.array(saidLine),
  /** Buttons of the newer menu to highlight on the editor (when it is the current menu). */
  highlight: z.array(z.number()),
  /** Slots of the current menu left empty by a removed button, to mark on the editor (when it is the current menu). */
  removed: z.array(
    z.object({ screen_id: z.number(), position: z.number(), name: z.string(), name_said: saidWire }),
  ),
});
export type MenuDiffResponse = z.infer<typeof menuDiffResponse>;
