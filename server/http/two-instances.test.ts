/**
 * Two app instances on one database, as behind a load balancer: nothing a user relies on lives in one process's
 * memory. A session made on one works on the other, rate limits count the hits of both, and downloads prepared on
 * one are served by the other.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/contracts/http';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { createRecipe, createUser, recipeBody } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let second: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://hearth.test',
    SEED_DEMO: 'false',
  });
  second = await buildApp({
    config,
    database: ctx.database,
    mailer: createMailer({ db: ctx.database.db, from: config.MAIL_FROM }),
  });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

const headers = (token?: string) => ({
  cookie: `${CSRF_COOKIE}=t`,
  [CSRF_HEADER]: 't',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
function on(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
  token?: string,
  ip = '198.51.100.7',
) {
  return app.inject({
    method,
    url,
    headers: headers(token),
    remoteAddress: ip,
    ...(body ? { payload: body } : {}),
  });
}

describe('two instances on one database', () => {
  it('a session made on one works on the other, and a logout on one ends it on both', async () => {
    const user = await createUser(ctx.db);
    const login = await on(ctx.app, 'POST', '/api/login', {
      username: user.username,
      password: user.password,
    });
    const token = login.json<{ token: string }>().token;
    expect((await on(second, 'GET', '/api/auth/check', undefined, token)).statusCode).toBe(200);
    expect((await on(second, 'POST', '/api/logout', undefined, token)).statusCode).toBe(200);
    expect((await on(ctx.app, 'GET', '/api/auth/check', undefined, token)).statusCode).toBe(401);
  });

  it('a rate limit counts the attempts made on both', async () => {
    const statuses: number[] = [];
    // 10 registrations an hour from one address: 5 on each instance, then the 11th on either is refused.
    for (let i = 0; i < 11; i++) {
      const app = i % 2 === 0 ? ctx.app : second;
      const res = await on(
        app,
        'POST',
        '/api/register',
        { username: `twin_${i}` },
        undefined,
        '198.51.100.99',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('failed log-ins on both instances block the address together', async () => {
    const user = await createUser(ctx.db);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const app = i % 2 === 0 ? ctx.app : second;
      const res = await on(
        app,
        'POST',
        '/api/login',
        { username: user.username, password: 'wrong-password' },
        undefined,
        '198.51.100.42',
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("the library's cached list pages follow a change made on the other instance at once", async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const token = (
      await on(ctx.app, 'POST', '/api/login', { username: admin.username, password: admin.password })
    ).json<{ token: string }>().token;
    const list = async (app: FastifyInstance) =>
      (await on(app, 'GET', '/api/recipes?owner=provider&search=zanzibar', undefined, token)).json<{
        total: number;
        data: { name: string }[];
      }>();
    expect((await list(second)).total).toBe(0); // now cached on the second instance
    const made = await on(
      ctx.app,
      'POST',
      '/api/recipes',
      { ...recipeBody({ name: 'Zanzibar Flat' }), scope: 'provider' },
      token,
    );
    expect(made.statusCode, made.body).toBe(201);
    expect((await list(second)).data.map((r) => r.name)).toEqual(['Zanzibar Flat']);
    const id = made.json<{ data: { id: number } }>().data.id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/recipes/${id}`,
      headers: headers(token),
      payload: recipeBody({ name: 'Zanzibar Round' }),
    });
    expect((await list(second)).data.map((r) => r.name)).toEqual(['Zanzibar Round']);
    await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${id}`, headers: headers(token) });
    expect((await list(second)).total).toBe(0);
  });

  it('a PDF and a settings file prepared on one are served by the other', async () => {
    const user = await createUser(ctx.db);
    const token = (
      await on(ctx.app, 'POST', '/api/login', { username: user.username, password: user.password })
    ).json<{ token: string }>().token;
    const recipe = await createRecipe(ctx.db, { ownerId: user.id });
    const pdf = (await on(ctx.app, 'GET', `/api/createpdfs/${recipe.id}`, undefined, token)).json<{
      name: string;
    }>();
    const served = await on(second, 'GET', `/storage/pdf/${pdf.name}`, undefined, token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');

    const file = readFileSync(
      new URL('../../shared/domain/settings-file/fixtures/example-misa.rcp', import.meta.url),
      'utf8',
    );
    const imported = await on(
      ctx.app,
      'POST',
      '/api/files',
      { oven_name: 'Twin', oven_type: 'MiSA', data: file },
      token,
    );
    const ovenId = imported.json<{ oven: { id: number } }>().oven.id;
    const prepared = (await on(second, 'GET', `/api/files/${ovenId}`, undefined, token)).json<{
      file: string;
    }>();
    const bytes = await on(ctx.app, 'GET', `/storage/settings/${prepared.file}`, undefined, token);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toMatch(/^HEARTH-RCP 1\.0 MISA\n/);
  });
});
