import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { createActivityRecorder } from '../server/db/activity-store';
import type { Db } from '../server/db/client';
import { recipesPdf } from '../server/features/recipes/recipes.pdf';
import { createRecipesService } from '../server/features/recipes/recipes.service';
import { hashToken } from '../server/lib/tokens';
import { seedDemoUsers } from '../server/seed/demo-users';
import { OVEN_TYPES } from '../shared/domain/oven-models';
import { loadMix, load as loadOnce, serveApp, withBenchDatabase } from './harness';
import { measure, ms, report, verdict } from './measure';

const RECIPES = 100_000;
const CONNECTIONS = 50;
const SECONDS = 8;

/** 100,000 library recipes with one stage each, written in a few set-based statements (beside what an earlier part of
 * the run wrote: `scale` runs this on its database). */
async function fill(db: Db) {
  await db.execute(sql`
    insert into recipes (team_id, name, product_name, oven_type, set_temp, category, icon)
    select null,
      (array['Pizza','Wings','Fries','Bagel','Cookie','Panini','Salmon','Bacon','Toast','Nachos'])[1 + i % 10] || ' ' || i,
      'Product ' || i,
      (array['Conveyor 2600/2000/1400','Matchbox 1718/1313','Matchbox M360 14/12','MiLO/Double MiLO','MiSA','Shuttle 1200/1600/2000/2600'])[1 + i % 6],
      400,
      (array['Bakery','Dairy','Pizza','Protein','Starches','Vegetable','Imported'])[1 + i % 7],
      'ICON_PIZZA'
    from generate_series(1, ${RECIPES}) as i`);
  await db.execute(sql`
    insert into recipe_stages (recipe_id, "order", hours, minutes, seconds, temp, percent_air_top, percent_air_bottom, blower_percent, microwave_percent, ir_lvl_top, ir_lvl_bottom, force_vent_open)
    select id, 1, '00', '01', '30', 400, 50, 50, 50, 0, 'OFF', 'OFF', false from recipes r
    where not exists (select 1 from recipe_stages s where s.recipe_id = r.id)`);
  await db.execute(sql`analyze`);
}

/**
 * The seeded mix: 2,000 list requests as people make them, the same for Hearth and the peer. Oven models, categories,
 * searches (a word, its first letters, a word and a number) and pages drawn from a seeded generator, the popular
 * ones more often (a few first pages of whole models are most of a library's traffic).
 */
