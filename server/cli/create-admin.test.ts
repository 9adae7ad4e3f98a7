import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { createAdmin } from './create-admin';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('npm run create-admin', () => {
  it('creates a verified admin who can log in', async () => {
    const line = await createAdmin(ctx.db, {
      username: 'ops_lead',
      email: 'Ops@Example.com',
      password: 'a-long-secret',
    });
    expect(line).toMatch(/^Admin ops_lead <ops@example.com> created/);
    const res = await ctx.api('POST', '/api/login', { username: 'ops_lead', password: 'a-long-secret' });
    expect(res.json()).toMatchObject({ role: 'admin' });
  });

  it('refuses a short password and names the field', async () => {
    await expect(
      createAdmin(ctx.db, { username: 'ops2', email: 'ops2@example.com', password: 'short' }),
    ).rejects.toThrow('password: The password must be at least 8 characters.');
  });

  it('makes an existing user an admin with --promote, and refuses to duplicate one without it', async () => {
    const user = await createUser(ctx.db);
    await expect(
      createAdmin(ctx.db, { username: user.username, email: user.email, password: 'whatever-long' }),
    ).rejects.toThrow(/--promote/);
    expect(
      await createAdmin(ctx.db, { username: user.username, email: '', password: '', promote: true }),
    ).toBe(`${user.username} is now an admin.`);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('admin');
  });
});
