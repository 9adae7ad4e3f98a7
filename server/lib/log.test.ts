import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log';

describe('error logging', () => {
  it("drops a failed query's parameters and the row values PostgreSQL reports", () => {
    const cause = Object.assign(new Error('null value in column "username" violates not-null constraint'), {
      code: '23502',
      detail: 'Failing row contains (1, null, scrypt$secret-hash).',
      table: 'users',
    });
    const error = new DrizzleQueryError(
      'insert into users values ($1, $2)',
      ['scrypt$secret-hash', 'x'.repeat(1e6)],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('secret-hash');
    expect(logged).not.toContain('xxxxxxxxxx');
    expect(logged).toContain('insert into users');
    expect(logged).toContain('23502');
    expect(logged.length).toBeLessThan(5000);
  });

  it('shortens a huge message', () => {
    expect(serializeError(new Error('y'.repeat(100_000))).message.length).toBeLessThan(400);
  });
});
