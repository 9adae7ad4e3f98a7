import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgCode } from '../lib/errors';
import { lockDataDir as takeDataDirLock } from './data-dir-lock';
import * as schema from './schema/index';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of `folder` (the app's by default; a test may migrate to an older point first). */
  migrate(folder?: string): Promise<void>;
  /** True when the database answers a trivial query within the time given. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** SQL statements sent through `db` so far: tests prove a request's count does not grow with the data. */
  statements(): number;
}

/** Counts what drizzle sends (every query, raw `execute` included), for `Database.statements`. */
function statementCounter() {
  let count = 0;
  return {
    logger: { logQuery: () => void count++ },
    statements: () => count,
  };
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** `count(*)` is a bigint: a string from pg, a number from PGlite. Cast so both give a number. */
export const countAll = sql<number>`cast(count(*) as integer)`;

/** The rows of a raw query; both drivers answer `{ rows }`, typed here once. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Several reads at once: in parallel on the pool, one after another in a transaction, whose single connection
 * can run one query at a time (pg queues overlapping ones but deprecates it).
 */
export async function readTogether<T extends readonly (() => unknown)[]>(
  db: DbOrTx,
  ...reads: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Out = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Out;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as Out;
}

/** Extensions the migrations create; PGlite must load them when it starts. */
export const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm, btree_gin } };

/** A start-up problem the operator can fix, said in one line that names the setting (no stack trace). */
export class DatabaseStartError extends Error {}

// SQLSTATEs and socket errors that mean "the database is away", not "this query is wrong".
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server was stopped or restarted
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (UNAVAILABLE_MESSAGES.test(String((e as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
}

async function pingWith(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      query().then(() => true),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const counter = statementCounter();
  const db = drizzlePglite(client, { schema, logger: counter.logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    statements: counter.statements,
    migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder: folder }),
    ping: (timeoutMs = 2000) => pingWith(() => client.query('select 1'), timeoutMs),
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}

export function wrapPostgres(pool: pg.Pool): Database {
  const counter = statementCounter();
  const db = drizzlePg(pool, { schema, logger: counter.logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    statements: counter.statements,
    // Several instances may start at once: one migrates under an advisory lock, the others wait and find it done.
    migrate: async (folder = MIGRATIONS_FOLDER) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7262023)');
        await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock(7262023)').catch(() => {});
        client.release();
      }
    },
    ping: (timeoutMs = 2000) => pingWith(() => pool.query('select 1'), timeoutMs),
    close: () => pool.end(),
  };
}

/**
 * A pool that survives the database going away: an idle connection's error (57P01 when PostgreSQL restarts)
 * is logged instead of crashing the process, and connecting gives up after a few seconds so a request gets a
 * clear 503 instead of hanging.
 */
export function createPool(
  connectionString: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'the given address';
  }
}

/**
 * Embedded PGlite must be opened by one process at a time: a second one writing the same files corrupts them.
 * The lock names its owner; a lock whose owner is gone (or dying) is taken over (`data-dir-lock.ts`).
 */
export function lockDataDir(dataDir: string): () => void {
  return takeDataDirLock(
    dataDir,
    (owner) =>
      new DatabaseStartError(
        `DATA_DIR=${dataDir} is in use by another Hearth process (pid ${owner.pid}). Stop it first, or give this one another DATA_DIR.`,
      ),
    () =>
      new DatabaseStartError(
        `DATA_DIR=${dataDir}: could not take the lock file ${join(dataDir, 'hearth.lock')}.`,
      ),
  );
}

/** Creates DATA_DIR when missing and proves it writable, so a bad setting fails in one line before PGlite starts. */
function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const why =
      code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
        ? 'is not writable'
        : code === 'ENOSPC'
          ? 'is on a full disk'
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? 'is not a folder'
            : `cannot be used (${code})`;
    throw new DatabaseStartError(
      `DATA_DIR=${dataDir} ${why}: the embedded database needs a writable folder.`,
    );
  }
}

/** PostgreSQL when a URL is given (production, CI); otherwise embedded PGlite in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** Connections this process may hold (PostgreSQL). */
  poolMax?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, { onIdleError: options.onIdleError, max: options.poolMax });
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      const reason = (error as Error).message || pgCode(error) || 'no answer';
      throw new DatabaseStartError(
        `DATABASE_URL: cannot reach PostgreSQL at ${describeUrl(options.databaseUrl)} (${reason}). Check that it is running and that DATABASE_URL is right.`,
      );
    }
    return wrapPostgres(pool);
  }
  const dataDir = resolve(options.dataDir);
  prepareDataDir(dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const client = new PGlite(dir, PGLITE_OPTIONS);
    await client.waitReady;
    return wrapPglite(client, unlock);
  } catch (error) {
    unlock();
    if (error instanceof DatabaseStartError) throw error;
    throw new DatabaseStartError(
      `DATA_DIR=${dataDir}: the embedded database could not be opened (${(error as Error).message}).`,
    );
  }
}
