/**
 * What crosses the wire for a chain: its locations, the fleet page, and menu templates applied across ovens.
 */

import { z } from 'zod';
import {
  FLEET_BATCH_MAX,
  FLEET_STATUSES,
  LOCATION_ADDRESS_MAX,
  LOCATION_LIMIT,
  LOCATION_NAME_MAX,
  TEMPLATE_APPLY_MAX,
  TEMPLATE_NAME_MAX,
} from '../domain/fleet';
import type { MenuTree } from '../domain/menu';
import { OVEN_TYPES } from '../domain/oven-models';
import { said } from '../i18n/said';
import { boundedArray, idParam, idValue, ovensOrLocation, readableName, saidLine, saidWire } from './common';
import { pageParam, paginated, perPageParam } from './pagination';
import { saying } from './zod-said';

/* ---------- Locations ---------- */

export const locationRequest = z.object({
  name: z
    .string({ error: saying('ruleMessages.nameLocation') })
    .trim()
    .min(1, saying('ruleMessages.nameLocation'))
    .max(LOCATION_NAME_MAX, saying('ruleMessages.locationNameMax', { n: LOCATION_NAME_MAX }))
    // It names a folder in a zip download: "///" or ".." would become "No location" there.
    .superRefine(readableName('location')),
  address: z
    .string({ error: saying('ruleMessages.addressText') })
    .trim()
    .max(LOCATION_ADDRESS_MAX, saying('ruleMessages.addressMax', { n: LOCATION_ADDRESS_MAX }))
    .default(''),
});
export type LocationRequest = z.input<typeof locationRequest>;

export const location = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  ovens: z.number().int(),
});
export type Location = z.infer<typeof location>;

/** GET /api/locations: with `page`, a page of `per_page` (50 by default); without, every one (for pickers). */
export const locationListQuery = z.object({
  /** Count only the ovens of this model in each location (a template's model). */
  ovens: z
    .string()
    .optional()
    .refine((v) => v === undefined || (OVEN_TYPES as readonly string[]).includes(v), {
      message: saying('ruleMessages.oneOvenType'),
    }),
  /** Part of a location's name or address. */
  search: z.string().trim().max(100, saying('ruleMessages.search100')).optional(),
  page: pageParam.optional(),
  per_page: perPageParam(LOCATION_LIMIT).optional(),
});

/** POST /api/locations/{id}/ovens: put several of your ovens in this location at once. */
export const assignOvensRequest = z.object({
  oven_ids: boundedArray(
    idValue('An oven id'),
    FLEET_BATCH_MAX,
    saying('ruleMessages.moveMax', { n: FLEET_BATCH_MAX }),
    {
      error: saying('ruleMessages.chooseOvensToMove'),
    },
  ).refine((ids) => ids.length > 0, saying('ruleMessages.chooseOvensToMove')),
});

/** The Ovens page's filter: a location's id, or "none" for ovens in no location. */
export const locationFilter = z.union([z.literal('none'), idParam('The location')]).optional();

/* ---------- Fleet ---------- */

export const fleetQuery = z.object({
  location: locationFilter,
  status: z
    .enum(FLEET_STATUSES, { error: saying('ruleMessages.statusOneOf', { list: FLEET_STATUSES.join(', ') }) })
    .optional(),
  model: z.enum(OVEN_TYPES, { error: saying('rules.ovenType') }).optional(),
  search: z.string().trim().max(100, saying('ruleMessages.search100')).optional(),
  page: pageParam,
  per_page: perPageParam(FLEET_BATCH_MAX).default(50),
});
export type FleetQuery = z.input<typeof fleetQuery>;

/** A version: its name, and the key of a name Hearth gave it ("Before Lunch v3"), null for a name typed. */
const namedVersion = z.object({
  id: z.number().int(),
  name: z.string(),
  name_said: saidWire.nullable(),
  created_at: z.string(),
});

export const fleetOven = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The newest named version: what the oven should run. */
  should_run: namedVersion.nullable(),
  /** The menu in Hearth was changed after that version (not yet saved as a version). */
  edited_since: z.boolean(),
  last_seen: z
    .object({
      version: z
        .object({ id: z.number().int(), name: z.string(), name_said: saidWire.nullable() })
        .nullable(),
      at: z.string(),
      by: z.string().nullable(),
      source: z.enum(['file', 'reported']),
    })
    .nullable(),
  last_download: z
    .object({ at: z.string(), version: z.string().nullable(), version_said: saidWire.nullable() })
    .nullable(),
  template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(FLEET_STATUSES),
});
export type FleetOven = z.infer<typeof fleetOven>;

export const fleetPage = paginated(fleetOven).extend({
  /** Ovens in each status under the location, model and search filters (not the status one). */
  counts: z.record(z.enum(FLEET_STATUSES), z.number().int()),
});
export type FleetPage = z.infer<typeof fleetPage>;

/* ---------- Menu templates ---------- */

export const templateName = z
  .string({ error: saying('ruleMessages.nameTemplate') })
  .trim()
  .min(1, saying('ruleMessages.nameTemplate'))
  .max(TEMPLATE_NAME_MAX, saying('ruleMessages.templateNameMax', { n: TEMPLATE_NAME_MAX }))
  .superRefine(readableName('template'));

