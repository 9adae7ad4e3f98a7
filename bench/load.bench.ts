/**
 * Mixed load: 200 connections for 60 s (BENCH_SECONDS to change it) on one server, split over what kitchens do at
 * once: library and own lists, recipe details, creates, edits, deletes, menu moves and PDFs, each endpoint with its
 * own connections so each gets its own p99. The server runs as `server/main.ts` in a process of its own (as in
 * production), so its memory at start, peak and end is its own. PostgreSQL only (the data is seeded from here).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, rowsOf } from '../server/db/client';
import { createOven, createRecipe, createSession, createUser, recipeBody } from '../server/test/factories';
import type { MenuTree } from '../shared/domain/menu';
import { capCpu, childrenRss, freePort, postgresCpuMeter, rssOf, servingPids, treeCpu } from './harness';
import { report, verdict } from './measure';
import { type OpenLoopResult, openLoop } from './open-loop';

const DEFAULT_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);
const USERS = 50;

interface Cook {
  token: string;
  recipes: number[];
  spare: number[];
  oven: number;
  screen: number;
}

/** One run of the mix: the whole throughput, the worst endpoint's p99, and the errors. */
export interface LoadRun {
  processes: number;
  cpuShare?: number;
  /** Offered at the rates the first run served (open loop), instead of as fast as the server answers. */
  offered: boolean;
  rps: number;
  /** Each endpoint's requests a second, in the mix's order. */
  perMix: number[];
  p99: number;
  errors: number;
}

/**
 * A run: this many server processes, either driven as fast as they answer (every connection sends its next request
 * when the last is answered, so the server is saturated), or `offered` the rates the first run served: the load
 * that saturated it, now served by these processes.
 */
export interface LoadPlan {
  processes: number;
  offered?: boolean;
  /** Each serving process capped to this share of a core (cgroup v1), PostgreSQL and the load left free. */
  cpuShare?: number;
}

/**
 * The mix on one server process, or on several (WEB_CONCURRENCY) one run after another, on the same data; each
 * run's table printed, and its figures answered (the scale bench compares them).
 */
