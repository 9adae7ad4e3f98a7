import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { createTeamWithOwner, ownTeamName } from '../db/team-store';
import { hashPassword } from '../lib/passwords';

/** The demo accounts `npm start` creates; also used by the browser tests. */
export const DEMO_ACCOUNTS = [
  {
    username: 'admin',
    email: 'admin@hearth.local',
    password: 'hearth-admin-2026',
    company: 'Hearth',
    role: 'admin' as const,
  },
  {
    username: 'demo',
    email: 'demo@hearth.local',
    password: 'hearth-demo-2026',
    company: 'Demo Pizzeria',
    role: 'other' as const,
  },
];

/** Idempotent: an account that exists (by username) is left as it is, password included. */
export async function seedDemoUsers(db: Db): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${account.username})`)
      .limit(1);
    if (existing) continue;
    const passwordHash = await hashPassword(account.password);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: account.username,
          email: account.email,
          company: account.company,
          role: account.role,
          passwordHash,
          verifiedAt: new Date(),
          privacyAcceptedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      // Like anyone who signs up, a demo account starts in a team of its own.
      if (user) await createTeamWithOwner(tx, ownTeamName(user), user.id);
    });
  }
}
