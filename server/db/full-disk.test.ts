/**
 * The embedded database on a disk that fills up while the app runs: a write is refused whole with a message
 * that says what happened, reads go on, and writes work again once space is freed. Runs where the test may
 * mount a small tmpfs (as root); elsewhere it is skipped.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/contracts/http';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { createSession, createUser, recipeBody } from '../test/factories';
import { countAll, type Database, openDatabase, rowsOf } from './client';

const mountPoint = join(tmpdir(), `hearth-full-${process.pid}`);
function mountSmallDisk(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    mkdirSync(mountPoint, { recursive: true });
    execSync(`mount -t tmpfs -o size=120m tmpfs ${mountPoint}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const mounted = mountSmallDisk();

describe.runIf(mounted)('a full disk under the embedded database', () => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const filler = join(mountPoint, 'filler');

  beforeAll(async () => {
    database = await openDatabase({ dataDir: join(mountPoint, 'data') });
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    app = await buildApp({
      config,
      database,
      mailer: createMailer({ db: database.db, from: config.MAIL_FROM }),
    });
    await app.ready();
    const user = await createUser(database.db);
    token = await createSession(database.db, user.id);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    execSync(`umount -l ${mountPoint}`, { stdio: 'ignore' });
  });

  const create = (name: string) =>
    app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: { authorization: `Bearer ${token}`, cookie: `${CSRF_COOKIE}=t`, [CSRF_HEADER]: 't' },
      payload: recipeBody({ name }),
    });
  const named = async (name: string) =>
    Number(
      (
        await rowsOf<{ n: number }>(
          database.db,
          sql`select ${countAll} as n from recipes where name = ${name}`,
        )
      )[0]?.n,
    );

  it('refuses a write with 507 and a plain message, keeps nothing of it, and works again when space is freed', async () => {
    expect((await create('Before Full')).statusCode).toBe(201);

    const { bavail, bsize } = statfsSync(mountPoint);
    writeFileSync(filler, Buffer.alloc(Number(bavail) * Number(bsize)));
    // A recipe is small: the table may still have room on its last page, so write until the disk says no.
    let refused: Awaited<ReturnType<typeof create>> | undefined;
    let refusedName = '';
    for (let i = 0; i < 200 && !refused; i++) {
      refusedName = `Full ${i}`;
      const res = await create(refusedName);
      if (res.statusCode !== 201) refused = res;
    }
    expect(refused?.statusCode).toBe(507);
    expect(refused?.json()).toEqual({
      message:
        "The server's storage is full, so nothing was saved. Ask your administrator to free some space, then try again.",
      key: 'ruleMessages.storageFull',
      params: {},
    });
    // Reads go on while the disk is full.
    const list = await app.inject({
      method: 'GET',
      url: '/api/recipes?owner=community',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);

    rmSync(filler);
    expect((await create('After Full')).statusCode).toBe(201);
    expect(await named('After Full')).toBe(1);
    expect(await named(refusedName)).toBe(0);
  }, 120_000);
});
