import { z } from 'zod';
import { REPORT_FILTERS } from '../domain/report';
import { saying } from './zod-said';

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, saying('ruleMessages.dateFormat', { what }))
    .optional();

/**
 * GET /api/reports?filter&start_date&end_date (spec §7 Admin, §4: yearToDate by default; the dates default to today
 * and are read only for a range). Calendar checks and "end before start" are the domain's (`reportPeriodIssues`).
 */
export const reportQuery = z.object({
  filter: z
    .enum(REPORT_FILTERS, { error: saying('ruleMessages.chooseFilter', { list: REPORT_FILTERS.join(', ') }) })
    .optional()
    .default('yearToDate'),
  start_date: day(saying('ruleParts.startDate')),
  end_date: day(saying('ruleParts.endDate')),
});
export type ReportQuery = z.input<typeof reportQuery>;

const counts = z.record(z.string(), z.number().int());

/**
 * Spec §3 report data: activeUsersCounter (chart label → unique users), recipesByOvenCounter and createdOvensCounter
 * (oven model → count, every model listed), with the totals, the period as counted and the series with its keys.
 */
export const reportResponse = z.object({
  activeUsersCounter: counts,
  recipesByOvenCounter: counts,
  createdOvensCounter: counts,
  totals: z.object({
    activeUsers: z.number().int(),
    recipesCreated: z.number().int(),
    ovensCreated: z.number().int(),
  }),
  period: z.object({
    filter: z.enum(REPORT_FILTERS),
    start_date: z.string(),
    end_date: z.string(),
    unit: z.enum(['month', 'day', 'hour']),
    time_zone: z.string(),
  }),
  series: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type ReportResponse = z.infer<typeof reportResponse>;
