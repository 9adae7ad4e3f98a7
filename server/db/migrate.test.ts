/**
 * Several instances starting at once on one PostgreSQL each run the migrations: one applies them under an advisory
 * lock, the others wait and find them done (PostgreSQL only; the embedded database belongs to one process).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, wrapPostgres } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('migrations from several instances at once', () => {
  const name = `hearth_migrate_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  });

  it('four instances migrating one new database together all succeed, once', async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const instances = Array.from({ length: 4 }, () => wrapPostgres(createPool(target.toString())));
    try {
      await Promise.all(instances.map((d) => d.migrate()));
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(rows[0].n).toBeGreaterThan(5);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
    }
  });
});
