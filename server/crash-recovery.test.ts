/**
 * The server killed (SIGKILL) in the middle of a write, then started again: each write is found whole or not at
 * all, never half done. A trigger added for the test holds the write inside its transaction (pg_sleep) after
 * part of it is written; the process is killed there. Runs on PostgreSQL when TEST_DATABASE_URL is set (CI's
 * second pass), otherwise on the embedded database in a folder of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/contracts/http';
import type { MenuTree } from '../shared/domain/menu';
import { maximalMiloSettings } from '../shared/domain/settings-file/examples';
import { serializeSettings } from '../shared/domain/settings-file/serialize';
import { createPool, type Database, type Db, openDatabase, rowsOf, wrapPostgres } from './db/client';
import { createTestDatabaseUrl } from './db/testing';
import { createOven, createRecipe, createSession, createUser, recipeBody } from './test/factories';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let target: {
  env: Record<string, string>;
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** Where the server keeps its data, and a way in for the test: any time on PostgreSQL, between runs on PGlite. */
async function prepareTarget(): Promise<typeof target> {
  if (onPostgres) {
    const created = await createTestDatabaseUrl();
    const database = wrapPostgres(createPool(created.url, { max: 2 }));
    // PostgreSQL notices a dead client only when it next talks to it, or at this interval during a query: the
    // held transaction of a killed server is then rolled back within a fraction of a second.
    await database.db.execute(sql`do $$ begin
      execute format('alter database %I set client_connection_check_interval = 200', current_database()); end $$`);
    return {
      env: { DATABASE_URL: created.url },
      withDb: (fn) => fn(database.db),
      async close() {
        await database.close();
        await created.drop();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-crash-'));
  const open = async (): Promise<Database> => openDatabase({ dataDir });
  const first = await open();
  await first.migrate();
  await first.close();
  return {
    env: { DATA_DIR: dataDir },
    async withDb(fn) {
      const database = await open();
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  /** What the process printed so far (shown when a test fails). */
  output(): string;
}
const running = new Set<ChildProcess>();

async function startServer(): Promise<Server> {
  const port = await freePort();
  const { DATABASE_URL: _notOurs, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...inherited,
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? 'error',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      APP_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Hearth is running')) resolve();
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => out };
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await exited;
}

function call(server: Server, method: string, path: string, token: string, body?: unknown) {
  return fetch(`${server.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `${CSRF_COOKIE}=t`,
      [CSRF_HEADER]: 't',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Holds writes to `table` inside their transaction (two minutes by default), so the process can be killed there. */
async function holdWrites(event: 'insert' | 'delete', table: string, seconds = 120): Promise<void> {
  await target.withDb(async (db) => {
    await db.execute(
      sql.raw(`create or replace function crash_hold() returns trigger language plpgsql as $$
      begin perform pg_sleep(${seconds}); return null; end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger crash_hold after ${event} on ${table} for each statement execute function crash_hold()`,
      ),
    );
  });
}
async function releaseWrites(table: string): Promise<void> {
  await target.withDb((db) => db.execute(sql.raw(`drop trigger crash_hold on ${table}`)));
}

const sleepers = async () =>
  Number(
    (
      await target.withDb((db) =>
        rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep'`,
        ),
      )
    )[0]?.n,
  );

/**
 * True once the server is stuck in the held write. On PostgreSQL a backend sleeps in pg_sleep. PGlite runs in
 * the server's process and blocks it: five seconds without an answer is the hold, not parsing or a batch insert.
 */
async function waitUntilHeld(server: Server): Promise<void> {
  let silentSince: number | undefined;
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (onPostgres) {
      const [row] = await target.withDb((db) =>
        rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep'`,
        ),
      );
      if (Number(row?.n) > 0) return;
    } else {
      const answered = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
        () => true,
        () => false,
      );
      if (answered) silentSince = undefined;
      else silentSince ??= Date.now();
      if (silentSince !== undefined && Date.now() - silentSince >= 5000) return;
    }
  }
  throw new Error('the write never reached the held point');
}

