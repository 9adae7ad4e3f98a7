import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Member, PlaceRef, Team } from '../../../shared/contracts/teams';
import {
  canChangeMember,
  limitedToLocations,
  roleWord,
  TEAM_ROLES,
  type TeamRole,
} from '../../../shared/domain/permissions';
import { said } from '../../../shared/i18n/said';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import {
  apiTokens,
  locations,
  ovens,
  recipeImages,
  recipes,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index';
import { type ActivityLine, recordActivity } from '../../db/team-activity-store';
import { createTeamWithOwner, makeCurrent, setMemberLocations } from '../../db/team-store';
import { publishEvents } from '../../db/webhook-events';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { membershipIn } from './team-access';

export const LAST_OWNER_MESSAGE = said('ruleMessages.keepsOwner');

/** The team's own locations among `ids`, or a 422 naming those that are not. */
export async function teamLocations(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<PlaceRef[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await placeNames(db, teamId, wanted);
  const missing = wanted.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0)
    throw ValidationError.field(
      'location_ids',
      said('ruleMessages.noTeamLocation', { list: missing.join(', ') }),
    );
  return found;
}

/** A member's or invitation's locations on the wire: by name, and their ids in order. */
export const placesOf = (places: PlaceRef[]) => ({
  location_ids: places.map((p) => p.id).sort((a, b) => a - b),
  locations: places,
});

/** The names of a team's locations among `ids` (one statement for a whole list), by name. */
export async function placeNames(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<PlaceRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.teamId, teamId), inArray(locations.id, [...new Set(ids)])))
    .orderBy(locations.sortKey, locations.id);
}

/** The locations a member of this role keeps: owners and managers reach all, so they keep none. */
export const locationsFor = (role: TeamRole, ids: readonly number[]): readonly number[] =>
  limitedToLocations(role) ? ids : [];

/**
 * Teams and their members (spec-style API of the Team page): making, renaming, deleting and switching teams; the
 * members' roles and locations; leaving. Invitations and the trail are their own services.
 */
