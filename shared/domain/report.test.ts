import { describe, expect, it } from 'vitest';
import { isCalendarDate, periodBuckets, reportPeriod, reportPeriodIssues, zonedDayHour } from './report';

describe('report periods', () => {
  it('knows leap days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-1')).toBe(false);
  });

  it('charts a year so far by month and a range past 62 days by month, with years when it spans two', () => {
    expect(periodBuckets(reportPeriod('yearToDate', '2026-03-15')).map((b) => b.label)).toEqual([
      'Jan',
      'Feb',
      'Mar',
    ]);
    const long = reportPeriod('range', '2026-03-15', '2025-12-20', '2026-02-28');
    expect(long.unit).toBe('month');
    expect(periodBuckets(long).map((b) => b.key)).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(periodBuckets(long)[0]!.label).toBe('Dec 2025');
  });

  it('the last month is 30 days ending today, across a month end', () => {
    const p = reportPeriod('lastMonth', '2026-03-01');
    expect(p).toMatchObject({ start: '2026-01-31', end: '2026-03-01', unit: 'day' });
    expect(periodBuckets(p)).toHaveLength(30);
  });

  it('names the field of a bad range', () => {
    expect(reportPeriodIssues('range', '2026-03-02', '2026-03-01')[0]!.path).toEqual(['end_date']);
    expect(reportPeriodIssues('range', 'x', '2026-03-01')[0]!.path).toEqual(['start_date']);
    expect(reportPeriodIssues('today', 'x', 'y')).toEqual([]);
  });

  it("finds an instant's day and hour in a zone, through a daylight-saving change", () => {
    expect(zonedDayHour(new Date('2026-03-08T07:59:00Z'), 'America/Chicago')).toEqual({
      day: '2026-03-08',
      hour: 1,
    });
    expect(zonedDayHour(new Date('2026-03-08T08:00:00Z'), 'America/Chicago')).toEqual({
      day: '2026-03-08',
      hour: 3,
    });
    expect(zonedDayHour(new Date('2026-01-01T05:59:59Z'), 'America/Chicago')).toEqual({
      day: '2025-12-31',
      hour: 23,
    });
  });

  // The answer is kept for a UTC minute: right only if no zone changes hour inside one.
  it('changes hour on the minute in zones a quarter or half hour off, asked in turns with another zone', () => {
    const at = (iso: string, zone: string) => zonedDayHour(new Date(iso), zone);
    expect(at('2026-03-01T00:14:59Z', 'Asia/Kathmandu')).toEqual({ day: '2026-03-01', hour: 5 });
    expect(at('2026-03-01T00:14:30Z', 'Asia/Kolkata')).toEqual({ day: '2026-03-01', hour: 5 });
    expect(at('2026-03-01T00:14:01Z', 'Asia/Kathmandu')).toEqual({ day: '2026-03-01', hour: 5 });
    expect(at('2026-03-01T00:15:00Z', 'Asia/Kathmandu')).toEqual({ day: '2026-03-01', hour: 6 });
    expect(at('2026-03-01T00:29:59Z', 'Asia/Kolkata')).toEqual({ day: '2026-03-01', hour: 5 });
    expect(at('2026-03-01T00:30:00Z', 'Asia/Kolkata')).toEqual({ day: '2026-03-01', hour: 6 });
    expect(at('2026-03-01T00:30:00Z', 'UTC')).toEqual({ day: '2026-03-01', hour: 0 });
  });
});
