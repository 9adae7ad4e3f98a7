import { said } from '../i18n/said';
import type { Issue } from './issues';
/**
 * The usage report's periods (spec §2.10, §4): which days a filter covers in the report's time zone, how its bar
 * chart is divided (months, days or hours) and what the chart is called. Pure: the server counts with it, the page
 * labels with it.
 */

export const REPORT_FILTERS = ['yearToDate', 'lastMonth', 'lastWeek', 'today', 'range'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export type ReportUnit = 'month' | 'day' | 'hour';

export interface ReportPeriod {
  filter: ReportFilter;
  /** First and last day covered, inclusive, as YYYY-MM-DD in the report's zone. */
  start: string;
  end: string;
  unit: ReportUnit;
}

/** A custom range up to this many days is charted by day; a longer one by month. */
export const DAYS_CHARTED_BY_DAY = 62;
/** The longest range the report accepts. */
export const MAX_RANGE_DAYS = 3660;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (2024-02-29 yes, 2025-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
}

export function daysBetween(start: string, end: string): number {
  return Math.round((toDate(end).getTime() - toDate(start).getTime()) / 86_400_000);
}

/** The first day of a day's month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * The days a filter covers, ending today (spec §4 defaults: start and end are today): the year so far by month, the
 * last 30 and the last 7 days by day, today by hour, and a range by day (by month when longer than 62 days).
 */
export function reportPeriod(filter: ReportFilter, today: string, start = today, end = today): ReportPeriod {
  switch (filter) {
    case 'yearToDate':
      return { filter, start: `${today.slice(0, 4)}-01-01`, end: today, unit: 'month' };
    case 'lastMonth':
      return { filter, start: addDays(today, -29), end: today, unit: 'day' };
    case 'lastWeek':
      return { filter, start: addDays(today, -6), end: today, unit: 'day' };
    case 'today':
      return { filter, start: today, end: today, unit: 'hour' };
    case 'range':
      return { filter, start, end, unit: daysBetween(start, end) < DAYS_CHARTED_BY_DAY ? 'day' : 'month' };
  }
}

/** Problems with a report request's dates, by field. */
export function reportPeriodIssues(filter: ReportFilter, start: string, end: string): Issue[] {
  if (filter !== 'range') return [];
  const issues: Issue[] = [];
  if (!isCalendarDate(start))
    issues.push({ path: ['start_date'], said: said('ruleMessages.startDateFormat') });
  if (!isCalendarDate(end)) issues.push({ path: ['end_date'], said: said('ruleMessages.endDateFormat') });
  if (issues.length > 0) return issues;
  if (end < start) issues.push({ path: ['end_date'], said: said('ruleMessages.endBeforeStart') });
  else if (daysBetween(start, end) > MAX_RANGE_DAYS)
    issues.push({ path: ['end_date'], said: said('ruleMessages.rangeTooLong') });
  return issues;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The chart's buckets: each with its key (the month's or day's first day, or the hour) and a short label. */
export function periodBuckets(period: ReportPeriod): { key: string; label: string }[] {
  if (period.unit === 'hour')
    return Array.from({ length: 24 }, (_, h) => ({
      key: String(h),
      label: `${String(h).padStart(2, '0')}:00`,
    }));
  const out: { key: string; label: string }[] = [];
  if (period.unit === 'day') {
    for (let d = period.start; d <= period.end; d = addDays(d, 1))
      out.push({ key: d, label: `${MONTHS[Number(d.slice(5, 7)) - 1]} ${Number(d.slice(8, 10))}` });
    return out;
  }
  const multiYear = period.start.slice(0, 4) !== period.end.slice(0, 4);
  for (let m = monthOf(period.start); m <= period.end; m = monthOf(addDays(m, 32))) {
    const name = MONTHS[Number(m.slice(5, 7)) - 1]!;
    out.push({ key: m, label: multiYear ? `${name} ${m.slice(0, 4)}` : name });
  }
  return out;
}

// Per zone, a formatter (making one costs more than the rest of a request's checks) and the last minute's answer:
// every zone's offset since 1972 is whole minutes, so the day and hour are the same for a whole UTC minute (callers
// ask about now).
const dayHourZones = new Map<string, { format: Intl.DateTimeFormat; minute: number; last: DayHour }>();

interface DayHour {
  day: string;
  hour: number;
}

/** The day and hour an instant falls on in a time zone (the report counts in the server's configured zone). */
export function zonedDayHour(at: Date, timeZone: string): DayHour {
  const minute = Math.floor(at.getTime() / 60_000);
  let zone = dayHourZones.get(timeZone);
  if (zone?.minute === minute) return { ...zone.last };
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    // Callers pass the configured zone, so this holds one; the bound keeps it small whatever they pass.
    if (dayHourZones.size >= 64) dayHourZones.clear();
    zone = { format, minute: Number.NaN, last: { day: '', hour: 0 } };
    dayHourZones.set(timeZone, zone);
  }
  const parts = zone.format.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  zone.minute = minute;
  zone.last = { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
  return { ...zone.last };
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
