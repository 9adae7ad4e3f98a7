import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxReply } from '../../../shared/contracts/system';
import { createPool, wrapPostgres } from '../../db/client';
import { createOven, createUser } from '../../test/factories';
import { createTestContext, finishedJob, type TestContext } from '../../test/harness';

/** The embedded default: no SMTP, so the outbox page is on. */
describe('the outbox shows mail only to people it could have reached', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let cook: Awaited<ReturnType<typeof createUser>>;
  const tokenOf = async (u: { username: string; password: string }) =>
    (await ctx.api('POST', '/api/login', u, { ip: '10.9.9.9' })).json<{ token: string }>().token;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { OUTBOX_PAGE: 'true' } });
    admin = await createUser(ctx.db, { role: 'admin' });
    cook = await createUser(ctx.db);
    // A stranger asks for a reset link to the admin's address, and one goes to the cook.
    await ctx.api('POST', '/api/password/email', { email: admin.email }, { ip: '203.0.113.7' });
    await ctx.api('POST', '/api/password/email', { email: cook.email }, { ip: '203.0.113.8' });
  });
  afterAll(() => ctx?.close());

  const outbox = (options: Parameters<TestContext['api']>[3]) =>
    ctx.api('GET', '/api/outbox', undefined, options);
  const recipients = (res: { json<T>(): T }) => res.json<{ data: { to: string }[] }>().data.map((m) => m.to);

  it('a guest from another machine sees nothing, so cannot read the reset link sent to the admin', async () => {
    const res = await outbox({ ip: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scope: 'none', data: [] });
  });

  it('a guest behind a proxy on this machine is not taken for the machine itself', async () => {
    const res = await outbox({ ip: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.json()).toEqual({ scope: 'none', data: [] });
  });

  it('the machine Hearth runs on sees all mail (the two-command start)', async () => {
    const res = await outbox({ ip: '127.0.0.1' });
    expect(recipients(res)).toEqual(expect.arrayContaining([admin.email, cook.email]));
  });

  it('a logged-in user sees only their own mail', async () => {
    const res = await outbox({ ip: '203.0.113.8', token: await tokenOf(cook) });
    expect(res.json<{ scope: string }>().scope).toBe('own');
    expect(new Set(recipients(res))).toEqual(new Set([cook.email]));
  });

  it('an admin sees all mail', async () => {
    const res = await outbox({ ip: '203.0.113.9', token: await tokenOf(admin) });
    expect(recipients(res)).toEqual(expect.arrayContaining([admin.email, cook.email]));
  });

  it("a shared file's attachment is listed, and fetched only by those who may see the mail", async () => {
    const token = await tokenOf(cook);
    const oven = await createOven(ctx.db, cook.id, { name: 'Outbox Oven' });
    const shared = await ctx.api(
      'POST',
      `/api/ovens/settings/${oven.id}`,
      { email: `${cook.email}` },
      {
        token,
        ip: '203.0.113.8',
      },
    );
    expect((await finishedJob(ctx, token, shared)).status).toBe('done');
    const mine = (await outbox({ ip: '203.0.113.8', token })).json<OutboxReply>().data;
    const mail = mine.find((m) => m.subject.includes('Outbox Oven'))!;
    expect(mail.attachments).toEqual([
      {
        position: 1,
        file_name: 'MATCHBOX.AI2',
        content_type: 'application/octet-stream',
        size: expect.any(Number),
      },
    ]);
    expect(mail.sent_at).not.toBeNull();
    const url = `/api/outbox/${mail.id}/attachments/1`;
    const file = await ctx.api('GET', url, undefined, { ip: '203.0.113.8', token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="MATCHBOX.AI2"');
    expect(file.body).toContain('OVEN name="Outbox Oven"');
    expect((await ctx.api('GET', url, undefined, { ip: '203.0.113.7' })).statusCode).toBe(404);
    const stranger = await createUser(ctx.db);
    const other = await ctx.api('GET', url, undefined, { ip: '203.0.113.7', token: await tokenOf(stranger) });
    expect(other.statusCode).toBe(404);
    expect((await ctx.api('GET', url, undefined, { ip: '127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('when the database is away', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A real pg pool pointed at a port where nothing listens: every query fails as in an outage.
    const away = wrapPostgres(createPool('postgres://hearth@127.0.0.1:9/hearth', { max: 2 }));
    ctx = await createTestContext({ database: away });
  });
  afterAll(() => ctx?.close());

  it('answers 503 with Retry-After and a plain message, not a 500', async () => {
    const res = await ctx.api('POST', '/api/login', { username: 'someone', password: 'secret-pw' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json<{ message: string }>().message).toBe(
      'The database is not reachable right now. Please try again in a few seconds.',
    );
  });

  it('says so on the readiness endpoint, while liveness still answers', async () => {
    const ready = await ctx.api('GET', '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, message: 'The database is not reachable right now.' });
    expect((await ctx.api('GET', '/api/health')).statusCode).toBe(200);
  });
});

describe('serving the built client', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-client-'));
    mkdirSync(join(dir, 'assets'));
    const js = 'console.log("hearth");'.repeat(200);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets/index-abc123.js'), js);
    writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(js));
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    ctx = await createTestContext({ clientDir: dir });
  });
  afterAll(() => ctx?.close());

  it.each(['/', '/recipes', '/password/reset/abc', '/index.html'])(
    'sends the page %s fresh every time',
    async (url) => {
      const res = await ctx.api('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year and sends them pre-compressed', async () => {
    const res = await ctx.api('GET', '/assets/index-abc123.js', undefined, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    const gz = await ctx.api('GET', '/assets/index-abc123.js', undefined, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('compresses API replies when asked', async () => {
    const res = await ctx.api('GET', '/api/docs/json', undefined, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('does not serve source maps', async () => {
    expect((await ctx.api('GET', '/assets/index-abc123.js.map')).statusCode).toBe(404);
  });
});
