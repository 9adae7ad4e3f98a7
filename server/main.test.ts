/**
 * The server as a process: what an operator sees when a start goes wrong, and why two processes never share
 * one embedded database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running) p.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  /** Resolves when the server says it runs, or with the exit code and what it printed when it stops first. */
  outcome: Promise<{ running: true } | { running: false; code: number | null; stderr: string }>;
}

function start(env: Record<string, string>, asUser?: string): Started {
  const args = ['--import', 'tsx', 'server/main.ts'];
  // The CI database is not this process's: a start uses only what the test gives it.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const base: Record<string, string | undefined> = {
    ...inherited,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    ...env,
  };
  const child = asUser
    ? spawn('runuser', ['-u', asUser, '--', process.execPath, ...args], { env: base })
    : spawn(process.execPath, args, { env: base });
  running.push(child);
  let stdout = '';
  let stderr = '';
  const outcome = new Promise<{ running: true } | { running: false; code: number | null; stderr: string }>(
    (resolve) => {
      child.stdout?.on('data', (d) => {
        stdout += d;
        if (stdout.includes('Hearth is running')) resolve({ running: true });
      });
      child.stderr?.on('data', (d) => {
        stderr += d;
      });
      child.on('exit', (code) => resolve({ running: false, code, stderr }));
    },
  );
  return { child, outcome };
}

const failedWith = async (s: Started) => {
  const result = await s.outcome;
  if (result.running) throw new Error('expected the start to fail');
  return result;
};

describe('one process per embedded database', () => {
  it('refuses a second start on the same DATA_DIR before opening it, and takes over after a crash', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearth-lock-'));
    const first = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await first.outcome).toEqual({ running: true });

    const second = await failedWith(start({ DATA_DIR: dataDir, PORT: String(await freePort()) }));
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      `Hearth cannot start: DATA_DIR=${dataDir} is in use by another Hearth process (pid ${first.child.pid}). Stop it first, or give this one another DATA_DIR.`,
    );

    // A crash leaves the lock behind; the next start sees its process is gone and the database opens.
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const third = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await third.outcome).toEqual({ running: true });
    third.child.kill('SIGTERM');
  }, 60_000);
});

describe('a start that cannot work says why in one line', () => {
  it('names DATABASE_URL when PostgreSQL is not reachable', async () => {
    const result = await failedWith(
      start({ DATABASE_URL: 'postgres://hearth@127.0.0.1:9/hearth', PORT: String(await freePort()) }),
    );
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Hearth cannot start: DATABASE_URL: cannot reach PostgreSQL at postgres:\/\/hearth@127\.0\.0\.1:9\/hearth/,
    );
  }, 30_000);

  it('names DATA_DIR when it is not a folder', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hearth-file-')), 'not-a-folder');
    writeFileSync(file, 'x');
    const result = await failedWith(start({ DATA_DIR: join(file, 'data'), PORT: String(await freePort()) }));
    expect(result.stderr.trim()).toBe(
      `Hearth cannot start: DATA_DIR=${join(file, 'data')} is not a folder: the embedded database needs a writable folder.`,
    );
  }, 30_000);

  it('names DATA_DIR when it is read-only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-ro-'));
    chmodSync(dir, 0o555);
    // Root writes anywhere, so as root the server runs as an unprivileged user for this check.
    const asUser = process.getuid?.() === 0 ? 'nobody' : undefined;
    const result = await failedWith(
      start({ DATA_DIR: dir, PORT: String(await freePort()), HOME: '/tmp' }, asUser),
    );
    expect(result.stderr.trim()).toBe(
      `Hearth cannot start: DATA_DIR=${dir} is not writable: the embedded database needs a writable folder.`,
    );
  }, 30_000);

  it('names PORT when it is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as { port: number }).port;
    const result = await failedWith(
      start({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-port-')), PORT: String(port) }),
    );
    blocker.close();
    expect(result.stderr.trim()).toBe(
      `Hearth cannot start: PORT=${port} is already in use on 127.0.0.1. Stop the other program or set another PORT.`,
    );
  }, 30_000);
});

describe('several processes on one port', () => {
  it('refuses WEB_CONCURRENCY above 1 on the embedded database, naming it', async () => {
    const result = await failedWith(
      start({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-workers-')),
        PORT: String(await freePort()),
        WEB_CONCURRENCY: '2',
      }),
    );
    expect(result.stderr).toContain(
      'WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database is locked to one process',
    );
  }, 30_000);

  // PostgreSQL only (CI): the processes share it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'serves from two processes, replaces them one by one on SIGHUP without refusing a request, and stops on SIGTERM',
    async () => {
      const { createTestDatabaseUrl } = await import('./db/testing');
      const db = await createTestDatabaseUrl();
      const port = await freePort();
      const server = start({ DATABASE_URL: db.url, PORT: String(port), WEB_CONCURRENCY: '2' });
      try {
        expect(await server.outcome).toEqual({ running: true });
        // Each refused request's status (0: the connection failed), so a failure says how it failed.
        const failures: number[] = [];
        let answered = 0;
        let go = true;
        // A new connection each time, as a load balancer's health check: an idle keep-alive connection that a
        // leaving process closes is the client's (or balancer's) to retry, as with any HTTP server.
        const once = () =>
          new Promise<number>((done) => {
            const req = get(`http://127.0.0.1:${port}/api/ready`, { agent: false }, (res) => {
              res.resume();
              res.on('end', () => done(res.statusCode ?? 0));
            });
            req.on('error', () => done(0));
          });
        // Four callers at once, so some connection is always arriving as a process leaves.
        const poll = Promise.all(
          Array.from({ length: 4 }, async () => {
            while (go) {
              const status = await once();
              if (status === 200) answered++;
              else failures.push(status);
            }
          }),
        );
        await new Promise((r) => setTimeout(r, 500));
        server.child.kill('SIGHUP');
        // Both processes replaced: each new one listens before its old one leaves.
        await new Promise((r) => setTimeout(r, 8000));
        go = false;
        await poll;
        expect(failures).toEqual([]);
        expect(answered).toBeGreaterThan(20);
        const exit = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
        server.child.kill('SIGTERM');
        expect(await exit).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await db.drop();
      }
    },
    60_000,
  );
});
