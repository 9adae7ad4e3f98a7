import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResponse } from '../../../shared/contracts/reports';
import { createSession, createUser, recipeBody } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof createUser>> & { token: string };
let admin: Signed;

async function signedIn(role: 'admin' | 'other' = 'other'): Promise<Signed> {
  const user = await createUser(ctx.db, { role });
  return { ...user, token: await createSession(ctx.db, user.id) };
}

beforeAll(async () => {
  // Chicago is UTC-6 in winter: its midnight is 06:00 UTC, so the zone matters at every day's edge.
  ctx = await createTestContext({ env: { TIME_ZONE: 'America/Chicago' } });
  ctx.clock.now = new Date('2020-01-01T12:00:00Z');
  admin = await signedIn('admin');
});
afterAll(() => ctx?.close());

const at = (iso: string) => {
  ctx.clock.now = new Date(iso);
};
/** A request of a user at the clock's time: being active. */
const use = (u: Signed) => ctx.api('GET', '/api/auth/check', undefined, { token: u.token });
async function report(query = ''): Promise<ReportResponse> {
  const res = await ctx.api('GET', `/api/reports${query}`, undefined, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportResponse>();
}

describe('filters and their buckets', () => {
  it('yearToDate (the default): January to this month, by month, with the zone given back', async () => {
    at('2024-05-10T15:00:00Z');
    const r = await report();
    expect(r.period).toEqual({
      filter: 'yearToDate',
      start_date: '2024-01-01',
      end_date: '2024-05-10',
      unit: 'month',
      time_zone: 'America/Chicago',
    });
    expect(Object.keys(r.activeUsersCounter)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May']);
  });

  it('lastMonth is the last 30 days and lastWeek the last 7, by day; today is 24 hours', async () => {
    at('2024-03-02T15:00:00Z');
    const month = await report('?filter=lastMonth');
    expect(month.series).toHaveLength(30);
    expect(month.period).toMatchObject({ start_date: '2024-02-02', end_date: '2024-03-02', unit: 'day' });
    expect(month.series.map((s) => s.label)).toContain('Feb 29');
    const week = await report('?filter=lastWeek');
    expect(week.series.map((s) => s.label)).toEqual([
      'Feb 25',
      'Feb 26',
      'Feb 27',
      'Feb 28',
      'Feb 29',
      'Mar 1',
      'Mar 2',
    ]);
    const today = await report('?filter=today');
    expect(today.series).toHaveLength(24);
    expect(today.series[0]!.label).toBe('00:00');
  });

  it('a range is by day up to 62 days and by month beyond; a one-day range has one bar', async () => {
    at('2024-06-01T15:00:00Z');
    expect((await report('?filter=range&start_date=2024-02-29&end_date=2024-02-29')).series).toHaveLength(1);
    const long = await report('?filter=range&start_date=2023-11-15&end_date=2024-02-10');
    expect(long.period.unit).toBe('month');
    expect(Object.keys(long.activeUsersCounter)).toEqual(['Nov 2023', 'Dec 2023', 'Jan 2024', 'Feb 2024']);
  });

  it('an empty period counts zero everywhere, every oven model listed', async () => {
    at('2024-06-01T15:00:00Z');
    const r = await report('?filter=range&start_date=1999-01-01&end_date=1999-01-31');
    expect(r.totals).toEqual({ activeUsers: 0, recipesCreated: 0, ovensCreated: 0 });
    expect(Object.values(r.activeUsersCounter).every((n) => n === 0)).toBe(true);
    expect(Object.keys(r.recipesByOvenCounter)).toHaveLength(6);
    expect(r.recipesByOvenCounter.MiSA).toBe(0);
  });
});

describe('bad requests name the field', () => {
  it.each([
    ['?filter=yesterday', 'filter'],
    ['?filter=range&start_date=2025-02-29', 'start_date'],
    ['?filter=range&start_date=2024-13-01', 'start_date'],
    ['?filter=range&start_date=24-01-01', 'start_date'],
    ['?filter=range&start_date=2024-03-02&end_date=2024-03-01', 'end_date'],
    ['?filter=range&start_date=2000-01-01&end_date=2024-01-01', 'end_date'],
  ])('%s → 422 on %s', async (query, field) => {
    const res = await ctx.api('GET', `/api/reports${query}`, undefined, { token: admin.token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual([field]);
  });

  it('a range without dates is today', async () => {
    at('2024-06-01T15:00:00Z');
    expect((await report('?filter=range')).period).toMatchObject({
      start_date: '2024-06-01',
      end_date: '2024-06-01',
    });
  });
});

describe('active users', () => {
  it("are counted on the zone's day: 23:59 and 00:00 in Chicago fall on two days", async () => {
    const late = await signedIn();
    const early = await signedIn();
    at('2021-03-02T05:59:59Z'); // 2021-03-01 23:59:59 in Chicago
    await use(late);
    at('2021-03-02T06:00:00Z'); // 2021-03-02 00:00 in Chicago
    await use(early);
    const r = await report('?filter=range&start_date=2021-03-01&end_date=2021-03-02');
    expect(r.series.map((s) => [s.key, s.count])).toEqual([
      ['2021-03-01', 1],
      ['2021-03-02', 2], // the admin's own request at 00:00 counts too
    ]);
  });

  it('a user is one unique user however often they come back, per bucket and in total', async () => {
    const regular = await signedIn();
    at('2022-07-04T14:10:00Z'); // 09:10 Chicago (summer: UTC-5)
    await use(regular);
    at('2022-07-04T14:50:00Z');
    await use(regular);
    at('2022-07-04T17:05:00Z'); // 12:05 Chicago
    await use(regular);
    at('2022-07-05T15:00:00Z'); // the next day
    await use(regular);
    at('2022-07-04T18:00:00Z'); // the admin reads it on the 4th at 13:00
    const today = await report('?filter=today');
    expect(today.activeUsersCounter['09:00']).toBe(1);
    expect(today.activeUsersCounter['12:00']).toBe(1);
    expect(today.activeUsersCounter['10:00']).toBe(0);
    expect(today.totals.activeUsers).toBe(2); // the regular and the admin
    const week = await report('?filter=range&start_date=2022-07-04&end_date=2022-07-05');
    expect(week.totals.activeUsers).toBe(2);
    const year = await report('?filter=range&start_date=2022-01-01&end_date=2022-12-31');
    expect(year.period.unit).toBe('month');
    expect(year.activeUsersCounter.Jul).toBe(2);
  });

  it('a long range counts the partial months at its edges by unique user too', async () => {
    const regular = await signedIn();
    for (const day of ['2019-06-25', '2019-06-26', '2019-07-04', '2019-09-09']) {
      at(`${day}T15:00:00Z`);
      await use(regular);
    }
    at('2019-12-01T15:00:00Z');
    const r = await report('?filter=range&start_date=2019-06-20&end_date=2019-09-10');
    expect(r.period.unit).toBe('month');
    expect(r.activeUsersCounter).toEqual({ Jun: 1, Jul: 1, Aug: 0, Sep: 1 });
    expect(r.totals.activeUsers).toBe(1);
  });

  it('a log-in counts as being active', async () => {
    const user = await createUser(ctx.db);
    at('2023-01-10T18:00:00Z');
    const res = await ctx.api('POST', '/api/login', { username: user.username, password: user.password });
    expect(res.statusCode).toBe(200);
    const r = await report('?filter=today');
    expect(r.activeUsersCounter['12:00']).toBe(2); // the user and the admin reading
  });
});

describe('recipes and ovens created', () => {
  it('are counted per oven model, including copies and imports; deleting them does not uncount them', async () => {
    const cook = await signedIn();
    at('2023-09-12T16:00:00Z');
    const made = await ctx.api('POST', '/api/recipes', recipeBody({ name: 'Counted One' }), {
      token: cook.token,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ data: { id: number } }>().data.id;
    await ctx.api('POST', `/api/recipes/clone/${id}/1`, undefined, { token: cook.token });
    await ctx.api(
      'POST',
      '/api/ovens',
      { name: 'Counted', type: 'MiSA', warm_ups: [] },
      { token: cook.token },
    );
    await ctx.api('DELETE', `/api/recipes/${id}`, undefined, { token: cook.token });
    const file = readFileSync(
      new URL('../../../shared/domain/settings-file/fixtures/example-co.ai2', import.meta.url),
      'utf8',
    );
    const imported = await ctx.api(
      'POST',
      '/api/files',
      { oven_name: 'Imported', oven_type: 'Conveyor 2600/2000/1400', data: file },
      { token: cook.token },
    );
    expect(imported.statusCode).toBe(201);
    const r = await report('?filter=today');
    expect(r.recipesByOvenCounter).toMatchObject({ 'Matchbox 1718/1313': 2, 'Conveyor 2600/2000/1400': 5 });
    expect(r.createdOvensCounter).toMatchObject({
      MiSA: 1,
      'Conveyor 2600/2000/1400': 1,
      'Matchbox 1718/1313': 0,
    });
    expect(r.totals).toMatchObject({ recipesCreated: 7, ovensCreated: 2 });
  });

  it('a refused creation counts nothing', async () => {
    const cook = await signedIn();
    at('2023-10-12T16:00:00Z');
    const bad = await ctx.api('POST', '/api/recipes', recipeBody({ set_temp: 0 }), { token: cook.token });
    expect(bad.statusCode).toBe(422);
    expect((await report('?filter=today')).totals.recipesCreated).toBe(0);
  });
});
