import { z } from 'zod';
import { ovenNameIssue } from '../domain/oven';
import { findOvenModel, OVEN_TYPES } from '../domain/oven-models';
import { warmUpsIssues } from '../domain/warm-up';
import { boundedArray, idParam, idValue, type SaidWire, saidWire } from './common';
import { type ScreenItem, screenItem } from './menus';
import { pageParam, perPageParam } from './pagination';
import { report } from './validation';
import { saying, zodMessage } from './zod-said';

export const warmUpSchema = z.object({
  name: z.string({ error: saying('rules.profileName') }).transform((s) => s.trim()),
  // Digits only, up to 3, floored (spec §5); anything else is the spec's message, never a silent 0.
  temperature: z
    .union([z.number(), z.string()], { error: saying('rules.profileTemp') })
    .transform((v, ctx) => {
      const text = String(v).trim();
      if (!/^\d{1,3}(\.\d+)?$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: saying('rules.profileTemp') });
        return z.NEVER;
      }
      return Math.floor(Number(text));
    }),
});
export type WarmUpInput = z.input<typeof warmUpSchema>;

export const ovenName = z
  .string({ error: saying('rules.ovenName') })
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const issue = ovenNameIssue(name);
    if (issue) ctx.addIssue({ code: 'custom', message: zodMessage(issue) });
  });

// More than any model allows, so the model's own message ("at most 3", "none on a Conveyor") is the one shown.
const warmUps = boundedArray(warmUpSchema, 10, saying('ruleMessages.maxWarmUps', { max: 3 })).default([]);

/** An oven's location in its create or edit form: one of your locations, or null for none. */
const ovenLocationId = idValue('The location id').nullable().optional();

/** POST /api/ovens (spec §7): name, type, warm_ups. */
export const createOvenRequest = z
  .object({
    name: ovenName,
    type: z.enum(OVEN_TYPES, { error: saying('rules.ovenType') }),
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
        ctx.addIssue({
          code: 'custom',
          message: saying('ruleMessages.unknownOvenType', { list: unknown.join(', ') }),
        });
        return z.NEVER;
      }
      return parts;
    }),
  /** Part of an oven's or its location's name. */
  search: z.string().trim().max(100, saying('ruleMessages.search100')).optional(),
  /** With `page`, a page of `per_page` ovens (50 by default); without, up to 1,000 (the spec's call). */
  page: pageParam.optional(),
  per_page: perPageParam(OVEN_LIST_MAX).optional(),
});
export type OvenListQuery = z.input<typeof ovenListQuery>;

export const ovenIdParams = z.object({ id: idParam('The oven id') });

const warmUpOut = z.object({ name: z.string(), temperature: z.number() });

/** What changed last, for the editor's Undo ("Undo: moved Pepperoni Pizza …"). */
export const lastChange = z
  .object({ summary: z.string(), said: saidWire, at: z.string(), by: z.string().nullable() })
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
  last_change: { summary: string; said: SaidWire; at: string; by: string | null } | null;
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