/** Sends the write and kills the server while it is held; the data is then looked at before a restart. */
async function killDuring(
  table: string,
  event: 'insert' | 'delete',
  send: (server: Server) => Promise<Response>,
): Promise<void> {
  await holdWrites(event, table);
  const server = await startServer();
  const reply = send(server).then(
    (r) => r.status,
    () => 'no reply' as const,
  );
  await waitUntilHeld(server);
  await stop(server, 'SIGKILL');
  expect(await reply).toBe('no reply');
  if (onPostgres) {
    for (let i = 0; i < 100 && (await sleepers()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await sleepers()).toBe(0);
  }
  await releaseWrites(table);
}

const count = async (query: SQL) =>
  Number((await target.withDb((db) => rowsOf<{ n: number }>(db, query)))[0]?.n ?? 0);

beforeAll(async () => {
  target = await prepareTarget();
  // A first start seeds the provider's library, so the held writes below are only the test's own.
  await stop(await startServer(), 'SIGTERM');
}, 60_000);
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await target?.close();
});

describe('a server killed in the middle of a write', () => {
  it('keeps a recipe with stages whole or not at all, and takes it again after the restart', async () => {
    const { token } = await target.withDb(async (db) => {
      const user = await createUser(db);
      return { token: await createSession(db, user.id) };
    });
    const body = recipeBody({
      name: 'Crash Create',
      stages: [1, 2, 3].map((order) => ({ order, minutes: '01', seconds: '00', temp: 450 })),
    });
    await killDuring('recipe_stages', 'insert', (s) => call(s, 'POST', '/api/recipes', token, body));
    const recipes = await count(sql`select count(*)::int as n from recipes where name = 'Crash Create'`);
    const stages = await count(sql`select count(*)::int as n from recipe_stages s join recipes r
        on r.id = s.recipe_id where r.name = 'Crash Create'`);
    expect([recipes, stages]).toEqual(recipes === 0 ? [0, 0] : [1, 3]);
    const server = await startServer();
    try {
      expect((await call(server, 'POST', '/api/recipes', token, body)).status).toBe(201);
    } finally {
      await stop(server, 'SIGTERM');
    }
  }, 120_000);

  it('deletes all of a bulk delete or none of it', async () => {
    const { token, ids } = await target.withDb(async (db) => {
      const user = await createUser(db);
      const ids: number[] = [];
      for (let i = 1; i <= 5; i++)
        ids.push((await createRecipe(db, { ownerId: user.id, name: `Crash Bulk ${i}` })).id);
      return { token: await createSession(db, user.id), ids };
    });
    await killDuring('recipes', 'delete', (s) =>
      call(s, 'DELETE', '/api/recipes/bulk-delete', token, { data: ids }),
    );
    const left = await count(sql`select count(*)::int as n from recipes where name like 'Crash Bulk %'`);
    expect([0, 5]).toContain(left);
    const server = await startServer();
    try {
      const list = await call(server, 'GET', '/api/recipes?owner=community&search=Crash%20Bulk', token);
      expect(((await list.json()) as { total: number }).total).toBe(left);
    } finally {
      await stop(server, 'SIGTERM');
    }
  }, 120_000);

  it('duplicates an oven with its whole menu or not at all', async () => {
    const { token, ovenId } = await target.withDb(async (db) => {
      const user = await createUser(db);
      const recipes = [];
      for (let i = 0; i < 8; i++)
        recipes.push(await createRecipe(db, { ownerId: user.id, name: `Crash Menu ${i}` }));
      const tree: MenuTree = {
        screens: [
          {
            id: null,
            buttons: recipes.map((r, i) => ({
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
      const oven = await createOven(db, user.id, { name: 'Crash Oven', tree });
      return { token: await createSession(db, user.id), ovenId: oven.id };
    });
    await killDuring('menu_buttons', 'insert', (s) => call(s, 'POST', `/api/ovens/clone/${ovenId}`, token));
    const copies = await count(sql`select count(*)::int as n from ovens where name = 'Crash Oven Copy'`);
    const buttons =
      await count(sql`select count(*)::int as n from menu_buttons b join ovens o on o.id = b.oven_id
        where o.name = 'Crash Oven Copy'`);
    expect([copies, buttons]).toEqual(copies === 0 ? [0, 0] : [1, 8]);
    const server = await startServer();
    try {
      const again = await call(server, 'POST', `/api/ovens/clone/${ovenId}`, token);
      expect(again.status).toBe(201);
    } finally {
      await stop(server, 'SIGTERM');
    }
  }, 120_000);

  it('imports the maximal settings file whole or not at all', async () => {
    const settings = maximalMiloSettings();
    const data = serializeSettings(settings);
    const { token, teamId } = await target.withDb(async (db) => {
      const user = await createUser(db);
      return { token: await createSession(db, user.id), teamId: user.teamId };
    });
    await killDuring('recipes', 'insert', (s) =>
      call(s, 'POST', '/api/files', token, { oven_name: 'Crash Import', oven_type: settings.type, data }),
    );
    const recipes = await count(sql`select count(*)::int as n from recipes where team_id = ${teamId}`);
    const ovens = await count(sql`select count(*)::int as n from ovens where team_id = ${teamId}`);
    expect([recipes, ovens]).toEqual(ovens === 0 ? [0, 0] : [32 * 1024, 1]);
    const server = await startServer();
    try {
      const list = await call(server, 'GET', '/api/ovens?ovens=All', token);
      expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(ovens);
    } finally {
      await stop(server, 'SIGTERM');
    }
  }, 240_000);

  it('deletes a user with everything they own, or leaves them whole', async () => {
    const { adminToken, victimId, victimTeam } = await target.withDb(async (db) => {
      const admin = await createUser(db, { role: 'admin' });
      const victim = await createUser(db);
      for (let i = 0; i < 3; i++) await createRecipe(db, { ownerId: victim.id, name: `Victim ${i}` });
      await createOven(db, victim.id, { name: 'Victim Oven' });
      return {
        adminToken: await createSession(db, admin.id),
        victimId: victim.id,
        victimTeam: victim.teamId,
      };
    });
    await killDuring('ovens', 'delete', (s) => call(s, 'DELETE', `/api/users/${victimId}`, adminToken));
    const users = await count(sql`select count(*)::int as n from users where id = ${victimId}`);
    // Alone in their team: the team and all it owned go with them, or nothing does.
    const recipes = await count(sql`select count(*)::int as n from recipes where team_id = ${victimTeam}`);
    const ovens = await count(sql`select count(*)::int as n from ovens where team_id = ${victimTeam}`);
    expect([users, recipes, ovens]).toEqual(users === 0 ? [0, 0, 0] : [1, 3, 1]);
    const server = await startServer();
    try {
      expect((await call(server, 'GET', `/api/users/${victimId}`, adminToken)).status).toBe(
        users ? 200 : 404,
      );
    } finally {
      await stop(server, 'SIGTERM');
    }
  }, 120_000);
});

describe('a server stopped with SIGTERM (a deploy)', () => {
  it('finishes the write in flight, then exits cleanly and takes no new requests', async () => {
    const { token } = await target.withDb(async (db) => {
      const user = await createUser(db);
      return { token: await createSession(db, user.id) };
    });
    // The recipe's write takes three seconds (held by the trigger): SIGTERM comes in the middle of it.
    await holdWrites('insert', 'recipe_stages', 3);
    const server = await startServer();
    const exit = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
    const reply = call(server, 'POST', '/api/recipes', token, recipeBody({ name: 'Deploy Dish' }));
    await new Promise((r) => setTimeout(r, 1000));
    server.child.kill('SIGTERM');
    const within = <T>(p: Promise<T>, what: string) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${what} took over 20 s:\n${server.output()}`)), 20_000),
        ),
      ]);
    expect((await within(reply, 'the reply')).status).toBe(201);
    expect(await within(exit, 'the exit')).toBe(0);
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
    await releaseWrites('recipe_stages');
    expect(await count(sql`select count(*)::int as n from recipes where name = 'Deploy Dish'`)).toBe(1);
  }, 60_000);
});
