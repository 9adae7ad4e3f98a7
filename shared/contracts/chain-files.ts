/**
 * A chain's locations, ovens and members in and out as files (CSV or XLSX): the import's form fields, its dry run's
 * preview, the job's result, and the rules each row meets, which are the single forms' own.
 */
import { z } from 'zod';
import { CHAIN_FILE_KINDS } from '../domain/chain-files';
import { emailField } from './auth';
import { locationRequest } from './chains';
import { idParam } from './common';
import { ovenName } from './ovens';
import { saying } from './zod-said';

export const chainFileKind = z.enum(CHAIN_FILE_KINDS, {
  error: saying('ruleMessages.importKind', { kinds: CHAIN_FILE_KINDS.join(', ') }),
});

/** The import's form fields besides the file (multipart: `kind`, `dry_run`, `file`). */
export const importFields = z.object({
  kind: chainFileKind,
  dry_run: z.enum(['true', 'false'], { error: saying('ruleMessages.importDryRun') }).default('true'),
});

export const exportParams = z.object({
  id: idParam('The team id'),
  file: z
    .string()
    .regex(/^(locations|ovens|members)\.(csv|xlsx)$/, saying('ruleMessages.exportFile'))
    .transform((f) => {
      const [kind, format] = f.split('.') as [(typeof CHAIN_FILE_KINDS)[number], 'csv' | 'xlsx'];
      return { kind, format };
    }),
});

export const exampleParams = z.object({
  file: z
    .string()
    .regex(/^(locations|ovens|members)\.csv$/, saying('ruleMessages.exportFile'))
    .transform((f) => f.split('.')[0] as (typeof CHAIN_FILE_KINDS)[number]),
});

/** A problem of the file: its row (the header is row 1) and column, in the reader's language, and by key. */
export const importProblem = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.unknown()),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'problem'] as const;
/** The problems a preview lists (the count says how many there are in all). */
export const IMPORT_PROBLEMS_SHOWN = 500;
/** The rows a preview shows besides those with problems. */
export const IMPORT_LINES_SHOWN = 100;

const counts = {
  kind: chainFileKind,
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
};

/** A dry run: what applying the file would do, and every problem (the first 500 of them listed). */
export const importPreview = z.object({
  ...counts,
  problems: z.array(importProblem),
  problems_total: z.number().int(),
  /** The columns in the order `lines` give their cells. */
  columns: z.array(z.string()),
  /** The first rows and every row with a problem (up to the listed problems), with what applying does to each. */
  lines: z.array(
    z.object({ row: z.number().int(), cells: z.array(z.string()), action: z.enum(IMPORT_ACTIONS) }),
  ),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** What an applied file did. */
export const importResult = z.object(counts);
export type ImportResult = z.infer<typeof importResult>;

/** A 422 of an import: the file's problems (nothing was written). */
export const importRefusal = z.object({
  message: z.string(),
  key: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  problems: z.array(importProblem).optional(),
  problems_total: z.number().int().optional(),
});

/* The rules a row meets: the single forms' own, so a file and a form refuse the same things. */
export const locationRow = locationRequest;
export const ovenRow = z.object({ name: ovenName });
export const memberRow = z.object({
  email: emailField(saying('rules.emailRequired'), saying('rules.emailInvalid')),
});
