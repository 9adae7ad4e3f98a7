/**
 * The noisy neighbour: one user's requests while another user uploads the largest settings files again and again
 * and applies a template to a location of 1,000 ovens. Goal: the quiet user's p99 stays within 3× of the same load
 * on an idle server, measured in the same run. The server runs as `server/main.ts` in its own process, so its memory
 * before, at peak and after is its own. On the embedded database (one connection for everyone) the imports'
 * transactions queue every query behind them: the goal is for PostgreSQL, where production runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, rowsOf } from '../server/db/client';
import { createOven, createRecipe, createSession, createUser } from '../server/test/factories';
import type { MenuTree } from '../shared/domain/menu';
import { maximalMiloSettings } from '../shared/domain/settings-file/examples';
import { writeSettingsFile } from '../shared/domain/settings-file/serialize';
import { finishJob, freePort, load, rssOf } from './harness';
import { report, verdict } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OVENS = 1000;
const GOAL = 3;

export async function neighbourBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-neighbour-'));
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  let server: ChildProcess | undefined;
  try {
    // Seeded from here, then closed: the embedded database is locked to one process, the server's.
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
    await database.migrate();
    const db = database.db;
    const quiet = await createUser(db);
    const quietRecipes = [];
    for (let i = 0; i < 8; i++)
      quietRecipes.push(await createRecipe(db, { ownerId: quiet.id, name: `Quiet ${i}` }));
    const quietTree: MenuTree = {
      screens: [
        {
          id: null,
          buttons: quietRecipes.map((r, i) => ({
            id: null,
            kind: 'recipe' as const,
            position: i + 1,
            recipe: { id: r.id, name: r.name, ovenType: 'Matchbox 1718/1313' },
            icon: 'ICON_PIZZA',
            color: 'ORANGE_900' as const,
            favorite: false,
          })),
        },
      ],
    };
    const quietOven = await createOven(db, quiet.id, { tree: quietTree });
    const quietToken = await createSession(db, quiet.id);

    const noisy = await createUser(db);
    const noisyToken = await createSession(db, noisy.id);
    const source = await createOven(db, noisy.id, {
      tree: {
        screens: [
          {
            id: null,
            buttons: [
              {
                id: null,
                kind: 'recipe' as const,
                position: 1,
                recipe: {
                  id: (await createRecipe(db, { ownerId: noisy.id, name: 'Noisy' })).id,
                  name: 'Noisy',
                  ovenType: 'Matchbox 1718/1313',
                },
                icon: 'ICON_PIZZA',
                color: 'ORANGE_900' as const,
                favorite: false,
              },
            ],
          },
        ],
      },
    });
    const [place] = await rowsOf<{ id: number }>(
      db,
      sql`insert into locations (team_id, name) values (${noisy.teamId}, 'Warehouse') returning id`,
    );
    for (let i = 0; i < OVENS; i++) await createOven(db, noisy.id, { name: `Line ${i}` });
    await db.execute(
      sql`update ovens set location_id = ${place!.id} where team_id = ${noisy.teamId} and name like 'Line %'`,
    );
    await db.execute(sql`analyze`);
    await database.close();

    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'error',
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${base}/api/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = server.pid!;
    const quietHeaders = { authorization: `Bearer ${quietToken}` };
    const noisyHeaders = {
      authorization: `Bearer ${noisyToken}`,
      cookie: 'XSRF-TOKEN=b',
      'x-xsrf-token': 'b',
    };
    const quietUrl = `${base}/api/ovens/${quietOven.id}`;
    const quietLoad = () => load(quietUrl, quietHeaders, { connections: 10, seconds: SECONDS });
    const file = Buffer.from(writeSettingsFile(maximalMiloSettings()));

    // Warm: the codec worker, the first import of the library's recipes, the query plans.
    await fetch(`${base}/api/files/raw?oven_name=Warm&oven_type=MiLO%2FDouble%20MiLO`, {
      method: 'POST',
      headers: { ...noisyHeaders, 'content-type': 'application/octet-stream' },
      body: file,
    });
    await load(quietUrl, quietHeaders, { connections: 10, seconds: 2 });

    const rssBefore = rssOf(pid);
    const idle = await quietLoad();

    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 100);
    const template = (await (
      await fetch(`${base}/api/templates`, {
        method: 'POST',
        headers: { ...noisyHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Everywhere', oven_id: source.id }),
      })
    ).json()) as { data: { id: number } };
    let stop = false;
    let imports = 0;
    const applyStarted = performance.now();
    const applying = fetch(`${base}/api/templates/${template.data.id}/apply`, {
      method: 'POST',
      headers: { ...noisyHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ location_id: place!.id, save_version: true }),
    }).then((res) => finishJob<{ applied: number }>(base, noisyHeaders, res));
    const uploading = (async () => {
      while (!stop) {
        const res = await fetch(
          `${base}/api/files/raw?oven_name=Big%20${imports}&oven_type=MiLO%2FDouble%20MiLO`,
          {
            method: 'POST',
            headers: { ...noisyHeaders, 'content-type': 'application/octet-stream' },
            body: file,
          },
        );
        await res.arrayBuffer();
        if (res.status === 201) imports++;
      }
    })();
    const noisyRun = await quietLoad();
    const applied = await applying;
    const applyMs = performance.now() - applyStarted;
    stop = true;
    await uploading;
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = rssOf(pid);

    const ratio = noisyRun.p99 / Math.max(1, idle.p99);
    report(
      `Noisy neighbour (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): GET /api/ovens/{id} of a quiet user, 10 connections, ${SECONDS} s`,
      [
        [
          'idle server',
          `${idle.rps.toFixed(0)} req/s, p50 ${idle.p50} ms, p99 ${idle.p99} ms, errors ${idle.errors}`,
        ],
        [
          `while a neighbour imports 15 MB files (${imports} done) and applies a template to ${OVENS} ovens`,
          `${noisyRun.rps.toFixed(0)} req/s, p50 ${noisyRun.p50} ms, p99 ${noisyRun.p99} ms, errors ${noisyRun.errors}`,
        ],
        ['p99 ratio to the idle server', verdict(ratio, { atMost: GOAL })],
        [
          `template to ${OVENS} ovens`,
          `${applied.status}, ${applied.result?.applied ?? 0} applied in ${(applyMs / 1000).toFixed(1)} s (${(applyMs / OVENS).toFixed(1)} ms an oven)`,
        ],
        [
          'server RSS',
          `before ${rssBefore.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${rssAfter.toFixed(0)} MB`,
        ],
      ],
    );
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
