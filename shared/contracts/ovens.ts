import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { ovenNameIssue } from '../domain/oven';
import { findOvenModel, OVEN_TYPES } from '../domain/oven-models';
import { warmUpsIssues } from '../domain/warm-up';
import { report } from './validation';

export const warmUpSchema = z.object({
  name: z.string({ error: MESSAGES.profileName }).transform((s) => s.trim()),
  temperature: z.coerce.number({ error: MESSAGES.profileTemp }).transform(Math.floor),
});

export const ovenName = z
  .string({ error: MESSAGES.ovenName })
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const issue = ovenNameIssue(name);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** POST /api/ovens (spec §7): name, type, warm_ups. */
export const createOvenRequest = z
  .object({
    name: ovenName,
    type: z.enum(OVEN_TYPES, { error: MESSAGES.ovenType }),
    warm_ups: z.array(warmUpSchema).default([]),
  })
  .superRefine((o, ctx) => {
    const model = findOvenModel(o.type);
    if (model) report(ctx, warmUpsIssues(o.warm_ups, model), ['warm_ups']);
  });
export type CreateOvenRequest = z.input<typeof createOvenRequest>;

/** PUT /api/ovens/{id}: name and warm-ups (the type never changes). */
export function updateOvenRequest(type: string) {
  return z.object({ name: ovenName, warm_ups: z.array(warmUpSchema).default([]) }).superRefine((o, ctx) => {
    const model = findOvenModel(type);
    if (model) report(ctx, warmUpsIssues(o.warm_ups, model), ['warm_ups']);
  });
}
