import { z } from 'zod';
import {
  FLEET_BATCH_MAX,
  FLEET_STATUSES,
  LOCATION_ADDRESS_MAX,
  LOCATION_LIMIT,
  LOCATION_NAME_MAX,
} from '../domain/fleet';
import { MESSAGES } from '../domain/messages';
import { ovenNameIssue } from '../domain/oven';
import { findOvenModel, OVEN_TYPES } from '../domain/oven-models';
import { warmUpsIssues } from '../domain/warm-up';
import { boundedArray, idParam, idValue, readableName } from './common';
import { type ScreenItem, screenItem } from './menus';
import { pageParam, paginated, perPageParam } from './pagination';
import { report } from './validation';

export const warmUpSchema = z.object({
  name: z.string({ error: MESSAGES.profileName }).transform((s) => s.trim()),
  // Digits only, up to 3, floored (spec §5); anything else is the spec's message, never a silent 0.
  temperature: z.union([z.number(), z.string()], { error: MESSAGES.profileTemp }).transform((v, ctx) => {
    const text = String(v).trim();
    if (!/^\d{1,3}(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.profileTemp });
      return z.NEVER;
    }
    return Math.floor(Number(text));
  }),
});
export type WarmUpInput = z.input<typeof warmUpSchema>;

export const ovenName = z
  .string({ error: MESSAGES.ovenName })
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const issue = ovenNameIssue(name);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

// More than any model allows, so the model's own message ("at most 3", "none on a Conveyor") is the one shown.
const warmUps = boundedArray(warmUpSchema, 10, 'An oven has at most 3 warm-up profiles.').default([]);

/** An oven's location in its create or edit form: one of your locations, or null for none. */
const ovenLocationId = idValue('The location id').nullable().optional();

/** POST /api/ovens (spec §7): name, type, warm_ups. */
export const createOvenRequest = z
  .object({
    name: ovenName,
    type: z.enum(OVEN_TYPES, { error: MESSAGES.ovenType }),
    warm_ups: warmUps,
    location_id: ovenLocationId,
  })
  .superRefine((o, ctx) => {
    const model = findOvenModel(o.type);
    if (model) report(ctx, warmUpsIssues(o.warm_ups, model), ['warm_ups']);
  });
export type CreateOvenRequest = z.input<typeof createOvenRequest>;

/**
 * PUT /api/ovens/{id}: name and warm-ups; the type never changes. The route checks the shape; the warm-up rules of
 * the oven's type run once the oven is found (the form checks them with `updateOvenRequest(type)`).
 */
export const updateOvenBody = z.object({ name: ovenName, warm_ups: warmUps, location_id: ovenLocationId });
export function updateOvenRequest(type: string) {
  return updateOvenBody.superRefine((o, ctx) => {
    const model = findOvenModel(type);
    if (model) report(ctx, warmUpsIssues(o.warm_ups, model), ['warm_ups']);
  });
}
export type UpdateOvenRequest = z.input<typeof updateOvenBody>;

/** The most ovens one answer of GET /api/ovens holds (the spec's call, without a page, gets this many). */
export const OVEN_LIST_MAX = 1000;
export const OVENS_PER_PAGE = 50;

