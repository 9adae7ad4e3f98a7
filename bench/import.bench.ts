/**
 * Settings files at their largest: the maximal MiLO file (32 categories × 1,024 recipes, about 15 MB) imported end
 * to end through POST /api/files, beside a raw bulk insert of the same rows (one SQL statement per table) in the same
 * run; how fast another user's oven list answers while an import runs; and the download of that oven and the menu
 * PDF of it, each timed with its peak memory in a process of its own (PostgreSQL only: PGlite cannot be shared).
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../server/db/client';
import { createSession, createUser } from '../server/test/factories';
import { maximalMiloSettings } from '../shared/domain/settings-file/examples';
import { parseSettings } from '../shared/domain/settings-file/parse';
import { serializeSettings } from '../shared/domain/settings-file/serialize';
import type { OvenSettings } from '../shared/domain/settings-file/types';
import { serveApp, withBenchDatabase } from './harness';
import { ms, report, verdict } from './measure';

const RUNS = 3;

/** The floor: the file's rows written with one INSERT per table and nothing else (no checks, no dedupe). */
async function rawInsert(
  db: DbOrTx,
  settings: OvenSettings,
  owner: { id: number; teamId: number },
): Promise<void> {
  const ids = async (table: string, n: number) =>
    (
      (await db.execute(
        sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${n})`,
      )) as unknown as { rows: { id: string | number }[] }
    ).rows.map((r) => Number(r.id));
  await db.transaction(async (tx) => {
    const recipeIds = await ids('recipes', settings.recipes.length);
    const recipes = settings.recipes.map((r, i) => ({ ...r, id: recipeIds[i], oven_type: settings.type }));
    await tx.execute(sql`insert into recipes (id, team_id, created_by, name, product_name, oven_type, set_temp,
        category, starting_state, dish_type, brand, icon, sku, weight, quantity, ingredients, outcome_attributes,
        procedure, outcome) overriding system value
      select id, ${owner.teamId}, ${owner.id}, name, product_name, oven_type, set_temp, category, starting_state, dish_type,
        brand, icon, sku, weight, quantity, ingredients, outcome_attributes, procedure, outcome
      from json_to_recordset(${JSON.stringify(recipes)}::json) as x(id int, name text, product_name text,
        oven_type text, set_temp int, category text, starting_state text, dish_type text, brand text, icon text,
        sku text, weight text, quantity text, ingredients text, outcome_attributes text, procedure text, outcome text)`);
    const stages = settings.recipes.flatMap((r, i) =>
      r.stages.map((s) => ({ ...s, recipe_id: recipeIds[i] })),
    );
    await tx.execute(sql`insert into recipe_stages (recipe_id, "order", hours, minutes, seconds, temp,
        percent_air_top, percent_air_bottom, blower_percent, microwave_percent, ir_lvl_top, ir_lvl_bottom,
        force_vent_open)
      select * from json_to_recordset(${JSON.stringify(stages)}::json) as x(recipe_id int, "order" int, hours text,
        minutes text, seconds text, temp int, percent_air_top int, percent_air_bottom int, blower_percent int,
        microwave_percent int, ir_lvl_top text, ir_lvl_bottom text, force_vent_open boolean)`);
    const events = settings.recipes.flatMap((r, i) =>
      r.events.map((e, n) => ({ ...e, recipe_id: recipeIds[i], position: n + 1 })),
    );
    await tx.execute(sql`insert into recipe_events (recipe_id, position, name, minutes, seconds)
      select * from json_to_recordset(${JSON.stringify(events)}::json) as x(recipe_id int, position int,
        name text, minutes int, seconds int)`);
    const [oven] = (
      (await tx.execute(
        sql`insert into ovens (team_id, created_by, name, type, warm_ups) values (${owner.teamId}, ${owner.id}, 'Raw', ${settings.type}, '[]') returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const categoryIds = await ids('menu_categories', settings.categories.length);
    await tx.execute(sql`insert into menu_categories (id, oven_id, name, icon) overriding system value
      select id, ${oven!.id}, name, icon from json_to_recordset(${JSON.stringify(
        settings.categories.map((c, i) => ({ id: categoryIds[i], name: c.name, icon: c.icon })),
      )}::json) as x(id int, name text, icon text)`);
    const pages = settings.categories.flatMap((c, i) => c.pages.map((p, n) => ({ c: i, n, p })));
    const screenIds = await ids('menu_screens', settings.screens.length + pages.length);
    const screens = [
      ...settings.screens.map((_, i) => ({ id: screenIds[i], category_id: null, position: i + 1 })),
      ...pages.map((p, i) => ({
        id: screenIds[settings.screens.length + i],
        category_id: categoryIds[p.c],
        position: p.n + 1,
      })),
    ];
    await tx.execute(sql`insert into menu_screens (id, oven_id, category_id, position) overriding system value
      select id, ${oven!.id}, category_id, position
      from json_to_recordset(${JSON.stringify(screens)}::json) as x(id int, category_id int, position int)`);
    const buttons = [
      ...settings.screens.flatMap((s, i) =>
        s.buttons.map((b) => ({
          screen_id: screenIds[i],
          position: b.position,
          recipe_id: b.kind === 'recipe' ? recipeIds[b.ref - 1] : null,
          category_id: b.kind === 'category' ? categoryIds[b.ref - 1] : null,
          icon: b.icon,
          color: b.color,
          favorite: b.favorite,
        })),
      ),
      ...pages.flatMap((p, i) =>
        p.p.buttons.map((b) => ({
          screen_id: screenIds[settings.screens.length + i],
          position: b.position,
          recipe_id: recipeIds[b.ref - 1],
          category_id: null,
          icon: b.icon,
          color: b.color,
          favorite: b.favorite,
        })),
      ),
    ];
    await tx.execute(sql`insert into menu_buttons (oven_id, screen_id, position, recipe_id, category_id, icon,
        color, favorite)
      select ${oven!.id}, screen_id, position, recipe_id, category_id, icon, color, favorite
      from json_to_recordset(${JSON.stringify(buttons)}::json) as x(screen_id int, position int, recipe_id int,
        category_id int, icon text, color text, favorite boolean)`);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One measured operation in a fresh process, so its peak memory is its own. */
function inChild(mode: 'download' | 'menu-pdf', ovenId: number, userId: number) {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/peak-memory.ts', mode, String(ovenId), String(userId)],
    { encoding: 'utf8', env: process.env, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as {
    ms: number;
    bytes: number;
    baseMb: number;
    peakMb: number;
  };
}

export async function importBench() {
  await withBenchDatabase(async (ctx) => {
    const { database } = ctx;
    const db = database.db;
    const settings = maximalMiloSettings();
    const text = serializeSettings(settings);
    const body = JSON.stringify({ oven_name: 'Big MiLO', oven_type: settings.type, data: text });
    const parsed = parseSettings(text);
    if (!parsed.ok) throw new Error('the maximal file does not parse');

    const app = await serveApp(ctx);
    const base = app.base;
    const headers = (token: string) => ({
      authorization: `Bearer ${token}`,
      cookie: 'XSRF-TOKEN=b',
      'x-xsrf-token': 'b',
      'content-type': 'application/json',
    });
    const watcher = await createUser(db);
    const watcherToken = await createSession(db, watcher.id);
    const list = async () => {
      const start = performance.now();
      const res = await fetch(`${base}/api/ovens?ovens=All`, { headers: headers(watcherToken) });
      await res.arrayBuffer();
      return performance.now() - start;
    };

    const idle: number[] = [];
    for (let i = 0; i < 30; i++) idle.push(await list());

    // Alternating, so both see the same machine: a fresh user each time, so nothing is skipped as a duplicate.
    const api: number[] = [];
    const raw: number[] = [];
    const during: number[] = [];
    let lastOven = 0;
    let lastUser = 0;
    for (let run = 0; run < RUNS; run++) {
      const user = await createUser(db);
      const token = await createSession(db, user.id);
      let importing = true;
      const watching = (async () => {
        while (importing) during.push(await list());
      })();
      const start = performance.now();
      const res = await fetch(`${base}/api/files`, { method: 'POST', headers: headers(token), body });
      const stats = (await res.json()) as { oven: { id: number }; imported_recipes: { total: number } };
      api.push(performance.now() - start);
      importing = false;
      await watching;
      if (res.status !== 201 || stats.imported_recipes.total !== 32 * 1024)
        throw new Error(`import answered ${res.status}`);
      lastOven = stats.oven.id;
      lastUser = user.id;

      const rawUser = await createUser(db);
      const rawStart = performance.now();
      await rawInsert(db, parsed.settings, { id: rawUser.id, teamId: rawUser.teamId! });
      raw.push(performance.now() - rawStart);
    }

    // A failing import (the last button points nowhere) leaves nothing behind.
    const before = (await db.execute(sql`select count(*)::int as n from recipes`)) as unknown as {
      rows: { n: number }[];
    };
    const broken = text.replace(/recipe=32768 icon=/, 'recipe=40000 icon=');
    const failUser = await createUser(db);
    const failToken = await createSession(db, failUser.id);
    const refused = await fetch(`${base}/api/files`, {
      method: 'POST',
      headers: headers(failToken),
      body: JSON.stringify({ oven_name: 'Broken', oven_type: settings.type, data: broken }),
    });
    const after = (await db.execute(sql`select count(*)::int as n from recipes`)) as unknown as {
      rows: { n: number }[];
    };
    await app.close();

    const apiMs = median(api);
    const rawMs = median(raw);
    const rows: [string, string][] = [
      ['file', `${(text.length / 1048576).toFixed(1)} MB, 32,768 recipes, 32,800 buttons`],
      ['POST /api/files (end to end)', `${ms(apiMs)} median of ${RUNS}`],
      ['raw bulk insert, one statement per table', `${ms(rawMs)} median of ${RUNS}`],
      ['ratio to the floor', verdict(apiMs / rawMs, { atMost: 3 })],
      [
        'a broken file',
        `${refused.status}, recipes before ${before.rows[0]!.n} and after ${after.rows[0]!.n} (nothing written)`,
      ],
      ['GET /api/ovens idle', `p50 ${ms(median(idle))}, max ${ms(Math.max(...idle))}`],
      [
        'GET /api/ovens during imports',
        `p50 ${ms(median(during))}, max ${ms(Math.max(...during))} (${during.length} requests)`,
      ],
    ];
    if (database.kind === 'postgres') {
      const download = inChild('download', lastOven, lastUser);
      const pdf = inChild('menu-pdf', lastOven, lastUser);
      rows.push(
        [
          'download of that oven (build, check, store, fetch)',
          `${ms(download.ms)}, ${(download.bytes / 1048576).toFixed(1)} MB, peak RSS ${download.peakMb.toFixed(0)} MB (${(download.peakMb - download.baseMb).toFixed(0)} MB above the idle process)`,
        ],
        [
          'menu PDF of that oven',
          `${ms(pdf.ms)}, ${(pdf.bytes / 1048576).toFixed(1)} MB, peak RSS ${pdf.peakMb.toFixed(0)} MB (${(pdf.peakMb - pdf.baseMb).toFixed(0)} MB above the idle process)`,
        ],
      );
    } else {
      rows.push(['download and menu PDF memory', 'measured with PostgreSQL only: npm run bench:pg import']);
    }
    report(`Settings files: the maximal MiLO file (${database.kind})`, rows);
  });
}