export function createTeamsService(deps: { db: Db }) {
  const { db } = deps;

  async function owners(tx: DbOrTx, teamId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
    return Number(row?.n ?? 0);
  }

  async function members(userId: number, teamId: number): Promise<Member[]> {
    await membershipIn(db, userId, teamId, 'team.members');
    const rows = await rowsOf<{
      user_id: number;
      username: string;
      email: string;
      role: TeamRole;
      locations: PlaceRef[] | string;
      joined_at: Date | string;
    }>(
      db,
      sql`select m.user_id, u.username, u.email, m.role, m.joined_at,
              (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name) order by l.sort_key, l.id),
                               '[]'::json)
               from member_locations ml join locations l on l.id = ml.location_id
               where ml.team_id = m.team_id and ml.user_id = m.user_id) as locations
            from team_members m join users u on u.id = m.user_id
            where m.team_id = ${teamId}
            order by array_position(array[${sql.join(
              TEAM_ROLES.map((r) => sql`${r}`),
              sql`, `,
            )}]::text[], m.role), lower(u.username)`,
    );
    return rows.map((r) => ({
      user_id: r.user_id,
      username: r.username,
      email: r.email,
      role: r.role,
      ...placesOf(typeof r.locations === 'string' ? JSON.parse(r.locations) : r.locations),
      joined_at: new Date(r.joined_at).toISOString(),
    }));
  }

  async function list(userId: number): Promise<Team[]> {
    const rows = await rowsOf<{
      id: number;
      name: string;
      role: TeamRole;
      current: boolean;
      members: number;
    }>(
      db,
      sql`select t.id, t.name, m.role, m.current,
              (select count(*)::int from team_members c where c.team_id = t.id) as members
            from team_members m join teams t on t.id = m.team_id
            where m.user_id = ${userId} order by lower(t.name), t.id`,
    );
    return rows.map((r) => ({ ...r, members: Number(r.members) }));
  }

  return {
    list,

    /** A new team, its maker its owner, and current for them. */
    async create(userId: number, input: { name: string }): Promise<Team> {
      const id = await db.transaction((tx) => createTeamWithOwner(tx, input.name, userId));
      return { id, name: input.name, role: 'owner', current: true, members: 1 };
    },

    async rename(userId: number, teamId: number, input: { name: string }): Promise<Team> {
      await db.transaction(async (tx) => {
        const me = await membershipIn(tx, userId, teamId, 'team.manage', true);
        await tx.update(teams).set({ name: input.name }).where(eq(teams.id, teamId));
        await recordActivity(tx, {
          teamId,
          userId,
          action: 'team.renamed',
          summary: said('ruleMessages.teamRenamed', { before: me.name, after: input.name }),
        });
      });
      return (await list(userId)).find((t) => t.id === teamId)!;
    },

    /**
     * The team and all it owns (ovens with their menus and history, recipes and their photos, locations,
     * templates); its members stay, each working in another of their teams from their next request.
     */
    async remove(userId: number, teamId: number): Promise<{ id: number; name: string }> {
      return db.transaction(async (tx) => {
        const me = await membershipIn(tx, userId, teamId, 'team.manage', true);
        const photos = await tx
          .select({ id: recipes.imageId })
          .from(recipes)
          .where(and(eq(recipes.teamId, teamId), isNotNull(recipes.imageId)));
        // Ovens first: their buttons hold the team's recipes, which may not go while a button points at them.
        await tx.delete(ovens).where(eq(ovens.teamId, teamId));
        await tx.delete(teams).where(eq(teams.id, teamId));
        const ids = photos.map((p) => p.id!).filter(Boolean);
        if (ids.length > 0) await tx.delete(recipeImages).where(inArray(recipeImages.id, ids));
        return { id: teamId, name: me.name };
      });
    },

    async switchTo(userId: number, teamId: number): Promise<Team> {
      await membershipIn(db, userId, teamId);
      await makeCurrent(db, userId, teamId);
      return (await list(userId)).find((t) => t.id === teamId)!;
    },

    members,

    /** A member's role
    /** A member's role and locations: nobody their own; a manager only store managers' and crew's. */
    async updateMember(
      userId: number,
      teamId: number,
      targetId: number,
      input: { role: TeamRole; location_ids: number[] },
    ): Promise<Member> {
      await db.transaction(async (tx) => {
        const me = await membershipIn(tx, userId, teamId, 'team.members', true);
        const target = await membershipOf(tx, teamId, targetId);
        if (userId === targetId) throw new ForbiddenError(said('ruleMessages.ownRole'));
        if (!canChangeMember({ userId, role: me.role }, { userId: targetId, role: target.role }, input.role))
          throw new ForbiddenError(
            said('ruleMessages.mayNotMake', {
              role: roleWord(me.role),
              user: target.username,
              newRole: roleWord(input.role),
            }),
          );
        if (target.role === 'owner' && input.role !== 'owner' && (await owners(tx, teamId)) <= 1)
          throw ValidationError.field('role', LAST_OWNER_MESSAGE);
        const places = await teamLocations(tx, teamId, locationsFor(input.role, input.location_ids));
        const ids = places.map((p) => p.id).sort((a, b) => a - b);
        await tx
          .update(teamMembers)
          .set({ role: input.role })
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, targetId)));
        await setMemberLocations(tx, teamId, targetId, ids);
        // The trail says what changed: the role, and which locations a store manager or crew member now has (by
        // name, as they were called then). A save that changed nothing leaves no line.
        const lines: ActivityLine[] = [];
        const line = { teamId, userId, action: 'member.changed' };
        if (target.role !== input.role)
          lines.push({
            ...line,
            summary: said('ruleMessages.madeRole', {
              user: target.username,
              role: roleWord(input.role),
              was: roleWord(target.role),
            }),
          });
        // A store manager's or crew member's locations, what was added and what was taken (an owner or manager
        // reaches all: the role's line says it).
        if (places.length > 0) {
          const had = new Set(target.locations.map((p) => p.id));
          const given = places.filter((p) => !had.has(p.id));
          const taken = target.locations.filter((p) => !ids.includes(p.id));
          if (given.length > 0) lines.push({ ...line, summary: gaveLocations(target.username, given) });
          if (taken.length > 0) lines.push({ ...line, summary: tookLocations(target.username, taken) });
        }
        await recordActivity(tx, lines);
      });
      return (await members(userId, teamId)).find((m) => m.user_id === targetId)!;
    },

    /** Removing a member, or leaving (oneself): the last owner can do neither. */
    async removeMember(userId: number, teamId: number, targetId: number): Promise<{ user_id: number }> {
      return db.transaction(async (tx) => {
        const me = await membershipIn(
          tx,
          userId,
          teamId,
          userId === targetId ? undefined : 'team.members',
          true,
        );
        const target = await membershipOf(tx, teamId, targetId, false);
        if (!canChangeMember({ userId, role: me.role }, { userId: targetId, role: target.role }, null))
          throw new ForbiddenError(
            said('ruleMessages.mayNotRemove', {
              role: roleWord(me.role),
              user: target.username,
            }),
          );
        if (target.role === 'owner' && (await owners(tx, teamId)) <= 1)
          throw ValidationError.field('user_id', LAST_OWNER_MESSAGE);
        await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, targetId)));
        // Their tokens for this team end with their place in it (they would act again if invited back).
        await tx.delete(apiTokens).where(and(eq(apiTokens.teamId, teamId), eq(apiTokens.userId, targetId)));
        await recordActivity(tx, {
          teamId,
          userId,
          action: userId === targetId ? 'member.left' : 'member.removed',
          summary:
            userId === targetId
              ? said('ruleMessages.leftTeam', { user: target.username })
              : said('ruleMessages.removedMember', { user: target.username }),
        });
        await publishEvents(tx, {
          event: 'member.removed',
          teamId,
          userId,
          data: {
            member: { id: targetId, username: target.username, role: target.role },
            left: userId === targetId,
          },
        });
        return { user_id: targetId };
      });
    },
  };
}

