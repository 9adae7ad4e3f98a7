import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type Actor,
  limitedToLocations,
  type Membership,
  type TeamRole,
} from '../../shared/domain/permissions';
import { type DbOrTx, rowsOf } from './client';
import { memberLocations, teamMembers, teams } from './schema/index';

/**
 * Teams as the rest of the server needs them: whose current team a request acts in (read with the session, one
 * statement), and a new user's own team. The teams feature owns the rest (members, invitations, the trail).
 */

/** A team's name from a user's company, else their username (a new user's own team, and the migration's). */
export const ownTeamName = (user: { company: string; username: string }): string =>
  (user.company.trim() || user.username).slice(0, 60);

/** The JSON list of a limited member's location ids, as the session's query reads it (null for all). */
export const memberLocationIds = (teamId: SQL | number, userId: SQL | number): SQL =>
  sql`(select coalesce(json_agg(ml.location_id order by ml.location_id), '[]'::json)
       from member_locations ml where ml.team_id = ${teamId} and ml.user_id = ${userId})`;

/** Drivers answer json as a value or as its text. */
export const jsonList = (v: unknown): number[] =>
  v == null ? [] : ((typeof v === 'string' ? JSON.parse(v) : v) as number[]);

export function membershipFrom(row: {
  teamId: number | null;
  teamName: string | null;
  teamRole: TeamRole | null;
  locationIds: unknown;
}): Membership | null {
  if (row.teamId === null || row.teamRole === null) return null;
  return {
    id: row.teamId,
    name: row.teamName ?? '',
    role: row.teamRole,
    location_ids: limitedToLocations(row.teamRole) ? jsonList(row.locationIds) : [],
  };
}

/**
 * A user whose current team is gone (they were removed, or left) works in their oldest other team from their
 * next request on; none, and they are in no team. Rare: the session's query found no current membership.
 */
export async function fallBackToAnotherTeam(db: DbOrTx, userId: number): Promise<Membership | null> {
  const [next] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.teamId))
    .limit(1);
  if (!next) return null;
  await makeCurrent(db, userId, next.teamId);
  return readMembership(db, userId, next.teamId);
}

/** Marks the one team a user works in (the others lose the mark in the same statement). */
export async function makeCurrent(db: DbOrTx, userId: number, teamId: number): Promise<void> {
  // Two statements: the unique "one current team" index is checked row by row, so the old mark goes first.
  await db.execute(
    sql`update team_members set current = false where user_id = ${userId} and current and team_id <> ${teamId}`,
  );
  await db.execute(
    sql`update team_members set current = true where user_id = ${userId} and team_id = ${teamId}`,
  );
}

export async function readMembership(db: DbOrTx, userId: number, teamId: number): Promise<Membership | null> {
  const [row] = await rowsOf<{ teamId: number; teamName: string; teamRole: TeamRole; locationIds: unknown }>(
    db,
    sql`select m.team_id as "teamId", t.name as "teamName", m.role as "teamRole",
          ${memberLocationIds(sql`m.team_id`, sql`m.user_id`)} as "locationIds"
        from team_members m join teams t on t.id = m.team_id
        where m.user_id = ${userId} and m.team_id = ${teamId}`,
  );
  return row ? membershipFrom(row) : null;
}

/** A new team with its first member as owner, made current for them. */
export async function createTeamWithOwner(tx: DbOrTx, name: string, ownerId: number): Promise<number> {
  const [team] = await tx.insert(teams).values({ name }).returning({ id: teams.id });
  await tx
    .update(teamMembers)
    .set({ current: false })
    .where(and(eq(teamMembers.userId, ownerId)));
  await tx.insert(teamMembers).values({ teamId: team!.id, userId: ownerId, role: 'owner', current: true });
  return team!.id;
}

/** Replaces a member's locations (none for owners and managers, who reach all). */
export async function setMemberLocations(
  tx: DbOrTx,
  teamId: number,
  userId: number,
  locationIds: readonly number[],
): Promise<void> {
  await tx
    .delete(memberLocations)
    .where(and(eq(memberLocations.teamId, teamId), eq(memberLocations.userId, userId)));
  if (locationIds.length > 0)
    await tx
      .insert(memberLocations)
      .values([...new Set(locationIds)].map((locationId) => ({ teamId, userId, locationId })));
}

/** A user as the permissions see them (site role and current team): for work started outside a request. */
export async function actorOf(db: DbOrTx, userId: number): Promise<Actor> {
  const [user] = await rowsOf<{ role: 'admin' | 'other'; team_id: number | null }>(
    db,
    sql`select u.role, m.team_id from users u
        left join team_members m on m.user_id = u.id and m.current where u.id = ${userId}`,
  );
  if (!user) throw new Error(`no user ${userId}`);
  return {
    id: userId,
    role: user.role,
    team: user.team_id === null ? null : await readMembership(db, userId, user.team_id),
  };
}