const MIX: string[] = (() => {
  let seed = 0x2025;
  const random = () => {
    // mulberry32: the same sequence on every run.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() ** 2 * list.length)]!;
  const models = OVEN_TYPES;
  // Most asked first (`pick` favours the front of a list).
  const categories = ['Pizza', 'Bakery', 'Protein', 'Dairy', 'Starches', 'Vegetable', 'Imported'];
  const words = [
    'pizza',
    'wings',
    'fries',
    'bagel',
    'cookie',
    'panini',
    'salmon',
    'bacon',
    'toast',
    'nachos',
  ];
  return Array.from({ length: 2000 }, () => {
    const q = new URLSearchParams({ owner: 'provider' });
    if (random() < 0.7) q.set('ovens', random() < 0.8 ? pick(models) : `${pick(models)},${pick(models)}`);
    if (random() < 0.4)
      q.set('categories', random() < 0.7 ? pick(categories) : `${pick(categories)},${pick(categories)}`);
    const r = random();
    const word = pick(words);
    if (r < 0.3) q.set('search', word);
    else if (r < 0.45) q.set('search', word.slice(0, 2 + Math.floor(random() * 3)));
    else if (r < 0.55) q.set('search', `${word} ${1 + Math.floor(random() * 99)}`);
    q.set('page', String(1 + Math.floor(random() ** 3 * 8)));
    return q.toString();
  });
})();

/** The mix once through, 10 at a time, before it is measured: how long it takes cold, and what it leaves warm. */
async function coldPass(base: string, paths: string[], headers: Record<string, string>) {
  const started = performance.now();
  const run = await loadMix(base, paths, headers, { connections: 10, seconds: 0, amount: paths.length });
  return { rps: paths.length / ((performance.now() - started) / 1000), p99: run.p99, errors: run.errors };
}

const load = (url: string, headers: Record<string, string>) =>
  loadOnce(url, headers, { connections: CONNECTIONS, seconds: SECONDS });

/**
 * The peer: the same list written plainly with Fastify and pg (a user lookup by token, then a count and a page, as
 * any first version would), in its own server on the same database.
 */
async function peerRun(databaseUrl: string, token: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const peer = Fastify();
  peer.get('/recipes', async (request, reply) => {
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const user = await pool.query(
      'select u.id from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.expires_at > now()',
      [hashToken(bearer)],
    );
    if (user.rowCount === 0) return reply.code(401).send({ message: 'Unauthenticated.' });
    const q = request.query as Record<string, string>;
    // What a first version would write: a condition for each filter given.
    const params: unknown[] = [];
    const where = ['team_id is null'];
    if (q.ovens) where.push(`oven_type = any($${params.push(q.ovens.split(','))})`);
    if (q.categories) where.push(`category = any($${params.push(q.categories.split(','))})`);
    // The same folded match as Hearth's (so the same trigram index serves both): the peer differs in how it is
    // written, not in what it finds.
    if (q.search) where.push(`name_key like search_fold($${params.push(`%${q.search.toLowerCase()}%`)})`);
    const count = await pool.query(
      `select count(*)::int as n from recipes where ${where.join(' and ')}`,
      params,
    );
    const page = Number(q.page ?? 1);
    const rows = await pool.query(
      `select * from recipes where ${where.join(' and ')} order by name, id limit 12 offset ${(page - 1) * 12}`,
      params,
    );
    return { data: rows.rows, total: count.rows[0].n };
  });
  await peer.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(peer.server.address() as { port: number }).port}`;
  const url = `${base}/recipes?ovens=${encodeURIComponent('Matchbox M360 14/12,MiSA')}&categories=Pizza,Bakery&search=pizza&page=3`;
  const auth = { authorization: `Bearer ${token}` };
  try {
    const fixed = await load(url, auth);
    const paths = MIX.map((q) => `/recipes?${q}`);
    const cold = await coldPass(base, paths, auth);
    return {
      fixed,
      cold,
      mix: await loadMix(base, paths, auth, { connections: CONNECTIONS, seconds: SECONDS }),
    };
  } finally {
    await peer.close();
    await pool.end();
  }
}

/**
 * The filtered, searched recipe list at 100,000 recipes under 50 connections, against a bare endpoint of the
 * same server; the EXPLAIN of its query; and the all-recipes PDF of 1,000 recipes against loading them.
 */
export async function recipesBench() {
  await withBenchDatabase(async (ctx) => {
    const { database } = ctx;
    await seedDemoUsers(database.db);
    const started = performance.now();
    await fill(database.db);
    const filled = performance.now() - started;

    const relaxed = { max: 1e9, windowMs: 60_000 };
    const app = await serveApp(ctx, {
      rateLimits: { loginFailuresPerIp: relaxed, loginFailuresPerAccount: relaxed },
    });
    const base = app.base;
    const headers = { cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b', 'content-type': 'application/json' };
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'demo', password: 'hearth-demo-2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const query = `owner=provider&ovens=${encodeURIComponent('Matchbox M360 14/12,MiSA')}&categories=Pizza,Bakery&search=pizza&page=3`;
    const check = await fetch(`${base}/api/recipes?${query}`, { headers: auth });
    const sample = (await check.json()) as { total: number };

    const explain = await database.db.execute(sql`
      explain analyze select * from recipes
      where team_id is null and oven_type in ('Matchbox M360 14/12', 'MiSA') and category in ('Pizza', 'Bakery')
        and name_key like '%pizza%'
      order by name, id limit 12 offset 24`);
    const plan = ((explain as unknown as { rows: Record<string, string>[] }).rows ?? []).map(
      (r) => Object.values(r)[0],
    );

    const bare = await load(`${base}/api/health`, {});
    const list = await load(`${base}/api/recipes?${query}`, auth);
    const mixPaths = MIX.map((q) => `/api/recipes?${q}`);
    const cold = await coldPass(base, mixPaths, auth);
    const mix = await loadMix(base, mixPaths, auth, { connections: CONNECTIONS, seconds: SECONDS });
    const peers = process.env.DATABASE_URL ? await peerRun(process.env.DATABASE_URL, token) : null;
    const peer = peers?.fixed ?? null;

    report(
      `Recipe list: ${RECIPES.toLocaleString()} recipes (${database.kind}), ${CONNECTIONS} connections, ${SECONDS} s each`,
      [
        ['filled in', ms(filled)],
        ['matching the filters and search', `${sample.total} recipes`],
        ['baseline GET /api/health', `${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`],
        ['GET /api/recipes (filtered + searched)', `${list.rps.toFixed(0)} req/s, p99 ${list.p99} ms`],
        ['throughput ratio to baseline', `${(list.rps / bare.rps).toFixed(2)}×`],
        ...(peer
          ? ([
              ['peer: plain Fastify + pg, same work', `${peer.rps.toFixed(0)} req/s, p99 ${peer.p99} ms`],
              ['throughput ratio to the peer (one query)', `${(list.rps / peer.rps).toFixed(2)}×`],
              [
                `seeded mix of ${MIX.length} list requests, first pass (10 at a time)`,
                `${cold.rps.toFixed(0)} req/s, p99 ${cold.p99} ms; peer ${peers!.cold.rps.toFixed(0)} req/s, p99 ${peers!.cold.p99} ms`,
              ],
              [
                'first pass: throughput ratio to the peer',
                verdict(cold.rps / peers!.cold.rps, { atLeast: 2 }),
              ],
              ['first pass: p99', verdict(cold.p99, { atMost: 300 }, ' ms', 0)],
              [
                `the mix after that pass, ${CONNECTIONS} connections`,
                `${mix.rps.toFixed(0)} req/s, p99 ${mix.p99} ms`,
              ],
              ['peer, the same', `${peers!.mix.rps.toFixed(0)} req/s, p99 ${peers!.mix.p99} ms`],
              ['mix: throughput ratio to the peer', verdict(mix.rps / peers!.mix.rps, { atLeast: 3 })],
              ['mix: p99', verdict(mix.p99, { atMost: 150 }, ' ms', 0)],
            ] as [string, string][])
          : [['peer', 'PostgreSQL only: npm run bench:pg recipes'] as [string, string]]),
        [
          'errors',
          `${bare.errors + list.errors + cold.errors + mix.errors + (peer?.errors ?? 0) + (peers ? peers.mix.errors + peers.cold.errors : 0)}`,
        ],
      ],
    );
    console.log('  query plan:');
    for (const line of plan) console.log(`    ${line}`);

    // The all-recipes PDF of 1,000 recipes, against loading the same recipes without drawing them.
    const recipes = createRecipesService({
      db: database.db,
      activity: createActivityRecorder({ db: database.db, timeZone: 'UTC' }),
    });
    const filters = { ovens: 'All' as const, categories: 'All' as const, search: '' };
    const loadOnly = await measure(
      async () => {
        for await (const _ of recipes.forPdf({ owner: 'library', filters, limit: 1000 })) {
          // only reading
        }
      },
      3,
      1,
    );
    let bytes = 0;
    /** Draws and streams the PDF of the first `limit` recipes; answers its size. */
    const draw = async (limit: number) => {
      let size = 0;
      const doc = recipesPdf(recipes.forPdf({ owner: 'library', filters, limit }), {
        provider: 'Hearth',
        title: 'Bench',
        unit: 'F',
        empty: 'none',
      });
      await pipeline(
        doc,
        new Writable({
          write(chunk, _e, cb) {
            size += chunk.length;
            cb();
          },
        }),
      );
      return size;
    };
    const pdf = await measure(
      async () => {
        bytes = await draw(1000);
      },
      3,
      1,
    );
    /**
     * Over one PDF (its fonts loaded by the draws before): the process's peak RSS above where it started, and the
     * most it holds, sampled after a collection (RSS keeps what the heap grew to while it drew, held or not).
     * Medians of 3.
     */
    const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
    let samples = 0;
    const memoryOf = async (limit: number) => {
      const peaks: number[] = [];
      const helds: number[] = [];
      for (let i = 0; i < 3; i++) {
        gc();
        const base = process.memoryUsage().rss;
        const heapBase = process.memoryUsage().heapUsed;
        let peak = 0;
        let held = 0;
        const sampler = setInterval(() => {
          samples += 1;
          peak = Math.max(peak, process.memoryUsage().rss - base);
          gc();
          held = Math.max(held, process.memoryUsage().heapUsed - heapBase);
        }, 25);
        await draw(limit);
        clearInterval(sampler);
        peaks.push(Math.max(peak, process.memoryUsage().rss - base) / 1048576);
        helds.push(held / 1048576);
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
      return { peak: median(peaks), held: median(helds) };
    };
    const few = await memoryOf(100);
    const many = await memoryOf(1000);
    report('All-recipes PDF: 1,000 recipes', [
      ['baseline: load the recipes only', ms(loadOnly.median)],
      ['load + draw + stream the PDF', ms(pdf.median)],
      // Drawing a page of a recipe may cost some reads of it, not an order more.
      ['ratio to baseline', verdict(pdf.median / loadOnly.median, { atMost: 25 })],
      ['PDF size', `${(bytes / 1024 / 1024).toFixed(1)} MiB`],
      [
        'peak memory (RSS) growth, 100 / 1,000 recipes',
        `${few.peak.toFixed(1)} / ${many.peak.toFixed(1)} MB`,
      ],
      [
        'memory held (heap, collected), 100 / 1,000',
        `${few.held.toFixed(1)} / ${many.held.toFixed(1)} MB (${samples} samples in all)`,
      ],
      // Streamed: ten times the recipes, not ten times what it holds (under 1 MB counts as 1).
      ['memory held, 1,000 recipes vs 100', verdict(many.held / Math.max(1, few.held), { atMost: 2 })],
    ]);
    await app.close();
  });
}
