import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { Location } from '../../shared/contracts/chains';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/contracts/http';
import type { Job, JobKind, JobOf } from '../../shared/contracts/jobs';
import type { OvenDetail } from '../../shared/contracts/ovens';
import type { ImportStats } from '../../shared/contracts/settings-files';
import { isFinished } from '../../shared/domain/job';
import { type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { openTestDatabase } from '../db/testing';
import { createMailer, type Mailer } from '../mail/mailer';
import { type CaughtMail, startSmtpCatcher } from './smtp-catcher';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  mail: CaughtMail[];
  /** The SMTP server refuses every message while `smtp.refuse.on` is set. */
  smtp: { refuse: { on: boolean } };
  mailer: Mailer;
  clock: { now: Date; advance(ms: number): void };
  api: ApiClient;
  close(): Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface ApiOptions {
  token?: string;
  csrf?: boolean;
  headers?: Record<string, string>;
  ip?: string;
}
export type ApiClient = (
  method: Method,
  url: string,
  body?: unknown,
  options?: ApiOptions,
) => Promise<LightMyRequestResponse & { body: string; json<T = Record<string, unknown>>(): T }>;

const CSRF_VALUE = 'test-csrf-token';

/** One app per test file: a fresh migrated database, a real SMTP server catching mail, a movable clock. */
export async function createTestContext(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const database = await openTestDatabase(inject('dbSnapshot'));
  const smtp = await startSmtpCatcher();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    APP_URL: 'http://hearth.test',
    SEED_DEMO: 'false',
    ...overrides.env,
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const mailer = createMailer({
    db: database.db,
    smtpUrl: smtp.url,
    from: config.MAIL_FROM,
    now: () => clock.now,
  });
  const app = await buildApp({ config, database, mailer, now: () => clock.now, ...overrides });
  await app.ready();

  const api: ApiClient = async (method, url, body, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.csrf !== false) {
      headers.cookie = `${CSRF_COOKIE}=${CSRF_VALUE}`;
      headers[CSRF_HEADER] = CSRF_VALUE;
    }
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? '127.0.0.1',
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return response as never;
  };

  const ctx: TestContext = {
    app,
    db: database.db,
    database,
    mail: smtp.messages,
    smtp,
    mailer,
    clock,
    api,
    async close() {
      await app.close();
      mailer.close();
      await smtp.close();
      await database.close();
    },
  };
  return ctx;
}

/** Waits until the SMTP server has received `count` messages (delivery is asynchronous to the reply). */
export async function waitForMail(ctx: TestContext, count: number): Promise<CaughtMail> {
  for (let i = 0; i < 100 && ctx.mail.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  const mail = ctx.mail[count - 1];
  if (!mail) throw new Error(`Expected ${count} mail(s), got ${ctx.mail.length}`);
  return mail;
}

/** An oven of the token's user imported from the golden Matchbox file, as GET /api/ovens/{id} answers it. */
export async function importGoldenOven(ctx: TestContext, token: string, name = 'Front') {
  const data = readFileSync(
    new URL('../../shared/domain/settings-file/fixtures/example-mb.ai2', import.meta.url),
    'utf8',
  );
  const stats = (
    await ctx.api('POST', '/api/files', { oven_name: name, oven_type: 'Matchbox 1718/1313', data }, { token })
  ).json<ImportStats>();
  return (await ctx.api('GET', `/api/ovens/${stats.oven.id}`, undefined, { token })).json<{
    data: OvenDetail;
  }>().data;
}

/** A location of the token's user holding these ovens, made through the API. */
export async function createLocationWith(ctx: TestContext, token: string, name: string, ovenIds: number[]) {
  const made = (await ctx.api('POST', '/api/locations', { name }, { token })).json<{ data: Location }>().data;
  if (ovenIds.length > 0)
    await ctx.api('POST', `/api/locations/${made.id}/ovens`, { oven_ids: ovenIds }, { token });
  return made;
}

/**
 * The finished job a 202 (or a reply carrying `job`) stands for: waits until this app's runner is idle, then reads
 * the job as its owner would. Throws when the reply queued no job.
 */
export async function finishedJob<J = Job>(
  ctx: TestContext,
  token: string,
  queued: { statusCode: number; body: string; json<T>(): T },
): Promise<J> {
  const body = queued.json<{ data?: Job; job?: Job }>();
  const id = body.job?.id ?? body.data?.id;
  if (queued.statusCode >= 300 || id === undefined)
    throw new Error(`No job was queued: ${queued.statusCode} ${queued.body}`);
  for (let i = 0; i < 500; i++) {
    await ctx.app.jobs.idle();
    const job = (await ctx.api('GET', `/api/jobs/${id}`, undefined, { token })).json<{ data: Job }>().data;
    if (isFinished(job)) return job as J;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`Job ${id} did not finish`);
}

/** The result of a job that must have succeeded. */
export async function jobResult<K extends JobKind>(
  ctx: TestContext,
  token: string,
  queued: { statusCode: number; body: string; json<T>(): T },
): Promise<NonNullable<JobOf<K>['result']>> {
  const job = await finishedJob<JobOf<K>>(ctx, token, queued);
  if (job.status !== 'done' || !job.result) throw new Error(`Job ${job.id} ${job.status}: ${job.error}`);
  return job.result as NonNullable<JobOf<K>['result']>;
}

/** A multipart/form-data body (fields, then a file), as a browser's form sends it, with its content type. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hearth${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
