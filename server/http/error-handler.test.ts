import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toReply } from './error-handler';

const request = {} as FastifyRequest;
const dbError = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });

describe('storage faults under the database', () => {
  it.each(['53100', 'ENOSPC'])('says the storage is full (507) for %s', (code) => {
    const reply = toReply(dbError(code), request);
    expect(reply.status).toBe(507);
    expect(reply.body.message).toMatch(/^The server's storage is full, so nothing was saved\./);
  });

  it.each(['25006', '58030', 'EROFS'])('says the database cannot write (503, retry later) for %s', (code) => {
    const reply = toReply(dbError(code), request);
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(/^The database cannot write right now/);
    expect(reply.body.retry_after).toBe(60);
  });

  it('keeps a wrong query a plain 500 that shows nothing of the database', () => {
    const reply = toReply(dbError('42P01'), request);
    expect(reply).toEqual({
      status: 500,
      body: {
        message: 'Something went wrong on our side. Please try again.',
        key: 'ruleMessages.serverError',
        params: {},
      },
    });
  });
});
