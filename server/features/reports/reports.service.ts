import { sql } from 'drizzle-orm';
import type { ReportResponse } from '../../../shared/contracts/reports';
import { OVEN_TYPES } from '../../../shared/domain/oven-models';
import {
  addDays,
  monthOf,
  periodBuckets,
  type ReportFilter,
  type ReportPeriod,
  reportPeriod,
  reportPeriodIssues,
  zonedDayHour,
} from '../../../shared/domain/report';
import { type Db, rowsOf } from '../../db/client';
import { ValidationError } from '../../lib/errors';

/** Whether the period is whole months as far as anything can have happened (its end is today or a month's end). */
function wholeMonths(period: ReportPeriod, today: string): boolean {
  const lastOfMonth = addDays(monthOf(addDays(monthOf(period.end), 32)), -1);
  return period.start === monthOf(period.start) && (period.end >= today || period.end === lastOfMonth);
}

export function createReportsService(deps: { db: Db; timeZone: string; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Unique users per bucket and over the whole period. */
  async function activeUsers(period: ReportPeriod, today: string) {
    const { start, end } = period;
    if (period.unit === 'hour') {
      const rows = await rowsOf<{ h: number; n: number }>(
        db,
        sql`select h, count(*)::int as n from user_activity_days, generate_series(0, 23) as h
            where day = ${start} and (hours >> h) & 1 = 1 group by h`,
      );
      const [total] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from user_activity_days where day = ${start}`,
      );
      return { buckets: new Map(rows.map((r) => [String(r.h), Number(r.n)])), total: Number(total?.n ?? 0) };
    }
    if (period.unit === 'day') {
      const rows = await rowsOf<{ k: string; n: number }>(
        db,
        sql`select to_char(day, 'YYYY-MM-DD') as k, count(*)::int as n from user_activity_days
            where day between ${start} and ${end} group by day`,
      );
      const [total] = await rowsOf<{ n: number }>(
        db,
        sql`select count(distinct user_id)::int as n from user_activity_days where day between ${start} and ${end}`,
      );
      return { buckets: new Map(rows.map((r) => [r.k, Number(r.n)])), total: Number(total?.n ?? 0) };
    }
    // By month: the monthly table when the period is whole months (a year so far reads ~12 rows a user), else days.
    const monthly = wholeMonths(period, today);
    const rows = monthly
      ? await rowsOf<{ k: string; n: number }>(
          db,
          sql`select to_char(month, 'YYYY-MM-DD') as k, count(*)::int as n from user_activity_months
              where month between ${start} and ${end} group by month`,
        )
      : await rowsOf<{ k: string; n: number }>(
          db,
          sql`select to_char(date_trunc('month', day), 'YYYY-MM-DD') as k, count(distinct user_id)::int as n
              from user_activity_days where day between ${start} and ${end} group by 1`,
        );
    const [total] = monthly
      ? await rowsOf<{ n: number }>(
          db,
          sql`select count(distinct user_id)::int as n from user_activity_months where month between ${start} and ${end}`,
        )
      : await rowsOf<{ n: number }>(
          db,
          sql`select count(distinct user_id)::int as n from user_activity_days where day between ${start} and ${end}`,
        );
    return { buckets: new Map(rows.map((r) => [r.k, Number(r.n)])), total: Number(total?.n ?? 0) };
  }

  /** Recipes or ovens created per oven model in the period, every model listed. */
  async function createdByModel(kind: 'recipe_created' | 'oven_created', period: ReportPeriod) {
    const rows = await rowsOf<{ t: string; n: number }>(
      db,
      sql`select oven_type as t, sum(count)::int as n from activity_events
          where kind = ${kind} and day between ${period.start} and ${period.end} group by oven_type`,
    );
    const found = new Map(rows.map((r) => [r.t, Number(r.n)]));
    const out: Record<string, number> = {};
    for (const type of OVEN_TYPES) out[type] = found.get(type) ?? 0;
    // A model no longer sold keeps its history.
    for (const [type, n] of found) if (!(type in out)) out[type] = n;
    return out;
  }

  return {
    timeZone: deps.timeZone,

    /** Spec §7 GET /api/reports: the period of the filter, in the report's zone, counted. */
    async report(query: {
      filter: ReportFilter;
      start_date?: string;
      end_date?: string;
    }): Promise<ReportResponse> {
      const today = zonedDayHour(now(), deps.timeZone).day;
      const start = query.start_date ?? today;
      const end = query.end_date ?? today;
      const issues = reportPeriodIssues(query.filter, start, end);
      if (issues.length > 0) throw ValidationError.fromIssues(issues);
      const period = reportPeriod(query.filter, today, start, end);
      const [active, recipes, ovens] = await Promise.all([
        activeUsers(period, today),
        createdByModel('recipe_created', period),
        createdByModel('oven_created', period),
      ]);
      const series = periodBuckets(period).map((b) => ({ ...b, count: active.buckets.get(b.key) ?? 0 }));
      const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
      return {
        activeUsersCounter: Object.fromEntries(series.map((s) => [s.label, s.count])),
        recipesByOvenCounter: recipes,
        createdOvensCounter: ovens,
        totals: { activeUsers: active.total, recipesCreated: sum(recipes), ovensCreated: sum(ovens) },
        period: {
          filter: period.filter,
          start_date: period.start,
          end_date: period.end,
          unit: period.unit,
          time_zone: deps.timeZone,
        },
        series,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
