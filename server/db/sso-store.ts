import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import { emailDomain } from '../../shared/domain/sso';
import type { DbOrTx } from './client';
import { ssoLogins, teamMembers, teamSso, teamSsoDomains } from './schema/index';

/**
 * Company sign-in as stored: read by the Team page's setting and by the sign-in itself, so it lives here rather
 * than in either feature.
 */

/** A trip to the provider may take this long (the person types their password there, maybe a second factor). */
export const SSO_TRIP_MS = 15 * 60_000;

export type TeamSsoRow = typeof teamSso.$inferSelect;
export type SsoTripRow = typeof ssoLogins.$inferSelect;

/** The team whose proved domain this address is in, with its setting; null when none signs that domain in. */
export async function ssoForEmail(db: DbOrTx, email: string): Promise<TeamSsoRow | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const [row] = await db
    .select({ sso: teamSso })
    .from(teamSsoDomains)
    .innerJoin(teamSso, eq(teamSso.teamId, teamSsoDomains.teamId))
    .where(and(eq(teamSsoDomains.domain, domain), isNotNull(teamSsoDomains.verifiedAt)))
    .limit(1);
  return row?.sso ?? null;
}

/** Whether an address's domain is proved by this team (the address a provider vouched for must be). */
export async function teamSignsIn(db: DbOrTx, teamId: number, email: string): Promise<boolean> {
  const domain = emailDomain(email);
  if (!domain) return false;
  const [row] = await db
    .select({ domain: teamSsoDomains.domain })
    .from(teamSsoDomains)
    .where(
      and(
        eq(teamSsoDomains.teamId, teamId),
        eq(teamSsoDomains.domain, domain),
        isNotNull(teamSsoDomains.verifiedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * For a password log-in: the enforcing team of the address's domain and whether this person owns it; null when
 * no team enforces company sign-in there. One statement.
 */
export async function passwordPolicyFor(
  db: DbOrTx,
  user: { id: number; email: string },
): Promise<{ enforce: boolean; ownerOfTeam: boolean } | null> {
  const domain = emailDomain(user.email);
  if (!domain) return null;
  const [row] = await db
    .select({
      enforce: teamSso.enforce,
      owner: sql<boolean>`exists (select 1 from ${teamMembers} m where m.team_id = ${teamSso.teamId}
        and m.user_id = ${user.id} and m.role = 'owner')`,
    })
    .from(teamSsoDomains)
    .innerJoin(teamSso, eq(teamSso.teamId, teamSsoDomains.teamId))
    .where(and(eq(teamSsoDomains.domain, domain), isNotNull(teamSsoDomains.verifiedAt)))
    .limit(1);
  return row ? { enforce: row.enforce, ownerOfTeam: Boolean(row.owner) } : null;
}

/** Keeps one trip to the provider; trips older than a day are swept on the way (one statement). */
export async function startTrip(
  db: DbOrTx,
  trip: {
    stateHash: string;
    browserHash: string;
    teamId: number;
    purpose: 'login' | 'test';
    nonce: string;
    codeVerifier: string;
    userId?: number;
    expiresAt: Date;
  },
  now: Date,
): Promise<void> {
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date(now.getTime() - 24 * 3_600_000)));
  await db.insert(ssoLogins).values({ ...trip, userId: trip.userId ?? null });
}

/** Takes a trip back by its state, once: a second answer with the same state finds nothing. */
export async function takeTrip(db: DbOrTx, stateHash: string, now: Date): Promise<SsoTripRow | null> {
  const [row] = await db
    .update(ssoLogins)
    .set({ usedAt: now })
    .where(and(eq(ssoLogins.stateHash, stateHash), sql`${ssoLogins.usedAt} is null`))
    .returning();
  return row ?? null;
}

export async function setHandoff(db: DbOrTx, tripId: number, userId: number, handoffHash: string) {
  await db.update(ssoLogins).set({ userId, handoffHash }).where(eq(ssoLogins.id, tripId));
}

/** The person a hand-off signs in, once, from the browser that made the trip and before it expires. */
export async function takeHandoff(
  db: DbOrTx,
  handoffHash: string,
  browserHash: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(ssoLogins)
    .set({ handoffUsedAt: now })
    .where(
      and(
        eq(ssoLogins.handoffHash, handoffHash),
        eq(ssoLogins.browserHash, browserHash),
        sql`${ssoLogins.handoffUsedAt} is null`,
        gt(ssoLogins.expiresAt, now),
      ),
    )
    .returning({ userId: ssoLogins.userId });
  return row?.userId ?? null;
}

/**
 * Ends the sessions of the people a team's enforced company sign-in now refuses a password (its proved domains,
 * but not its owners nor the site's admins): "refuse passwords" also closes the doors already open. One statement.
 */
export async function endRefusedSessions(db: DbOrTx, teamId: number): Promise<void> {
  await db.execute(sql`
    delete from sessions s using users u
    where s.user_id = u.id and u.role <> 'admin'
      and split_part(u.email, '@', 2) in
        (select domain from team_sso_domains where team_id = ${teamId} and verified_at is not null)
      and not exists (select 1 from team_members m
        where m.team_id = ${teamId} and m.user_id = u.id and m.role = 'owner')`);
}
