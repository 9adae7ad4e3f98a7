import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from './test/factories';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PROVIDER_NAME: 'Ember Ovens' } });
});
afterAll(() => ctx?.close());

describe('the app shell', () => {
  it('sends security headers with a CSP', async () => {
    const res = await ctx.api('GET', '/api/health');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('sends the security headers on an error reply too', async () => {
    const res = await ctx.api('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets no cache keep an API answer, an error included', async () => {
    const { token } = await createSignedInUser(ctx.db);
    expect((await ctx.api('GET', '/api/ovens', undefined, { token })).headers['cache-control']).toBe(
      'no-store',
    );
    expect((await ctx.api('GET', '/api/no-such-thing')).headers['cache-control']).toBe('no-store');
  });

  it('serves the public config with the provider name and links', async () => {
    const res = await ctx.api('GET', '/api/config');
    expect(res.json()).toMatchObject({ providerName: 'Ember Ovens', outboxEnabled: false });
  });

  it('hides the outbox when real SMTP is configured', async () => {
    expect((await ctx.api('GET', '/api/outbox')).statusCode).toBe(404);
  });

  it('describes the API with OpenAPI at /api/docs', async () => {
    const res = await ctx.api('GET', '/api/docs/json');
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/login', '/api/register', '/api/password/email', '/api/users/{id}']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect((await ctx.api('GET', '/api/docs')).statusCode).toBeLessThan(400);
  });

  it('says in the API description who may call each operation', async () => {
    type Operation = { 'x-access'?: string; security?: unknown[] };
    const doc = (await ctx.api('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    expect(doc.paths['/api/ovens']!.get!['x-access']).toBe('ovens.read');
    expect(doc.paths['/api/users']!.get!['x-access']).toBe('admin');
    expect(doc.paths['/api/login']!.post).toMatchObject({ 'x-access': 'public', security: [] });
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await ctx.api('GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', key: 'ruleMessages.notFoundPlain', params: {} });
  });
});
