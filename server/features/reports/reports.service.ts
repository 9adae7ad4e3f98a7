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
    // By month: the months the period covers whole (as far as anything can have happened) from the monthly table,
    // the one or two partial months at its edges from the daily one; the total is the union of both.
    const lastDay = (m: string) => addDays(monthOf(addDays(m, 32)), -1);
    const months = periodBuckets(period).map((b) => b.key);
    // Only the first and the last month can be partial, so the whole ones are one run of months.
    const whole = months.filter((m) => m >= start && (lastDay(m) <= end || end >= today));
    const edges = months
      .filter((m) => !whole.includes(m))
      .map((m) => ({ month: m, from: m < start ? start : m, to: lastDay(m) > end ? end : lastDay(m) }));
    const buckets = new Map<string, number>();
    if (whole.length > 0) {
      const rows = await rowsOf<{ k: string; n: number }>(
        db,
        sql`select to_char(month, 'YYYY-MM-DD') as k, count(*)::int as n from user_activity_months
            where month between ${whole[0]} and ${whole[whole.length - 1]} group by month`,
      );
      for (const r of rows) buckets.set(r.k, Number(r.n));
    }
    for (const e of edges) {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(distinct user_id)::int as n from user_activity_days where day between ${e.from} and ${e.to}`,
      );
      buckets.set(e.month, Number(row?.n ?? 0));
    }
    const edgeDays = edges.length
      ? sql.join(
          edges.map((e) => sql`(day between ${e.from} and ${e.to})`),
          sql` or `,
        )
      : sql`false`;
    const [total] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select user_id from user_activity_months where ${
              whole.length > 0 ? sql`month between ${whole[0]} and ${whole[whole.length - 1]}` : sql`false`
            }
            union
            select user_id from user_activity_days where ${edgeDays}
          ) as active`,
    );
    return { buckets, total: Number(total?.n ?? 0) };
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
