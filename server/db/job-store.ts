import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { english } from '../../shared/i18n/english';
import type { Said } from '../../shared/i18n/said';
import { type Db, rowsOf } from './client';
import { jobs } from './schema/index';

export type JobRow = typeof jobs.$inferSelect;
export const UNFINISHED = ['queued', 'running'] as const;

/** A raw row of `jobs` (snake case, as a raw query answers) as Drizzle's row. */
function fromRaw(r: Record<string, unknown>): JobRow {
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    sessionHash: String(r.session_hash),
    kind: String(r.kind),
    status: String(r.status),
    params: typeof r.params === 'string' ? JSON.parse(r.params) : r.params,
    progressDone: Number(r.progress_done),
    progressTotal: Number(r.progress_total),
    result: (typeof r.result === 'string' ? JSON.parse(r.result) : r.result) ?? null,
    error: (r.error as string | null) ?? null,
    errorSaid:
      ((typeof r.error_said === 'string' ? JSON.parse(r.error_said) : r.error_said) as Said | null) ?? null,
    leaseUntil: date(r.lease_until),
    createdAt: date(r.created_at)!,
    startedAt: date(r.started_at),
    finishedAt: date(r.finished_at),
    expiresAt: date(r.expires_at)!,
  };
}

export function createJobStore(db: Db) {
  return {
    async insert(values: typeof jobs.$inferInsert): Promise<JobRow> {
      const [row] = await db.insert(jobs).values(values).returning();
      return row!;
    },

    async unfinishedOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(jobs)
        .where(and(eq(jobs.userId, userId), inArray(jobs.status, [...UNFINISHED])));
      return Number(row?.n ?? 0);
    },

    async get(id: number): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      return row;
    },

    /**
     * Takes the next queued job for this process, whichever instance queued it: the job of the user with the
     * fewest jobs running goes first (one user's ten zips do not hold everyone else back), then the oldest.
     * SKIP LOCKED lets several instances claim at once without taking the same job.
     */
    async claim(now: Date, leaseUntil: Date): Promise<JobRow | undefined> {
      const [row] = await rowsOf<Record<string, unknown>>(
        db,
        sql`update jobs set status = 'running', started_at = ${now.toISOString()}, lease_until = ${leaseUntil.toISOString()}
            where id = (
              select j.id from jobs j where j.status = 'queued'
              order by (select count(*) from jobs r where r.user_id = j.user_id and r.status = 'running'), j.id
              limit 1 for update skip locked)
            returning *`,
      );
      return row ? fromRaw(row) : undefined;
    },

    async progress(id: number, done: number, total: number, leaseUntil: Date): Promise<void> {
      await db
        .update(jobs)
        .set({ progressDone: done, progressTotal: total, leaseUntil })
        .where(eq(jobs.id, id));
    },

    async finish(
      id: number,
      outcome: { status: 'done'; result: unknown } | { status: 'failed'; error: Said },
      now: Date,
    ): Promise<void> {
      await db
        .update(jobs)
        .set(
          outcome.status === 'done'
            ? { status: 'done', result: outcome.result, finishedAt: now, leaseUntil: null }
            : {
                status: 'failed',
                error: english(outcome.error),
                errorSaid: outcome.error,
                finishedAt: now,
                leaseUntil: null,
              },
        )
        .where(eq(jobs.id, id));
    },

    /** Jobs whose process went away mid-run (their lease ran out) are failed, so nobody waits on them forever. */
    async failAbandoned(now: Date, error: Said): Promise<number> {
      const rows = await db
        .update(jobs)
        .set({ status: 'failed', error: english(error), errorSaid: error, finishedAt: now, leaseUntil: null })
        .where(and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, now)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.delete(jobs).where(lt(jobs.expiresAt, now));
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
