import { z } from 'zod';
import { JOB_STATUSES } from '../domain/job';
import { importResult } from './chain-files';
import { applyTemplateResponse } from './chains';
import { idParam, saidWire } from './common';
import { settingsZip, shareResult } from './settings-files';

/**
 * Heavy work runs as a job (a template over many ovens, a zip, a PDF, a share by e-mail, whose attachment is
 * built first): the request that asks for it answers 202 with the job, and the page follows
 * GET /api/jobs/{id} until it is done (its progress as `done` of `total` ovens or recipes).
 */

/** A PDF of recipes, drawn once: download it from /storage/pdf/{name} with the session that asked. */
export const recipesPdfResult = z.object({
  name: z.string(),
  total: z.number().int(),
  size: z.number().int(),
});
export type RecipesPdfResult = z.infer<typeof recipesPdfResult>;

const common = {
  id: z.number().int(),
  status: z.enum(JOB_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Why a failed job stopped, in words for the person who asked. */
  error: z.string().nullable(),
  error_said: saidWire.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
};

export const job = z.discriminatedUnion('kind', [
  z.object({
    ...common,
    kind: z.literal('template-apply'),
    result: applyTemplateResponse.shape.data.nullable(),
  }),
  z.object({
    ...common,
    kind: z.literal('settings-zip'),
    result: settingsZip.nullable(),
    /**
     * The zip's address from the moment it is queued (null for a zip queued before zips streamed): fetched while
     * the job runs, it streams the ovens' files as they are built and is cut off if the job fails.
     */
    download: z.object({ file: z.string(), name: z.string() }).nullable(),
  }),
  z.object({ ...common, kind: z.literal('recipes-pdf'), result: recipesPdfResult.nullable() }),
  z.object({ ...common, kind: z.literal('share'), result: shareResult.nullable() }),
  z.object({ ...common, kind: z.literal('chain-import'), result: importResult.nullable() }),
]);
export type Job = z.infer<typeof job>;
export type JobKind = Job['kind'];
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;

export const jobResponse = z.object({ data: job });
export const jobParams = z.object({ id: idParam('The job id') });
