import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';

let seq = 0;
const hashes = new Map<string, Promise<string>>();
// scrypt is slow on purpose; tests reuse one hash per password.
const hashOf = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

export const DEFAULT_PASSWORD = 'correct-horse-1';

export async function createUser(
  db: Db,
  overrides: Partial<{
    username: string;
    email: string;
    company: string;
    role: 'admin' | 'other';
    verified: boolean;
    password: string;
  }> = {},
) {
  seq += 1;
  const n = `${process.pid}${seq}`;
  const [row] = await db
    .insert(users)
    .values({
      username: overrides.username ?? `user_${n}`,
      email: overrides.email ?? `user${n}@example.com`,
      company: overrides.company ?? 'Test Kitchen',
      role: overrides.role ?? 'other',
      passwordHash: await hashOf(overrides.password ?? DEFAULT_PASSWORD),
      verifiedAt: overrides.verified === false ? null : new Date(),
    })
    .returning();
  return { ...row!, password: overrides.password ?? DEFAULT_PASSWORD };
}
