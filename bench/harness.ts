/**
 * What every server benchmark does around its own measurements: a throwaway database (PGlite in a temporary folder,
 * or `DATABASE_URL`), migrated and closed after; the app listening on a free port; and a load run of one URL.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type AppDeps, buildApp } from '../server/app';
import { type Config, loadConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/client';
import { createMailer } from '../server/mail/mailer';

export interface BenchContext {
  config: Config;
  database: Database;
}

export async function withBenchDatabase<T>(run: (ctx: BenchContext) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  try {
    await database.migrate();
    return await run({ config, database });
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The app on 127.0.0.1 and a free port; `close` before the database closes. */
export async function serveApp(
  { config, database }: BenchContext,
  extra: Pick<AppDeps, 'rateLimits' | 'clientDir' | 'jobPollMs'> = {},
): Promise<{ base: string; close(): Promise<void> }> {
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ db: database.db, from: config.MAIL_FROM }),
    ...extra,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: () => app.close(),
  };
}

export interface LoadOptions {
  connections: number;
  /** Seconds to run, unless `amount` requests are asked for. */
  seconds: number;
  amount?: number;
  method?: 'GET' | 'PUT' | 'POST';
  body?: string;
}

// Files, not functions: the load runs in a worker thread, which requires them there.
const MIX_CLIENT = fileURLToPath(new URL('./mix-client.cjs', import.meta.url));
const MIX_REQUEST = fileURLToPath(new URL('./mix-request.cjs', import.meta.url));

/**
 * A sequence of GETs under load: a varied mix (filters, searches, pages) rather than one URL a cache could answer
 * alone. Each connection walks it in order from its own place, spread evenly (`mix-client.cjs`), and starts over at
 * the end; with `amount` equal to the mix's length, every request of it is made once.
 */

export async function loadMix(
  base: string,
  paths: readonly string[],
  headers: Record<string, string>,
  options: Pick<LoadOptions, 'connections' | 'seconds' | 'amount'>,
) {
  // Read by mix-client.cjs in the worker, which autocannon gives every option it was given.
  const mix: autocannon.Options & { mixPaths: readonly string[] } = {
    url: base,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    headers,
    requests: [{ method: 'GET' as const, path: paths[0] ?? '/', setupRequest: MIX_REQUEST }],
    // A path where autocannon's types know only a function: with workers, it takes the file.
    setupClient: MIX_CLIENT as unknown as (client: autocannon.Client) => void,
    mixPaths: paths,
    workers: 1,
  };
  const result = await autocannon(mix);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** One URL under load; the load comes from a worker thread, so it does not share the server's event loop. */
export async function load(url: string, headers: Record<string, string>, options: LoadOptions) {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    body: options.body,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    headers,
    workers: 1,
  });
  const codes =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    statuses: Object.entries(codes)
      .map(([code, v]) => `${code}×${v.count}`)
      .join(' '),
  };
}

/** Waits for the job a reply queued (202 `{ data: job }`) and answers the finished job. */
export async function finishJob<R = unknown>(
  base: string,
  headers: Record<string, string>,
  queued: Response,
): Promise<{ status: string; result: R; error: string | null }> {
  const body = (await queued.json()) as { data?: { id: number } };
  const data = body.data;
  if (queued.status !== 202 || !data)
    throw new Error(`No job was queued: ${queued.status} ${JSON.stringify(body)}`);
  for (;;) {
    const job = (await (await fetch(`${base}/api/jobs/${data.id}`, { headers })).json()) as {
      data: { status: string; result: R; error: string | null };
    };
    if (job.data.status === 'done' || job.data.status === 'failed') return job.data;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A port nobody listens on, for a server started in its own process. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The resident memory of a process, in MB, from /proc. */
export const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : 0;
};

/** The resident memory of a process's children (a server's worker processes), in MB. */
export const childrenRss = (pid: number) => {
  let total = 0;
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of list ? list.split(/\s+/) : []) total += rssOf(Number(child));
  } catch {
    // The process is gone.
  }
  return total;
};

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
export const cpuOf = (pid: number) => {
  try {
    // The command name is in parentheses and may hold spaces: the fields after it are counted from its end.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/** The CPU seconds of a process and its children (a server and its worker processes). */
export const treeCpu = (pid: number) => {
  let total = cpuOf(pid);
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of list ? list.split(/\s+/) : []) total += cpuOf(Number(child));
  } catch {
    // The process is gone.
  }
  return total;
};

/**
 * The CPU seconds PostgreSQL's processes (the bench's throwaway cluster) use from the first sample on. A process
 * that exits in between (a pool's idle backend, the seeding connections, an autovacuum worker) takes its count with
 * it: a sum over the cluster at two moments would subtract all it had used before the start. So each process's last
 * count is kept from samples; one that starts later counts from zero.
 */
export function postgresCpuMeter() {
  const start = new Map<number, number>();
  const last = new Map<number, number>();
  let first = true;
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      } catch {
        continue; // Gone between the listing and the read.
      }
      const pid = Number(entry);
      const cpu = cpuOf(pid);
      if (!start.has(pid)) start.set(pid, first ? cpu : 0);
      last.set(pid, Math.max(last.get(pid) ?? 0, cpu));
    }
    first = false;
  };
  sample();
  return {
    sample,
    /** Seconds used since the first sample, by every process seen. */
    used: () => {
      sample();
      let total = 0;
      for (const [pid, cpu] of last) total += cpu - (start.get(pid) ?? 0);
      return total;
    },
  };
}

/** The processes serving: a primary's workers, or the primary itself when it has none (WEB_CONCURRENCY=1). */
export const servingPids = (pid: number): number[] => {
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    const children = list ? list.split(/\s+/).map(Number) : [];
    return children.length > 0 ? children : [pid];
  } catch {
    return [];
  }
};

const CPU_CGROUP = '/sys/fs/cgroup/cpu';

/**
 * Caps each serving process to `share` of one core with the cgroup v1 cpu controller (a cgroup of its own each,
 * cfs_quota_us over cfs_period_us), so on a 2-core host the server is the bottleneck and not the host: PostgreSQL
 * and the load generator stay outside the caps. Needs root and the cpu controller; answers a release that moves
 * them back and removes the groups, or null where capping is not possible here.
 */
export function capCpu(pids: number[], share: number): (() => void) | null {
  if (!existsSync(`${CPU_CGROUP}/cgroup.procs`) || process.getuid?.() !== 0) return null;
  const period = 100_000;
  const groups: string[] = [];
  try {
    pids.forEach((pid, i) => {
      const group = `${CPU_CGROUP}/hearth-bench-${process.pid}-${i}`;
      mkdirSync(group, { recursive: true });
      groups.push(group);
      writeFileSync(`${group}/cpu.cfs_period_us`, String(period));
      writeFileSync(`${group}/cpu.cfs_quota_us`, String(Math.round(share * period)));
      writeFileSync(`${group}/cgroup.procs`, String(pid));
    });
  } catch {
    release();
    return null;
  }
  function release() {
    for (const group of groups) {
      try {
        for (const pid of readFileSync(`${group}/cgroup.procs`, 'utf8').split(/\s+/).filter(Boolean))
          writeFileSync(`${CPU_CGROUP}/cgroup.procs`, pid);
        rmdirSync(group);
      } catch {
        // Its processes are gone with it.
      }
    }
  }
  return release;
}