/** GET /api/ovens?ovens=All: 'All' or oven types joined by commas (spec §7). */
export const ovenListQuery = z.object({
  location: z.union([z.literal('none'), idParam('The location')]).optional(),
  /** Leave out the ovens of this location (a picker of ovens to move into it). */
  outside: idParam('The location to leave out').optional(),
  ovens: z
    .string()
    .optional()
    .transform((v, ctx): string[] | 'All' => {
      if (v === undefined || v.trim() === '' || v.trim() === 'All') return 'All';
      const parts = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const unknown = parts.filter((p) => !(OVEN_TYPES as readonly string[]).includes(p));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown oven type: ${unknown.join(', ')}.` });
        return z.NEVER;
      }
      return parts;
    }),
  /** Part of an oven's or its location's name. */
  search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  /** With `page`, a page of `per_page` ovens (50 by default); without, up to 1,000 (the spec's call). */
  page: pageParam.optional(),
  per_page: perPageParam(OVEN_LIST_MAX).optional(),
});
export type OvenListQuery = z.input<typeof ovenListQuery>;

export const ovenIdParams = z.object({ id: idParam('The oven id') });

const warmUpOut = z.object({ name: z.string(), temperature: z.number() });

/** What changed last, for the editor's Undo ("Undo: moved Pepperoni Pizza …"). */
export const lastChange = z
  .object({ summary: z.string(), at: z.string(), by: z.string().nullable() })
  .nullable();

export const ovenSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  warm_ups: z.array(warmUpOut),
  screens: z.number().int(),
  recipes: z.number().int(),
  /** Every button on its menu, recipes and categories: 0 is an empty menu (which no template can be made of). */
  buttons: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OvenSummary = z.infer<typeof ovenSummary>;

/** What a small menu change answers: the oven's version and history, not its whole menu (the editor has it). */
export const ovenState = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  last_change: lastChange,
});
export type OvenState = z.infer<typeof ovenState>;

export interface OvenDetail {
  id: number;
  name: string;
  type: string;
  location: { id: number; name: string } | null;
  warm_ups: { name: string; temperature: number }[];
  version: number;
  created_at: string;
  updated_at: string;
  screens: ScreenItem[];
  can_undo: boolean;
  /** An undone change can be put back (no change made since). */
  can_redo: boolean;
  last_change: { summary: string; at: string; by: string | null } | null;
}

export const ovenDetail: z.ZodType<OvenDetail> = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  warm_ups: z.array(warmUpOut),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  screens: z.array(screenItem),
  can_undo: z.boolean(),
  can_redo: z.boolean(),
  last_change: lastChange,
});

/* ---------- Locations ---------- */

export const locationRequest = z.object({
  name: z
    .string({ error: 'Name the location.' })
    .trim()
    .min(1, 'Name the location.')
    .max(LOCATION_NAME_MAX, `A location name has at most ${LOCATION_NAME_MAX} characters.`)
    // It names a folder in a zip download: "///" or ".." would become "No location" there.
    .superRefine(readableName('A location name')),
  address: z
    .string({ error: 'The address must be text.' })
    .trim()
    .max(LOCATION_ADDRESS_MAX, `An address has at most ${LOCATION_ADDRESS_MAX} characters.`)
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
      message: 'Choose one oven type.',
    }),
  /** Part of a location's name or address. */
  search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  page: pageParam.optional(),
  per_page: perPageParam(LOCATION_LIMIT).optional(),
});

/** POST /api/locations/{id}/ovens: put several of your ovens in this location at once. */
export const assignOvensRequest = z.object({
  oven_ids: boundedArray(
    idValue('An oven id'),
    FLEET_BATCH_MAX,
    `Move at most ${FLEET_BATCH_MAX} ovens at once.`,
    {
      error: 'Choose the ovens to move.',
    },
  ).refine((ids) => ids.length > 0, 'Choose the ovens to move.'),
});

/** The Ovens page's filter: a location's id, or "none" for ovens in no location. */
export const locationFilter = z.union([z.literal('none'), idParam('The location')]).optional();

/* ---------- Fleet ---------- */

export const fleetQuery = z.object({
  location: locationFilter,
  status: z
    .enum(FLEET_STATUSES, { error: `The status must be one of ${FLEET_STATUSES.join(', ')}.` })
    .optional(),
  model: z.enum(OVEN_TYPES, { error: MESSAGES.ovenType }).optional(),
  search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  page: pageParam,
  per_page: perPageParam(FLEET_BATCH_MAX).default(50),
});
export type FleetQuery = z.input<typeof fleetQuery>;

const namedVersion = z.object({ id: z.number().int(), name: z.string(), created_at: z.string() });

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
      version: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      at: z.string(),
      by: z.string().nullable(),
      source: z.enum(['file', 'reported']),
    })
    .nullable(),
  last_download: z.object({ at: z.string(), version: z.string().nullable() }).nullable(),
  template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(FLEET_STATUSES),
});
export type FleetOven = z.infer<typeof fleetOven>;

export const fleetPage = paginated(fleetOven).extend({
  /** Ovens in each status under the location, model and search filters (not the status one). */
  counts: z.record(z.enum(FLEET_STATUSES), z.number().int()),
});
export type FleetPage = z.infer<typeof fleetPage>;
