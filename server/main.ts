import cluster from 'node:cluster';
import { createServer, Server } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { buildApp, DEFAULT_CLIENT_DIR } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseStartError, openDatabase } from './db/client';
import { createMailer } from './mail/mailer';
import { DEMO_ACCOUNTS, seedDemoUsers } from './seed/demo-users';
import { seedLibrary } from './seed/library-recipes';

/** A problem the operator can fix: one line naming the setting, no stack trace, exit code 1. */
function fail(message: string): never {
  console.error(`Hearth cannot start: ${message}`);
  process.exit(1);
}

function describeListenError(error: unknown, host: string, port: number): string | null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return `PORT=${port} is already in use on ${host}. Stop the other program or set another PORT.`;
  if (code === 'EACCES') return `PORT=${port} needs more privileges on ${host}; use a port above 1024.`;
  if (code === 'EADDRNOTAVAIL') return `HOST=${host} is not an address of this machine.`;
  return null;
}

/** Tries the address once, so a taken port is reported before the database is opened. */
function listenProblem(host: string, port: number): Promise<string | null> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (error) =>
      done(describeListenError(error, host, port) ?? `cannot listen on ${host}:${port} (${error.message}).`),
    );
    probe.listen(port, host, () => probe.close(() => done(null)));
  });
}

type Config = ReturnType<typeof loadConfig>;

/** How long a leaving process keeps reading connections handed to it just before its port closed. */
const LAST_CONNECTIONS_MS = 500;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function open(config: Config, log: (msg: string) => void) {
  try {
    return await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: resolve(config.DATA_DIR),
      poolMax: config.DB_POOL_MAX,
      // An idle connection dropped by a PostgreSQL restart: the pool reconnects on the next query.
      onIdleError: (error) => log(`database connection lost (${error.message}); reconnecting on demand`),
    });
  } catch (error) {
    if (error instanceof DatabaseStartError) fail(error.message);
    throw error;
  }
}

/** Migrations and seeding, once per start (by the primary when several processes serve). */
async function prepare(
  database: Awaited<ReturnType<typeof openDatabase>>,
  config: Config,
  log: (m: string) => void,
) {
  await database.migrate();
  if (config.SEED_DEMO) {
    await seedDemoUsers(database.db);
    if (database.kind === 'postgres')
      log(
        'Warning: SEED_DEMO=true created the demo accounts, whose passwords are published. Remove them before going live.',
      );
  }
  // The provider's library is part of the product, not demo data: seeded whenever it is empty.
  await seedLibrary(database.db);
}

const processes = (config: Config) =>
  config.WEB_CONCURRENCY === 'auto' ? availableParallelism() : config.WEB_CONCURRENCY;

