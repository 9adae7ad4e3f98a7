import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { said } from '../../shared/i18n/said';
import type { Db } from '../db/client';
import { createJobStore, type JobRow } from '../db/job-store';
import { DomainError, TooManyError } from './errors';

/** What a handler sees of its job. */
export interface JobContext<P> {
  job: { id: number; userId: number; sessionHash: string; params: P };
  /**
   * Says how far the job is, renews its lease, and gives the event loop to everyone else's requests before the
   * next unit of work. Throws when the server is stopping, so a deploy does not wait for 1,000 ovens.
   */
  step(done: number, total: number): Promise<void>;
}
export type JobHandler<P> = (ctx: JobContext<P>) => Promise<unknown>;

/** Jobs one user may have waiting or running at once. */
export const JOBS_PER_USER = 3;
/** Jobs one process runs at once: heavy work takes at most this many turns of the event loop in a row. */
export const JOB_CONCURRENCY = 2;
/** How long a finished job (and so its progress and result) can be read back. */
const JOB_TTL_MS = 60 * 60_000;
const LEASE_MS = 60_000;
// Progress is written at most this often (a write per oven of 1,000 would be 1,000 writes for a bar).
const PROGRESS_WRITE_MS = 250;

export class JobStopped extends Error {}

export interface JobRunnerOptions {
  db: Db;
  log?: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
  concurrency?: number;
  /** How often an idle process looks for jobs queued elsewhere or left by a process that died. */
  pollMs?: number;
}

/**
 * Runs heavy work off the request path: a request queues a job (a row in `jobs`) and answers 202 at once; a pool
 * of JOB_CONCURRENCY per process claims jobs from the database (so any instance may run any job, and a job of a
 * process that died is found), runs its handler, which yields between units, and records progress and the result
 * for GET /api/jobs/{id}.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const store = createJobStore(options.db);
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? JOB_CONCURRENCY;
  const handlers = new Map<string, JobHandler<never>>();
  // Queues that are not one person's jobs (a team's webhook deliveries): drained at each poll and when nudged,
  // one pass at a time per process, within the runner's start and stop.
  const drains: (() => Promise<unknown>)[] = [];
  let draining: Promise<void> | null = null;
  let drainAgain = false;
  const active = new Set<Promise<void>>();
  let workers = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const lease = () => new Date(now().getTime() + LEASE_MS);

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    let done = job.progressDone;
    let total = job.progressTotal;
    let written = 0;
    const ctx: JobContext<never> = {
      job: { id: job.id, userId: job.userId, sessionHash: job.sessionHash, params: job.params as never },
      async step(d, t) {
        if (stopped) throw new JobStopped();
        done = d;
        total = t;
        const at = Date.now();
        if (at - written >= PROGRESS_WRITE_MS || d === t) {
          written = at;
          await store.progress(job.id, d, t, lease());
        }
        await nextTurn();
      },
    };
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const result = await handler(ctx);
      await store.finish(job.id, { status: 'done', result: result ?? null }, now());
    } catch (error) {
      const message =
        error instanceof JobStopped
          ? said('ruleMessages.jobStoppedRestart', { done, total })
          : error instanceof DomainError
            ? error.said
            : said('ruleMessages.jobFailed');
      if (!(error instanceof JobStopped) && !(error instanceof DomainError))
        options.log?.error({ err: error, jobId: job.id, kind: job.kind }, 'A job failed');
      await store.finish(job.id, { status: 'failed', error: message }, now()).catch(() => {});
    }
  }

  /** One worker: claims and runs jobs until none is queued. */
  async function work(): Promise<void> {
    try {
      while (!stopped) {
        const job = await store.claim(now(), lease());
        if (!job) return;
        await run(job);
      }
    } catch (error) {
      options.log?.error({ err: error }, 'The job runner could not claim a job');
    } finally {
      workers--;
    }
  }

  function kick(): void {
    while (!stopped && workers < concurrency) {
      workers++;
      const p = work();
      active.add(p);
      void p.finally(() => active.delete(p));
    }
  }

  function drain(): void {
    if (stopped || drains.length === 0) return;
    if (draining) {
      drainAgain = true;
      return;
    }
    const pass = (async () => {
      do {
        drainAgain = false;
        for (const run of drains)
          await run().catch((error) => options.log?.error({ err: error }, 'A background queue failed'));
      } while (drainAgain && !stopped);
    })();
    const running = pass.finally(() => {
      draining = null;
    });
    draining = running;
    active.add(running);
    void running.finally(() => active.delete(running));
  }

  async function sweep(): Promise<void> {
    try {
      await store.failAbandoned(now(), said('ruleMessages.jobAbandoned'));
      await store.deleteExpired(now());
    } catch (error) {
      options.log?.error({ err: error }, 'The job runner could not sweep old jobs');
    }
    kick();
    drain();
  }

  return {
    register<P>(kind: string, handler: JobHandler<P>): void {
      handlers.set(kind, handler as JobHandler<never>);
    },

    /** Queues a job for the user's session; 429 when they already have JOBS_PER_USER waiting or running. */
    async enqueue<P>(input: {
      userId: number;
      sessionHash: string;
      kind: string;
      params: P;
      total: number;
    }): Promise<JobRow> {
      if ((await store.unfinishedOf(input.userId)) >= JOBS_PER_USER)
        throw new TooManyError(said('ruleMessages.jobsWaiting', { n: JOBS_PER_USER }), 10);
      const row = await store.insert({
        userId: input.userId,
        sessionHash: input.sessionHash,
        kind: input.kind,
        params: input.params,
        progressTotal: input.total,
        expiresAt: new Date(now().getTime() + JOB_TTL_MS),
      });
      kick();
      return row;
    },

    /** A queue of its own drained by the runner (at each poll, and when nudged). */
    drain(run: () => Promise<unknown>): void {
      drains.push(run);
    },

    /** Drains the queues now rather than at the next poll. */
    nudge(): void {
      drain();
    },

    get: (id: number) => store.get(id),

    start(): void {
      if (timer) return;
      void sweep();
      timer = setInterval(() => void sweep(), options.pollMs ?? 3000);
      timer.unref();
    },

    /** Stops claiming; a running job stops at its next step and is marked as stopped. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...active]);
    },

    /** Resolves when no job is running in this process (tests and benchmarks wait on it). */
    async idle(): Promise<void> {
      while (active.size > 0) await Promise.all([...active]);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
