import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { fuzzImports } from '../../test/settings-file-fuzz';

let ctx: TestContext;
let token: string;
let userId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db);
  userId = user.id;
  token = await createSession(ctx.db, user.id);
});
afterAll(() => ctx?.close());

// A few thousand damaged files on every CI run; `npm run fuzz` sends 100,000.
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

describe('POST /api/files with damaged files', () => {
  it('never fails with a 500, never leaves a partial oven, and every refusal names a line', async () => {
    const result = await fuzzImports(
      {
        db: ctx.db,
        userId,
        importFile: async (body) => {
          const res = await ctx.api('POST', '/api/files', body, { token });
          return { status: res.statusCode, body: res.json() };
        },
      },
      RUNS,
      20261123,
    );
    expect(result.runs).toBe(RUNS);
    // Both paths are reached: the resealed files that break no rule are taken, the rest refused.
    expect(result.accepted).toBeGreaterThan(0);
    expect(result.refused).toBeGreaterThan(RUNS / 2);
  }, 300_000);
});