async function main() {
  const config = readConfig();
  const log = (msg: string) => config.LOG_LEVEL !== 'silent' && console.error(msg);
  const workers = processes(config);
  if (cluster.isPrimary) {
    // Said before anything is opened: a start that cannot listen never touches the database.
    const portProblem = await listenProblem(config.HOST, config.PORT);
    if (portProblem) fail(portProblem);
  }
  if (cluster.isPrimary && workers > 1) {
    const database = await open(config, log);
    await prepare(database, config, log);
    await database.close();
    await supervise(workers, log);
    console.log(`\n  Hearth is running at ${config.APP_URL}  (PostgreSQL, ${workers} processes)\n`);
    return;
  }
  const database = await open(config, log);
  if (cluster.isPrimary) await prepare(database, config, log);

  const mailer = createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const app = await buildApp({ config, database, mailer, clientDir: DEFAULT_CLIENT_DIR });
  // Mail the SMTP server refused is sent again on a back-off (1, 5, 15, 60 minutes), never lost.
  const retrying = setInterval(() => {
    mailer.retryDue().catch((error) => app.log.error({ err: error }, 'mail retry failed'));
  }, 60_000);
  retrying.unref();

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(retrying);
    // Requests in flight finish; new connections are refused; then the database closes (and its lock goes).
    // A keep-alive connection whose request finishes during the close is idle only afterwards: it is swept
    // until the close is done, and after 30 s the process goes anyway rather than hang a deploy.
    // First the port alone closes (no idle sweep yet): under node:cluster the primary stops handing this process
    // connections, and one handed over just before has a moment to send its request, which is then served whole
    // rather than cut (an unread connection counts as idle) or answered 503.
    Server.prototype.close.call(app.server);
    await new Promise((r) => setTimeout(r, LAST_CONNECTIONS_MS));
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    const deadline = setTimeout(() => app.server.closeAllConnections(), 30_000);
    // Whatever else waits (a job's query on a database that went away first, a pool that cannot end), the process
    // leaves 10 s later: a deploy never hangs on it.
    setTimeout(() => {
      app.log.error('Shutdown took over 40 s; leaving anyway');
      process.exit(1);
    }, 40_000).unref();
    await app.close();
    clearInterval(sweep);
    clearTimeout(deadline);
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
    if (cluster.isWorker) return;
  } catch (error) {
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(
        `PORT=${config.PORT} is already in use on ${config.HOST}. Stop the other program or set another PORT.`,
      );
    if (code === 'EACCES')
      fail(`PORT=${config.PORT} needs more privileges on ${config.HOST}; use a port above 1024.`);
    if (code === 'EADDRNOTAVAIL') fail(`HOST=${config.HOST} is not an address of this machine.`);
    throw error;
  }
  const where =
    database.kind === 'pglite' ? `embedded database in ${resolve(config.DATA_DIR)}` : 'PostgreSQL';
  const lines = [
    '',
    `  Hearth is running at ${config.APP_URL}  (${where})`,
    `  API documentation: ${config.APP_URL}/api/docs`,
  ];
  if (config.OUTBOX_PAGE) lines.push(`  Outbox (mail that would be sent): ${config.APP_URL}/outbox`);
  if (config.SEED_DEMO) {
    lines.push('  Demo accounts:');
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.role === 'admin' ? 'admin' : 'user '}  ${a.username} / ${a.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

/**
 * Several processes on one port (node:cluster; the operating system spreads connections among them), each with
 * its own pool, all sharing their state through PostgreSQL. A process that dies is replaced; SIGHUP replaces them
 * one after another (a new one listening before the old one finishes its requests and leaves), so a restart never
 * refuses a request; SIGTERM lets each finish its requests, then the primary leaves.
 */
async function supervise(count: number, log: (msg: string) => void) {
  let stopping = false;
  let restarting = false;
  const start = () =>
    new Promise<ReturnType<typeof cluster.fork>>((ready, failed) => {
      const worker = cluster.fork();
      worker.once('listening', () => ready(worker));
      worker.once('exit', (code) => failed(new Error(`a process left while starting (exit ${code})`)));
    });
  const stop = (worker: ReturnType<typeof cluster.fork>) =>
    new Promise<void>((done) => {
      if (worker.isDead()) return done();
      worker.once('exit', () => done());
      worker.process.kill('SIGTERM');
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping || restarting || (worker as { replaced?: boolean }).replaced) return;
    log(`A Hearth process left (${signal ?? `exit ${code}`}); starting another.`);
    setTimeout(() => void start().catch((e: Error) => log(e.message)), 1000);
  });
  try {
    await Promise.all(Array.from({ length: count }, start));
  } catch (error) {
    fail((error as Error).message);
  }
  process.on('SIGHUP', async () => {
    if (restarting || stopping) return;
    restarting = true;
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old) continue;
      (old as { replaced?: boolean }).replaced = true;
      try {
        await start();
      } catch (error) {
        log(`Restart stopped: ${(error as Error).message}`);
        break;
      }
      await stop(old);
    }
    restarting = false;
    log('Hearth processes restarted.');
  });
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? stop(w) : undefined)));
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