export async function loadBench(options: { runs?: LoadPlan[]; seconds?: number } = {}): Promise<LoadRun[]> {
  const SECONDS = options.seconds ?? DEFAULT_SECONDS;
  const out: LoadRun[] = [];
  if (!process.env.DATABASE_URL) {
    report('Mixed load', [['skipped', 'PostgreSQL only: npm run bench:pg load']]);
    return out;
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  let server: ChildProcess | undefined;
  try {
    await database.migrate();
    const db = database.db;
    // A library of 20,000 recipes, and 50 cooks each with 40 recipes, 400 to delete and an oven of 8 buttons.
    await db.execute(sql`
      insert into recipes (team_id, name, product_name, oven_type, set_temp, category, icon)
      select null, (array['Pizza','Wings','Fries','Bagel','Cookie'])[1 + i % 5] || ' ' || i, 'Product', 'Matchbox 1718/1313',
        400, (array['Bakery','Pizza','Protein'])[1 + i % 3], 'ICON_PIZZA'
      from generate_series(1, 20000) as i`);
    await db.execute(sql`
      insert into recipe_stages (recipe_id, "order", hours, minutes, seconds, temp, percent_air_top, percent_air_bottom,
        blower_percent, microwave_percent, ir_lvl_top, ir_lvl_bottom, force_vent_open)
      select id, 1, '00', '01', '30', 400, 50, 50, 50, 0, 'OFF', 'OFF', false from recipes r
      where not exists (select 1 from recipe_stages s where s.recipe_id = r.id)`);
    const cooks: Cook[] = [];
    for (let u = 0; u < USERS; u++) {
      const user = await createUser(db);
      const recipes: number[] = [];
      for (let i = 0; i < 40; i++)
        recipes.push((await createRecipe(db, { ownerId: user.id, name: `Own ${i}` })).id);
      await db.execute(sql`
        insert into recipes (team_id, created_by, name, product_name, oven_type, set_temp, category, icon)
        select ${user.teamId}, ${user.id}, 'Spare ' || i, 'Product', 'Matchbox 1718/1313', 400, 'Pizza', 'ICON_PIZZA'
        from generate_series(1, 400) as i`);
      const spare = (
        await rowsOf<{ id: number }>(
          db,
          sql`select id from recipes where team_id = ${user.teamId} and name like 'Spare %'`,
        )
      ).map((r) => Number(r.id));
      const tree: MenuTree = {
        screens: [
          {
            id: null,
            buttons: recipes.slice(0, 8).map((id, i) => ({
              id: null,
              kind: 'recipe' as const,
              position: i + 1,
              recipe: { id, name: `Own ${i}`, ovenType: 'Matchbox 1718/1313' },
              icon: 'ICON_PIZZA',
              color: 'ORANGE_900' as const,
              favorite: false,
            })),
          },
        ],
      };
      const oven = await createOven(db, user.id, { tree });
      cooks.push({
        token: await createSession(db, user.id),
        recipes,
        spare,
        oven: oven.id,
        screen: oven.screenId,
      });
    }
    await db.execute(sql`analyze`);

    for (const { processes, offered = false, cpuShare } of options.runs ?? [{ processes: 1 }]) {
      const rates = offered ? out[0]?.perMix : undefined;
      // Each run starts from a settled database: the rows an earlier run wrote and deleted vacuumed and written out
      // now, not by autovacuum and a checkpoint in the middle of the next run's window.
      await db.execute(sql`vacuum analyze`);
      await db.execute(sql`checkpoint`);
      const port = await freePort();
      // BENCH_SERVER_OPTIONS: Node options for the server and its workers (a CPU profile: --cpu-prof
      // --cpu-prof-dir=<dir>), which NODE_OPTIONS refuses.
      const options = (process.env.BENCH_SERVER_OPTIONS ?? '').split(' ').filter(Boolean);
      server = spawn(process.execPath, [...options, '--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          LOG_LEVEL: 'error',
          NODE_OPTIONS: '--trace-deprecation',
          NODE_ENV: 'production',
          SEED_DEMO: 'false',
          WEB_CONCURRENCY: String(processes),
          // Each process a share of the connections PostgreSQL allows (max_connections 100 here); LOAD_POOL sets
          // it instead (40 a process with two measured no better here: 0.81×, the cores are the limit).
          DB_POOL_MAX: process.env.LOAD_POOL ?? String(Math.max(4, Math.floor(40 / processes))),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 200; i++) {
        const ready = await fetch(`${base}/api/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const pid = server.pid!;
      let uncap: (() => void) | null = null;
      if (cpuShare !== undefined) {
        // The workers are forked once the primary has migrated: wait for all of them before capping.
        for (let i = 0; i < 100 && servingPids(pid).length < processes; i++)
          await new Promise((r) => setTimeout(r, 100));
        uncap = capCpu(servingPids(pid), cpuShare);
        if (!uncap)
          throw new Error('Capping the server processes needs root and the cgroup v1 cpu controller.');
      }
      // With several processes, the memory is the primary's and its workers'.
      const rss = () => rssOf(pid) + childrenRss(pid);
      // PDFs are drawn once when prepared; each download serves the kept bytes to the session that asked.
      const pdfs: { name: string; token: string }[] = [];
      for (const c of cooks.slice(0, 10)) {
        const res = await fetch(`${base}/api/createpdfs/${c.recipes[0]}`, {
          headers: { authorization: `Bearer ${c.token}` },
        });
        pdfs.push({ name: ((await res.json()) as { name: string }).name, token: c.token });
      }

      let n = 0;
      const pick = () => cooks[n++ % cooks.length]!;
      // A body-less request must not claim a JSON body (Fastify refuses an empty one with 400).
      const headers = (c: Cook, json = false) => ({
        authorization: `Bearer ${c.token}`,
        cookie: 'XSRF-TOKEN=b',
        'x-xsrf-token': 'b',
        ...(json ? { 'content-type': 'application/json' } : {}),
      });
      type Req = {
        method: 'GET' | 'POST' | 'PUT' | 'DELETE';
        path: string;
        headers: Record<string, string>;
        body?: string;
      };
      const mixes: { name: string; connections: number; next: () => Req }[] = [
        {
          name: 'GET library list (search, filters, pages)',
          connections: 50,
          next: () => {
            const c = pick();
            const page = 1 + (n % 20);
            return {
              method: 'GET',
              path: `/api/recipes?owner=provider&categories=Pizza,Bakery&search=pi&page=${page}`,
              headers: headers(c),
            };
          },
        },
        {
          name: 'GET own list',
          connections: 30,
          next: () => ({
            method: 'GET',
            path: '/api/recipes?owner=community&search=own',
            headers: headers(pick()),
          }),
        },
        {
          name: 'GET recipe detail',
          connections: 30,
          next: () => {
            const c = pick();
            return {
              method: 'GET',
              path: `/api/recipes/${c.recipes[n % c.recipes.length]}`,
              headers: headers(c),
            };
          },
        },
        {
          name: 'POST recipe',
          connections: 20,
          next: () => ({
            method: 'POST',
            path: '/api/recipes',
            headers: headers(pick(), true),
            body: JSON.stringify(recipeBody({ name: `Load ${n}` })),
          }),
        },
        {
          name: 'PUT recipe',
          connections: 20,
          next: () => {
            const c = pick();
            const id = c.recipes[8 + (n % 32)]!;
            return {
              method: 'PUT',
              path: `/api/recipes/${id}`,
              headers: headers(c, true),
              body: JSON.stringify(recipeBody({ name: `Edited ${n % 1000}` })),
            };
          },
        },
        {
          name: 'DELETE recipe',
          connections: 15,
          next: () => {
            const c = pick();
            const id = c.spare.pop();
            return id
              ? { method: 'DELETE', path: `/api/recipes/${id}`, headers: headers(c) }
              : { method: 'GET', path: '/api/recipes?owner=community', headers: headers(c) };
          },
        },
        {
          name: 'PUT button move',
          connections: 20,
          next: () => {
            const c = pick();
            return {
              method: 'PUT',
              path: `/api/ovens/button-position/${c.oven}`,
              headers: headers(c, true),
              body: JSON.stringify({
                screen_id: c.screen,
                current_position: 1 + (n % 8),
                new_position: 1 + ((n + 3) % 8),
              }),
            };
          },
        },
        {
          name: 'GET recipe PDF',
          connections: 15,
          next: () => {
            const pdf = pdfs[n % pdfs.length]!;
            return {
              method: 'GET',
              path: `/storage/pdf/${pdf.name}`,
              headers: { authorization: `Bearer ${pdf.token}` },
            };
          },
        },
      ];

      // A fresh process is cold (its code not yet compiled, its pool not yet open): a few seconds of the mix first,
      // then a pause to drain, so each run measures a warm server and not the backlog of its first second.
      await Promise.all(
        mixes.map((m) =>
          autocannon({
            url: base,
            connections: Math.max(1, Math.round(m.connections / 4)),
            duration: WARMUP_SECONDS,
            requests: [{ setupRequest: (r: object) => ({ ...r, ...m.next() }) }],
          } as autocannon.Options),
        ),
      );
      await new Promise((r) => setTimeout(r, 1000));

      const postgres = postgresCpuMeter();
      const cpuAt = () => ({
        server: treeCpu(pid),
        postgres: postgres.used(),
        load: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
        wall: performance.now() / 1000,
      });
      // BENCH_STATEMENTS=1 with PG_EXTRA_OPTS='-c shared_preload_libraries=pg_stat_statements': each run's
      // statements, to tell more statements a request from the same statements costing more.
      const statements = process.env.BENCH_STATEMENTS === '1';
      if (statements) {
        await db.execute(sql`create extension if not exists pg_stat_statements`);
        await db.execute(sql`select pg_stat_statements_reset()`);
      }
      const cpuStart = cpuAt();
      const startMb = rss();
      let peakMb = startMb;
      const sampler = setInterval(() => {
        peakMb = Math.max(peakMb, rss());
        postgres.sample();
      }, 250);
      // Saturated: every connection sends its next request when the last is answered. Offered: an open loop at
      // each endpoint's rate (Poisson arrivals, latency from when each request was due).
      const results: OpenLoopResult[] = rates
        ? await openLoop(
            base,
            mixes.map((m, i) => ({ ...m, rate: Math.max(1, rates[i]!) })),
            SECONDS,
          )
        : (
            await Promise.all(
              mixes.map((m) =>
                autocannon({
                  url: base,
                  connections: m.connections,
                  duration: SECONDS,
                  requests: [{ setupRequest: (r: object) => ({ ...r, ...m.next() }) }],
                } as autocannon.Options),
              ),
            )
          ).map((r, i) => ({
            name: mixes[i]!.name,
            rps: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            codes: Object.fromEntries(
              Object.entries(
                (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ??
                  {},
              ).map(([code, v]) => [code, v.count]),
            ),
            errors: r.errors + r.non2xx,
          }));
      clearInterval(sampler);
      const cpuEnd = cpuAt();
      if (statements) {
        const top = await rowsOf<{ calls: number; ms: number; query: string }>(
          db,
          sql`select calls::int, total_exec_time::float as ms, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) as query
              from pg_stat_statements order by total_exec_time desc limit 12`,
        );
        const [all] = await rowsOf<{ calls: number; exec: number; plan: number }>(
          db,
          sql`select sum(calls)::int as calls, sum(total_exec_time)::float as exec,
                sum(total_plan_time)::float as plan from pg_stat_statements`,
        );
        console.log(
          `statements ${all?.calls}, executing ${all?.exec.toFixed(0)} ms, planning ${all?.plan.toFixed(0)} ms`,
        );
        for (const t of top)
          console.log(`${String(t.calls).padStart(8)} ${t.ms.toFixed(0).padStart(7)} ms  ${t.query}`);
      }
      await new Promise((r) => setTimeout(r, 2000));
      const endMb = rss();

      const rows: [string, string][] = [];
      let errors = 0;
      for (const r of results) {
        const codes = Object.entries(r.codes)
          .map(([code, count]) => `${code}×${count}`)
          .join(' ');
        errors += r.errors;
        rows.push([r.name, `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${codes})`]);
      }
      rows.push(['errors (non-2xx, timeouts)', verdict(errors, { atMost: 0 }, '', 0)]);
      rows.push([
        'memory (RSS) start / peak / end',
        `${startMb.toFixed(0)} / ${peakMb.toFixed(0)} / ${endMb.toFixed(0)} MB`,
      ]);
      // Where the machine's cores went: on a small host the server, PostgreSQL and the load generator share them.
      const wall = cpuEnd.wall - cpuStart.wall;
      const share = (k: 'server' | 'postgres' | 'load') => ((cpuEnd[k] - cpuStart[k]) / wall).toFixed(2);
      rows.push([
        `cores used (of ${availableParallelism()})`,
        `server ${share('server')}, PostgreSQL ${share('postgres')}, load generator ${share('load')}`,
      ]);
      // What the load leaves behind is given back: no growth that a longer run would turn into a leak.
      rows.push(['memory end / start', verdict(endMb / startMb, { atMost: 1.5 })]);
      report(
        `Mixed load: 200 connections, ${SECONDS} s (server/main.ts on PostgreSQL, ${processes} ${processes === 1 ? 'process' : 'processes'}${rates ? `, offered the ${Math.round(rates.reduce((a, b) => a + b, 0))} req/s the first run served, open loop` : ', as fast as it answers'})`,
        rows,
      );
      out.push({
        processes,
        cpuShare,
        offered: rates !== undefined,
        rps: results.reduce((sum, r) => sum + r.rps, 0),
        perMix: results.map((r) => r.rps),
        p99: Math.max(...results.map((r) => r.p99)),
        errors,
      });
      uncap?.();
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
      server = undefined;
    }
    return out;
  } finally {
    server?.kill('SIGTERM');
    await database.close();
  }
}
