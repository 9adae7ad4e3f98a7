/**
 * The admin's pages with a year of activity: 10,000 users, 100,000 recipes, 20,000 ovens and each user active on
 * about one day in three. GET /api/reports under each filter and GET /api/users (a page, and an e-mail search),
 * each beside the bare /api/health of the same server in the same run; and the plans PostgreSQL picks for the
 * report's and the list's queries (EXPLAIN), so an index that stops fitting shows.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../server/db/client';
import { createSession, createUser } from '../server/test/factories';
import { addDays } from '../shared/domain/report';
import { load as loadOnce, serveApp, withBenchDatabase } from './harness';
import { ms, report, verdict } from './measure';

const USERS = 10_000;
const RECIPES = 100_000;
const OVENS = 20_000;
const CONNECTIONS = 10;
const SECONDS = 5;

async function seed(db: Db, today: string) {
  const start = addDays(today, -364);
  await db.execute(sql`
    insert into users (username, email, password_hash, role, verified_at, created_at, last_login_at)
    select 'bench_' || g, 'bench' || g || '@kitchen' || (g % 97) || '.test', 'x', 'other', now(),
      ${start}::date + (g % 365), now() - (g % 1000) * interval '1 hour'
    from generate_series(1, ${USERS}) g`);
  const [first] = await rowsOf<{ id: number }>(
    db,
    sql`select min(id)::int as id from users where username like 'bench_%'`,
  );
  const base = Number(first!.id) - 1;
  // Each bench user owns a team of their own, numbered like them (as the teams migration did for everyone).
  await db.execute(
    sql`insert into teams (id, name) select id, username from users where username like 'bench_%'`,
  );
  await db.execute(sql`
    insert into team_members (team_id, user_id, role, current)
    select id, id, 'owner', true from users where username like 'bench_%'`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('teams', 'id'), (select max(id) from teams) + 1, false)`,
  );
  const types = sql`(array['Conveyor 2600/2000/1400','Matchbox 1718/1313','Matchbox M360 14/12','MiLO/Double MiLO','MiSA','Shuttle 1200/1600/2000/2600'])`;
  await db.execute(sql`
    insert into recipes (team_id, created_by, name, product_name, oven_type, set_temp, category, icon)
    select ${base} + 1 + (g % ${USERS}), ${base} + 1 + (g % ${USERS}), 'Dish ' || g, 'Product', ${types}[1 + g % 6], 400,
      'Pizza', 'ICON_PIZZA'
    from generate_series(1, ${RECIPES}) g`);
  await db.execute(sql`
    insert into ovens (team_id, created_by, name, type, warm_ups)
    select ${base} + 1 + (g % ${USERS}), ${base} + 1 + (g % ${USERS}), 'Oven ' || g, ${types}[1 + g % 6], '[]' from generate_series(1, ${OVENS}) g`);
  // About one day in three per user, at a few hours each.
  await db.execute(sql`
    insert into user_activity_days (day, user_id, hours)
    select ${start}::date + d, ${base} + u, (1 << (u % 24)) | (1 << ((u + d) % 24))
    from generate_series(0, 364) d, generate_series(1, ${USERS}) u where (u + d) % 3 = 0`);
  await db.execute(sql`
    insert into user_activity_months (month, user_id)
    select distinct date_trunc('month', day)::date, user_id from user_activity_days`);
  await db.execute(sql`
    insert into activity_events (kind, day, oven_type, count)
    select 'recipe_created', ${start}::date + (g % 365), ${types}[1 + g % 6], 1 from generate_series(1, ${RECIPES}) g`);
  await db.execute(sql`
    insert into activity_events (kind, day, oven_type, count)
    select 'oven_created', ${start}::date + (g % 365), ${types}[1 + g % 6], 1 from generate_series(1, ${OVENS}) g`);
  await db.execute(sql`analyze`);
}

const load = (url: string, headers: Record<string, string>) =>
  loadOnce(url, headers, { connections: CONNECTIONS, seconds: SECONDS });

/** The plan's node types, outermost first: enough to see an index scan turn into a sequential one. */
async function plan(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  const rows = await rowsOf<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`);
  return rows
    .map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, ''))
    .filter((l) => /Scan|Aggregate|Join|Sort/.test(l))
    .map((l) => l.replace(/\s+\(cost.*$/, '').replace(/ on (\w+).*$/, ' $1'))
    .slice(0, 4)
    .join(' → ');
}

export async function adminBench() {
  await withBenchDatabase(async (ctx) => {
    const { database } = ctx;
    const db = database.db;
    const today = new Date().toISOString().slice(0, 10);
    const seeding = performance.now();
    await seed(db, today);
    const seeded = performance.now() - seeding;
    const admin = await createUser(db, { role: 'admin' });
    const token = await createSession(db, admin.id);
    const app = await serveApp(ctx);
    const base = app.base;
    const headers = { authorization: `Bearer ${token}` };

    const bare = await load(`${base}/api/health`, {});
    const rows: [string, string][] = [
      [
        'data',
        `${USERS} users, ${RECIPES} recipes, ${OVENS} ovens, a year of activity (seeded in ${ms(seeded)})`,
      ],
      ['baseline GET /api/health', `${bare.rps.toFixed(0)} req/s, p50 ${bare.p50} ms`],
    ];
    const older = addDays(today, -300);
    const cases: [string, string][] = [
      ['report yearToDate', '/api/reports'],
      ['report lastMonth', '/api/reports?filter=lastMonth'],
      ['report lastWeek', '/api/reports?filter=lastWeek'],
      ['report today', '/api/reports?filter=today'],
      [
        'report range, 10 months by month',
        `/api/reports?filter=range&start_date=${older}&end_date=${addDays(today, -5)}`,
      ],
      ['users, first page', '/api/users'],
      ['users, page 200', '/api/users?page=200'],
      ['users, e-mail search', '/api/users?email=kitchen42'],
    ];
    let errors = 0;
    const rps: Record<string, number> = {};
    for (const [name, path] of cases) {
      const r = await load(`${base}${path}`, headers);
      errors += r.errors;
      rps[name] = r.rps;
      rows.push([
        name,
        `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${(r.rps / bare.rps).toFixed(3)}× the baseline)`,
      ]);
    }
    // Scaling goals: a year's report costs little more than a day's (it reads monthly rows, not every day), a late
    // page of users about what the first does, and a search no worse than half a page.
    const ratio = (a: string, b: string) => (rps[a] ?? 0) / (rps[b] ?? 1);
    rows.push([
      'year to date vs today',
      verdict(ratio('report yearToDate', 'report today'), { atLeast: 0.5 }),
    ]);
    rows.push([
      'users page 200 vs page 1',
      verdict(ratio('users, page 200', 'users, first page'), { atLeast: 0.8 }),
    ]);
    rows.push([
      'e-mail search vs page 1',
      verdict(ratio('users, e-mail search', 'users, first page'), { atLeast: 0.5 }),
    ]);
    rows.push(['errors (non-2xx)', verdict(errors, { atMost: 0 }, '', 0)]);
    await app.close();

    const lastMonth = addDays(today, -29);
    const plans: [string, ReturnType<typeof sql>][] = [
      [
        'year by month',
        sql`select month, count(*) from user_activity_months where month between ${`${today.slice(0, 4)}-01-01`} and ${today} group by month`,
      ],
      [
        '30 days by day',
        sql`select day, count(*) from user_activity_days where day between ${lastMonth} and ${today} group by day`,
      ],
      [
        'created per model',
        sql`select oven_type, sum(count) from activity_events where kind = 'recipe_created' and day between ${lastMonth} and ${today} group by oven_type`,
      ],
      [
        'e-mail search',
        sql`select id from users where email ilike '%kitchen42%' order by created_at desc limit 20`,
      ],
      ['recipes of a user', sql`select count(*) from recipes r where r.created_by = ${admin.id}`],
    ];
    for (const [name, q] of plans) rows.push([`plan: ${name}`, await plan(db, q)]);
    report(
      `Admin: report and users list (${database.kind}), ${CONNECTIONS} connections, ${SECONDS} s each`,
      rows,
    );
  });
}