/** A member, locked; with the locations they have now (by name) when a change is to say what it gave and took. */
async function membershipOf(tx: DbOrTx, teamId: number, userId: number, withLocations = true) {
  const [row] = await tx
    .select({
      role: teamMembers.role,
      username: users.username,
      locations: withLocations
        ? sql<PlaceRef[] | string>`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name)
        order by l.sort_key, l.id) from member_locations ml join locations l on l.id = ml.location_id
        where ml.team_id = ${teamMembers.teamId} and ml.user_id = ${teamMembers.userId}), '[]')`
        : sql<PlaceRef[] | string>`'[]'::json`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .for('update', { of: teamMembers })
    .limit(1);
  if (!row) throw new NotFoundError('Member');
  const places = typeof row.locations === 'string' ? JSON.parse(row.locations) : row.locations;
  return { ...row, locations: places as PlaceRef[] };
}

/** A few of the locations given or taken, by name (a chain's store manager may have dozens), then "…". */
const NAMED_PLACES = 3;
const someNames = (places: PlaceRef[]) =>
  `${places
    .slice(0, NAMED_PLACES)
    .map((p) => p.name)
    .join(', ')}${places.length > NAMED_PLACES ? ', …' : ''}`;
const gaveLocations = (user: string, places: PlaceRef[]) =>
  places.length === 1
    ? said('ruleMessages.gaveLocation', { user, place: places[0]!.name })
    : said('ruleMessages.gaveNamedLocations', { user, n: places.length, places: someNames(places) });
const tookLocations = (user: string, places: PlaceRef[]) =>
  places.length === 1
    ? said('ruleMessages.tookLocation', { place: places[0]!.name, user })
    : said('ruleMessages.tookNamedLocations', { n: places.length, user, places: someNames(places) });

export type TeamsService = ReturnType<typeof createTeamsService>;
