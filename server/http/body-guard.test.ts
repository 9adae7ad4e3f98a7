import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/contracts/http';
import { SETTINGS_FILE_MAX_BYTES } from '../../shared/contracts/settings-files';
import { PayloadTooLargeError, ValidationError } from '../lib/errors';
import { createOven, createSignedInUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { checkRequestValues, MAX_BODY_DEPTH, MAX_BODY_VALUES } from './body-guard';

const none = new Set<string>();

describe('checkRequestValues', () => {
  it('composes text typed with combining accents (NFC), everywhere but in passwords', () => {
    const decomposed = 'Cre\u0300me Bru\u0302le\u0301e';
    const body = {
      name: decomposed,
      stages: [{ note: decomposed }],
      password: decomposed,
      password_confirmation: decomposed,
    };
    checkRequestValues([body], new Set());
    expect(body.name).toBe('Crème Brûlée');
    expect(body.name).toBe('Crème Brûlée'.normalize('NFC'));
    expect(body.stages[0]!.note).toBe('Crème Brûlée');
    expect(body.password).toBe(decomposed);
    expect(body.password_confirmation).toBe(decomposed);
  });

  it('refuses 20,000 nested arrays as too deep instead of overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(() => checkRequestValues([deep], none)).toThrow(ValidationError);
    expect(() => checkRequestValues([deep], none)).toThrow(/nested too deeply/);
  });

  it('takes a body exactly at the depth limit', () => {
    let value: unknown = 'leaf';
    for (let i = 0; i < MAX_BODY_DEPTH; i++) value = [value];
    expect(() => checkRequestValues([value], none)).not.toThrow();
  });

  it('finds a NUL character placed after 20,000 harmless values', () => {
    const body = { pad: Array.from({ length: 20_000 }, () => 'x'), name: 'a\u0000b' };
    expect(() => checkRequestValues([body], none)).toThrow(/Name may not contain the NUL character/);
  });

  it('refuses a body of more values than the budget with 413, never letting it through', () => {
    const body = { ids: new Array(MAX_BODY_VALUES + 1).fill(1) };
    expect(() => checkRequestValues([body], none)).toThrow(PayloadTooLargeError);
  });

  it('does not walk bytes: a 24 MB buffer of NUL bytes passes at once', () => {
    expect(() => checkRequestValues([Buffer.alloc(SETTINGS_FILE_MAX_BYTES)], none)).not.toThrow();
  });

  it('skips only the top-level fields a route allows', () => {
    expect(() => checkRequestValues([{ data: 'a\u0000' }], new Set(['data']))).not.toThrow();
    expect(() => checkRequestValues([{ x: { data: 'a\u0000' } }], new Set(['data']))).toThrow(
      ValidationError,
    );
  });
});

describe('request bodies', () => {
  let ctx: TestContext;
  let token: string;
  let ovenId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    const user = await createSignedInUser(ctx.db);
    token = user.token;
    ovenId = (await createOven(ctx.db, user.id)).id;
  });
  afterAll(() => ctx?.close());

  const json = { 'content-type': 'application/json' };
  const bytes = { 'content-type': 'application/octet-stream' };

  it('answers 422 to 20,000 nested brackets sent to the log-in without a session', async () => {
    const res = await ctx.api('POST', '/api/login', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, {
      headers: json,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/nested too deeply/);
  });

  it('answers 422 naming the field when a NUL follows 20,000 values', async () => {
    const body = { pad: Array.from({ length: 20_000 }, () => 0), username: 'someone', password: 'a\u0000b' };
    const res = await ctx.api('POST', '/api/login', body);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.password).toBeDefined();
  });

  it('answers 415 to raw bytes sent to check-file, which reads JSON', async () => {
    const res = await ctx.api('POST', `/api/ovens/${ovenId}/check-file`, Buffer.alloc(1024), {
      token,
      headers: bytes,
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses 2 MB sent to /loaded, which reads no body, with 413 naming 16 KB', async () => {
    const res = await ctx.api(
      'POST',
      `/api/ovens/${ovenId}/loaded`,
      { pad: 'x'.repeat(2_000_000) },
      { token },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'The request is too large: it may be at most 16 KB.',
    );
  });

  it('refuses a check-file body over the 24 MB file limit with 413', async () => {
    const data = 'x'.repeat(SETTINGS_FILE_MAX_BYTES + 1);
    const res = await ctx.api('POST', `/api/ovens/${ovenId}/check-file`, { data }, { token });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'The request is too large: it may be at most 24 MB.',
    );
  });

  it('refuses a raw import over 24 MB with 413', async () => {
    const res = await ctx.api(
      'POST',
      '/api/files/raw?oven_name=Big&oven_type=MiLO%2FDouble%20MiLO',
      Buffer.alloc(SETTINGS_FILE_MAX_BYTES + 1),
      { token, headers: bytes },
    );
    expect(res.statusCode).toBe(413);
  });

  it('reads a raw import of NUL bytes as a file (422 from the reader), not as values to walk', async () => {
    const res = await ctx.api(
      'POST',
      '/api/files/raw?oven_name=Nul&oven_type=MiLO%2FDouble%20MiLO',
      Buffer.alloc(64 * 1024),
      { token, headers: bytes },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).not.toMatch(/NUL character/);
  });
});

describe('slow requests', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('closes a connection whose body never finishes arriving', { timeout: 20_000 }, async () => {
    ctx = await createTestContext({ requestTimeoutMs: 1000 });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nCookie: ${CSRF_COOKIE}=t\r\n${CSRF_HEADER}: t\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user',
    );
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});