/** POST /api/templates: a template made of one of your ovens' menu as it is now. */
export const createTemplateRequest = z.object({
  name: templateName,
  oven_id: idValue('The oven id'),
});
export type CreateTemplateRequest = z.input<typeof createTemplateRequest>;

/** PUT /api/templates/{id}: a new name, and/or the menu of an oven (of the template's model) as its new menu. */
export const updateTemplateRequest = z
  .object({ name: templateName.optional(), oven_id: idValue('The oven id').optional() })
  .refine((b) => b.name !== undefined || b.oven_id !== undefined, {
    message: saying('ruleMessages.templateUpdate'),
    path: ['name'],
  });
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequest>;

/** POST /api/templates/{id}/apply: to these ovens, or to every oven of the template's model in a location. */
export const applyTemplateRequest = ovensOrLocation(
  TEMPLATE_APPLY_MAX,
  saying('ruleMessages.applyMax', { n: TEMPLATE_APPLY_MAX }),
  {
    /** Save the result on each oven as a named version ("<template> v<n>"), so the fleet page can follow it. */
    save_version: z
      .boolean({
        error: saying('ruleMessages.zodType', { label: 'save_version', kind: said('ruleParts.kindBoolean') }),
      })
      .default(true),
  },
);
export type ApplyTemplateRequest = z.input<typeof applyTemplateRequest>;

export const templateParams = z.object({ id: idParam('The template id') });

export const menuTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  oven_type: z.string(),
  version: z.number().int(),
  buttons: z.number().int(),
  ovens: z.number().int(),
  updated_at: z.string(),
});
export type MenuTemplate = z.infer<typeof menuTemplate>;

export const templateOven = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  applied_version: z.number().int(),
  applied_at: z.string(),
  match: z.enum(['matches', 'differs', 'outdated']),
  /** How the oven's menu differs from the template's current menu (empty when it matches). */
  lines: z.array(saidLine),
});
export type TemplateOven = z.infer<typeof templateOven>;

/** POST /api/templates/{id}/preview: the same targets an application takes, answered before anything changes. */
export const previewTemplateRequest = ovensOrLocation(
  TEMPLATE_APPLY_MAX,
  saying('ruleMessages.previewMax', { n: TEMPLATE_APPLY_MAX }),
  {},
);
export type PreviewTemplateRequest = z.input<typeof previewTemplateRequest>;

/** Ovens whose differences a preview spells out; the rest of a big application are counted, not compared. */
export const TEMPLATE_PREVIEW_DETAIL = 50;

/** One oven as the template would leave it: what changes on it, that it already matches, or why it is skipped. */
export const templatePreviewOven = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  outcome: z.enum(['changes', 'matches', 'skipped', 'not_compared']),
  /** What changes on this oven's menu, from its menu now to the template's (empty unless `changes`). */
  lines: z.array(saidLine),
  message: z.string().optional(),
  said: saidWire.optional(),
});
export type TemplatePreviewOven = z.infer<typeof templatePreviewOven>;

export const templatePreview = z.object({
  ovens: z.array(templatePreviewOven),
  /** Ovens compared button by button (the first TEMPLATE_PREVIEW_DETAIL of the model). */
  compared: z.number().int(),
  changes: z.number().int(),
  matches: z.number().int(),
  skipped: z.number().int(),
});
export type TemplatePreview = z.infer<typeof templatePreview>;

/** A template's main screens as the ovens will show them: a preview, not the whole menu (no category pages). */
export const templateLayout = z.array(
  z.object({
    buttons: z.array(
      z.object({
        position: z.number().int(),
        kind: z.enum(['recipe', 'category']),
        name: z.string(),
        color: z.string(),
        /** A category's recipes, over all its pages. */
        recipes: z.number().int().optional(),
      }),
    ),
  }),
);
export type TemplateLayout = z.infer<typeof templateLayout>;

/** The preview of a menu: its main screens' buttons by slot, with each category's recipe count. */
export function layoutOf(tree: MenuTree): TemplateLayout {
  return tree.screens.map((screen) => ({
    buttons: screen.buttons.map((b) =>
      b.kind === 'recipe'
        ? { position: b.position, kind: 'recipe' as const, name: b.recipe.name, color: b.color }
        : {
            position: b.position,
            kind: 'category' as const,
            name: b.category.name,
            color: b.color,
            recipes: b.category.pages.reduce((n, p) => n + p.buttons.length, 0),
          },
    ),
  }));
}

export const menuTemplateDetail = menuTemplate.extend({
  ovens_applied: z.array(templateOven),
  layout: templateLayout,
});
export type MenuTemplateDetail = z.infer<typeof menuTemplateDetail>;

export const applyResult = z.object({
  oven_id: z.number().int(),
  name: z.string(),
  /** `matched`: the oven's menu already was the template's; it is linked to the template, its menu unchanged. */
  status: z.enum(['applied', 'matched', 'failed', 'skipped']),
  message: z.string(),
  said: saidWire,
});
export type ApplyResult = z.infer<typeof applyResult>;

export const applyTemplateResponse = z.object({
  data: z.object({
    template: menuTemplate,
    results: z.array(applyResult),
    applied: z.number().int(),
    matched: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
  }),
});
export type ApplyTemplateResponse = z.infer<typeof applyTemplateResponse>['data'];
