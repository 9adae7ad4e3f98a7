import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPool, type Database, PGLITE_OPTIONS, wrapPglite, wrapPostgres } from './client';

/**
 * Test databases. With TEST_DATABASE_URL (CI's real PostgreSQL) each test file gets a new database copied
 * from a migrated template; otherwise each file gets a PGlite loaded from a migrated snapshot.
 */
const TEMPLATE_DB = 'hearth_test_template';

export async function prepareTestTemplate(snapshotPath: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const old = await admin.query(`select datname from pg_database where datname like 'hearth_test_%'`);
      for (const row of old.rows as { datname: string }[]) {
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      }
      await admin.query(`create database "${TEMPLATE_DB}"`);
    } finally {
      await admin.end();
    }
    const pool = createPool(withDatabase(url, TEMPLATE_DB), { max: 2 });
    const database = wrapPostgres(pool);
    await database.migrate();
    await database.close();
    return;
  }
  const client = new PGlite(PGLITE_OPTIONS);
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await writeFile(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export async function openTestDatabase(snapshotPath: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return throwawayPostgres(url, TEMPLATE_DB, 5);
  const snapshot = await readFile(snapshotPath);
  const client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: new Blob([snapshot]) });
  await client.waitReady;
  return wrapPglite(client);
}

/** A new PostgreSQL database copied from the migrated template, for a server process of its own (CI only). */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hearth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${TEMPLATE_DB}"`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database with nothing in it (not migrated), for a test of the migrations themselves. */
export async function openEmptyTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return wrapPglite(new PGlite(PGLITE_OPTIONS));
  return throwawayPostgres(url, null, 2);
}

/** A new PostgreSQL database (a copy of `template`, or empty) that is dropped when it is closed. */
async function throwawayPostgres(url: string, template: string | null, max: number): Promise<Database> {
  const name = `hearth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  const database = wrapPostgres(createPool(withDatabase(url, name), { max }));
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
