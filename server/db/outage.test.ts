/**
 * PostgreSQL stopped and started under a running app (only where the test script controls a throwaway server:
 * `npm run test:pg`, as CI runs it). The app must not crash on the dropped connections, must answer 503 while
 * the database is away, and must recover by itself.
 */
import { execSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

const stop = process.env.HEARTH_PG_STOP;
const start = process.env.HEARTH_PG_START;

describe.runIf(stop && start && process.env.TEST_DATABASE_URL)(
  'a PostgreSQL restart under the running app',
  () => {
    let ctx: TestContext;
    let user: Awaited<ReturnType<typeof createUser>>;
    beforeAll(async () => {
      ctx = await createTestContext();
      user = await createUser(ctx.db);
    });
    afterAll(async () => {
      execSync(`${start} || true`, { stdio: 'ignore' });
      await ctx?.close();
    });

    const login = () => ctx.api('POST', '/api/login', { username: user.username, password: user.password });

    it('survives, answers 503 while the database is away, and recovers by itself', async () => {
      expect((await login()).statusCode).toBe(200); // the pool now holds idle connections
      execSync(stop!, { stdio: 'ignore' }); // they are terminated (57P01): the process must not crash
      await new Promise((r) => setTimeout(r, 200));

      const during = await login();
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect((await ctx.api('GET', '/api/ready')).statusCode).toBe(503);

      execSync(start!, { stdio: 'ignore' });
      let after = await login();
      for (let i = 0; i < 20 && after.statusCode !== 200; i++) {
        await new Promise((r) => setTimeout(r, 250));
        after = await login();
      }
      expect(after.statusCode).toBe(200);
      expect((await ctx.api('GET', '/api/ready')).statusCode).toBe(200);
    }, 60_000);
  },
);
