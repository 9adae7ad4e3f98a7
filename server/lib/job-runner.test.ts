import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { said } from '../../shared/i18n/said';
import { jobs } from '../db/schema/index';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { ValidationError } from './errors';
import { createJobRunner, type JobRunner } from './job-runner';

let ctx: TestContext;
let userA: number;
let userB: number;
beforeAll(async () => {
  ctx = await createTestContext();
  // Only the runners made here may claim this file's jobs.
  await ctx.app.jobs.stop();
  userA = (await createUser(ctx.db)).id;
  userB = (await createUser(ctx.db)).id;
});
afterAll(() => ctx?.close());

const soon = () => new Date(Date.now() + 60_000);
async function jobRow(id: number) {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('never happened');
}
function runner(options: { concurrency?: number; errors?: unknown[] } = {}): JobRunner {
  return createJobRunner({
    db: ctx.db,
    concurrency: options.concurrency ?? 1,
    pollMs: 20,
    log: { error: (obj: unknown) => options.errors?.push(obj) },
  });
}

describe('job runner', () => {
  it('runs a queued job, reporting progress, and keeps its result', async () => {
    const r = runner();
    r.register<{ n: number }>('count', async ({ job, step }) => {
      for (let i = 1; i <= job.params.n; i++) await step(i, job.params.n);
      return { counted: job.params.n };
    });
    const queued = await r.enqueue({
      userId: userA,
      sessionHash: 's',
      kind: 'count',
      params: { n: 5 },
      total: 5,
    });
    expect(queued.status).toBe('queued');
    await r.idle();
    const done = await jobRow(queued.id);
    expect(done).toMatchObject({ status: 'done', progressDone: 5, progressTotal: 5, result: { counted: 5 } });
    await r.stop();
  });

  it('fails a job whose process went away (its lease ran out), with a message that says so', async () => {
    const [left] = await ctx.db
      .insert(jobs)
      .values({
        userId: userA,
        sessionHash: 's',
        kind: 'count',
        status: 'running',
        params: {},
        leaseUntil: new Date(Date.now() - 1000),
        expiresAt: soon(),
      })
      .returning();
    const r = runner();
    r.start();
    await until(async () => (await jobRow(left!.id)).status === 'failed');
    expect((await jobRow(left!.id)).error).toBe(
      'Stopped because the server running it went away. Start it again; what was done is kept.',
    );
    await r.stop();
  });

  it('stops a running job at its next step when the server stops, saying how far it got', async () => {
    const r = runner();
    let reached!: () => void;
    const atTwo = new Promise<void>((resolve) => {
      reached = resolve;
    });
    r.register('slow', async ({ step }) => {
      for (let i = 1; i <= 100; i++) {
        await step(i, 100);
        if (i === 2) reached();
        await new Promise((res) => setTimeout(res, 5));
      }
    });
    const queued = await r.enqueue({ userId: userA, sessionHash: 's', kind: 'slow', params: {}, total: 100 });
    await atTwo;
    await r.stop();
    const row = await jobRow(queued.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/^Stopped because the server restarted, after [2-9] of 100\. Start it again/);
  });

  it('takes the job of the user with fewer jobs running first, so one user cannot hold the queue', async () => {
    const order: number[] = [];
    const values = (userId: number, status: string) => ({
      userId,
      sessionHash: 's',
      kind: 'mark',
      status,
      params: { userId },
      leaseUntil: status === 'running' ? soon() : null,
      expiresAt: soon(),
    });
    // A already has one running elsewhere; A's queued job is older than B's.
    const [busy] = await ctx.db.insert(jobs).values(values(userA, 'running')).returning();
    await ctx.db.insert(jobs).values(values(userA, 'queued'));
    await ctx.db.insert(jobs).values(values(userB, 'queued'));
    const r = runner({ concurrency: 1 });
    r.register<{ userId: number }>('mark', async ({ job }) => {
      order.push(job.params.userId);
    });
    r.start();
    await until(async () => order.length === 2);
    expect(order).toEqual([userB, userA]);
    await r.stop();
    await ctx.db.delete(jobs).where(eq(jobs.id, busy!.id));
  });

  it('fails a job whose handler throws, in plain words, and logs what was unexpected', async () => {
    const errors: unknown[] = [];
    const r = runner({ errors });
    r.register('refused', async () => {
      throw ValidationError.field(
        'oven_ids',
        said('ruleMessages.zipOvenFailed', { oven: 'Front', reason: 'the menu has a problem.' }),
      );
    });
    r.register('broken', async () => {
      throw new Error('disk on fire');
    });
    const a = await r.enqueue({ userId: userB, sessionHash: 's', kind: 'refused', params: {}, total: 1 });
    const b = await r.enqueue({ userId: userB, sessionHash: 's', kind: 'broken', params: {}, total: 1 });
    await r.idle();
    expect((await jobRow(a.id)).error).toBe('Front: the menu has a problem. Nothing was downloaded.');
    expect((await jobRow(a.id)).errorSaid?.key).toBe('ruleMessages.zipOvenFailed');
    expect((await jobRow(b.id)).error).toBe(
      'Something went wrong on our side, so this did not finish. Please try again.',
    );
    expect(errors).toHaveLength(1);
    await r.stop();
  });
});
