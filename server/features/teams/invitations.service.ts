import { and, count, eq, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  type Invitation,
  type InvitationPreview,
  PENDING_INVITATIONS_MAX,
  type PlaceRef,
  type Team,
} from '../../../shared/contracts/teams';
import { rolesGrantableBy, roleWord, type TeamRole } from '../../../shared/domain/permissions';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { listOf, said } from '../../../shared/i18n/said';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { teamInvitations, teamMembers, teams, users } from '../../db/schema/index';
import { recordActivity } from '../../db/team-activity-store';
import { makeCurrent, setMemberLocations } from '../../db/team-store';
import { publishEvents } from '../../db/webhook-events';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { teamInvitationMail } from '../../mail/templates';
import { membershipIn } from './team-access';
import { locationsFor, placeNames, teamLocations } from './teams.service';

const DAY = 86_400_000;
export const INVITATION_GONE = said('ruleMessages.invitationGone');

type Row = typeof teamInvitations.$inferSelect;

/** An owner invites any role; a manager store managers and crew (the roles they may give). */
function mayInvite(me: { role: TeamRole }, role: TeamRole) {
  if (!rolesGrantableBy(me.role).includes(role))
    throw new ForbiddenError(
      said('ruleMessages.mayInviteOnly', {
        role: roleWord(me.role),
        roles: listOf(rolesGrantableBy(me.role).map(roleWord)),
      }),
    );
}

/**
 * Invitations by e-mail: a link for 7 days, for the invited address only. An owner invites anyone; a manager store
 * managers and crew. Accepting (logged in with the invited, verified address) joins the team and makes it current.
 */
export function createInvitationsService(deps: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  providerName: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  // `places`: the team's locations the invitations name (those since deleted are left out).
  const toWire = (row: Row, invitedBy: string | null, places: PlaceRef[]): Invitation => ({
    id: row.id,
    email: row.email,
    role: row.role,
    location_ids: row.locationIds,
    locations: places.filter((p) => row.locationIds.includes(p.id)),
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now().getTime(),
  });

  async function send(
    row: Row,
    token: string,
    team: string,
    invitedBy: { username: string; language?: Language | null },
    places: PlaceRef[],
  ) {
    // Kept in the outbox first: a mail server that is down delays the invitation, never loses it.
    await deps.mailer
      .send(
        teamInvitationMail({
          provider: deps.providerName,
          to: row.email,
          team,
          language: invitedBy.language ?? DEFAULT_LANGUAGE,
          role: row.role,
          invitedBy: invitedBy.username,
          url: `${deps.appUrl}/invitations/${encodeURIComponent(token)}`,
          days: INVITATION_DAYS,
          locations: places.map((p) => p.name),
        }),
      )
      .catch(() => {});
  }

  /** A team's invitation that the user may resend or withdraw: one of a role they may hand out. */
  async function pendingOf(
    tx: DbOrTx,
    userId: number,
    teamId: number,
    invitationId: number,
    doing: 'resend' | 'withdraw',
  ) {
    const me = await membershipIn(tx, userId, teamId, 'team.members');
    const [current] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId)))
      .limit(1);
    if (!current) throw new NotFoundError('Invitation');
    if (!rolesGrantableBy(me.role).includes(current.role))
      throw new ForbiddenError(
        said('ruleMessages.invitationRole', {
          role: roleWord(me.role),
          doing: said(doing === 'resend' ? 'ruleParts.doingResend' : 'ruleParts.doingWithdraw'),
        }),
      );
    return { me, current };
  }

  /**
   * Inviting an address again replaces its pending invitation: allowed only to those who may resend or withdraw
   * that one (a manager must not turn an owner's invitation of a manager into one of crew, or take it back).
   */
  async function mayReplace(tx: DbOrTx, me: { role: TeamRole }, teamId: number, email: string) {
    const [pending] = await tx
      .select({ role: teamInvitations.role })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email)))
      .limit(1);
    if (pending && !rolesGrantableBy(me.role).includes(pending.role))
      throw new ForbiddenError(
        said('ruleMessages.invitationReplace', {
          role: roleWord(me.role),
          email,
          pendingRole: roleWord(pending.role),
        }),
      );
  }

  async function byToken(tx: DbOrTx, token: string) {
    const [found] = await tx
      .select({ row: teamInvitations, team: teams.name, invitedBy: users.username })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
      .where(eq(teamInvitations.tokenHash, hashToken(token)))
      .limit(1);
    if (!found) throw new NotFoundError('Invitation', {}, INVITATION_GONE);
    return found;
  }

  return {
    async list(userId: number, teamId: number): Promise<Invitation[]> {
      await membershipIn(db, userId, teamId, 'team.members');
      const rows = await db
        .select({ row: teamInvitations, invitedBy: users.username })
        .from(teamInvitations)
        .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
        .where(eq(teamInvitations.teamId, teamId))
        .orderBy(teamInvitations.email);
      const places = await placeNames(
        db,
        teamId,
        rows.flatMap((r) => r.row.locationIds),
      );
      return rows.map((r) => toWire(r.row, r.invitedBy, places));
    },

    /** Inviting an address again renews its invitation (a new link, 7 more days) instead of a second one. */
    async invite(
      actor: { id: number; username: string; language?: Language | null },
      teamId: number,
      input: { email: string; role: TeamRole; location_ids: number[] },
      /** Asked once the inviter may invite this role, before anything changes (it may refuse: too many). */
      mayMail: (email: string) => Promise<void> = async () => {},
    ): Promise<Invitation> {
      // Only someone who may send this invitation counts against the address's limit: a stranger's refused
      // attempts must not use up another team's invitations to it. Asked outside the transaction (the limiter
      // counts on its own connection), and checked again inside it.
      const asked = await membershipIn(db, actor.id, teamId, 'team.members');
      mayInvite(asked, input.role);
      await mayReplace(db, asked, teamId, input.email);
      await mayMail(input.email);
      const token = newToken();
      const { row, team, places } = await db.transaction(async (tx) => {
        const me = await membershipIn(tx, actor.id, teamId, 'team.members', true);
        mayInvite(me, input.role);
        await mayReplace(tx, me, teamId, input.email);
        const [already] = await tx
          .select({ id: users.id })
          .from(users)
          .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
          .where(and(eq(users.email, input.email), eq(teamMembers.teamId, teamId)))
          .limit(1);
        if (already)
          throw ValidationError.field(
            'email',
            said('ruleMessages.alreadyMemberOf', { email: input.email, team: me.name }),
          );
        const [pending] = await tx
          .select({ n: count() })
          .from(teamInvitations)
          .where(eq(teamInvitations.teamId, teamId));
        if (Number(pending?.n ?? 0) >= PENDING_INVITATIONS_MAX)
          throw ValidationError.field(
            'email',
            said('ruleMessages.invitationsWaiting', { team: me.name, n: PENDING_INVITATIONS_MAX }),
          );
        const places = await teamLocations(tx, teamId, locationsFor(input.role, input.location_ids));
        const values = {
          teamId,
          email: input.email,
          role: input.role,
          locationIds: places.map((p) => p.id),
          tokenHash: hashToken(token),
          invitedBy: actor.id,
          createdAt: now(),
          expiresAt: new Date(now().getTime() + INVITATION_DAYS * DAY),
        };
        const [saved] = await tx
          .insert(teamInvitations)
          .values(values)
          .onConflictDoUpdate({ target: [teamInvitations.teamId, teamInvitations.email], set: values })
          .returning();
        await recordActivity(tx, {
          teamId,
          userId: actor.id,
          action: 'member.invited',
          summary: said('ruleMessages.invited', {
            email: input.email,
            role: roleWord(input.role),
          }),
        });
        return { row: saved!, team: me.name, places };
      });
      await send(row, token, team, actor, places);
      return toWire(row, actor.username, places);
    },

    /** A new link (the old one stops working) and 7 more days, mailed again. */
    async resend(
      actor: { id: number; username: string; language?: Language | null },
      teamId: number,
      invitationId: number,
      /** Asked before anything changes, with the address the mail goes to (it may refuse: too many). */
      mayMail: (email: string) => Promise<void> = async () => {},
    ) {
      // Asked outside the transaction: the limiter counts on its own connection.
      const { current } = await pendingOf(db, actor.id, teamId, invitationId, 'resend');
      await mayMail(current.email);
      const token = newToken();
      const { row, team } = await db.transaction(async (tx) => {
        const { me } = await pendingOf(tx, actor.id, teamId, invitationId, 'resend');
        const [saved] = await tx
          .update(teamInvitations)
          .set({
            tokenHash: hashToken(token),
            invitedBy: actor.id,
            expiresAt: new Date(now().getTime() + INVITATION_DAYS * DAY),
          })
          .where(eq(teamInvitations.id, invitationId))
          .returning();
        return { row: saved!, team: me.name };
      });
      const places = await placeNames(db, teamId, row.locationIds);
      await send(row, token, team, actor, places);
      return toWire(row, actor.username, places);
    },

    async revoke(userId: number, teamId: number, invitationId: number): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const { current } = await pendingOf(tx, userId, teamId, invitationId, 'withdraw');
        await tx.delete(teamInvitations).where(eq(teamInvitations.id, invitationId));
        await recordActivity(tx, {
          teamId,
          userId,
          action: 'member.uninvited',
          summary: said('ruleMessages.withdrew', { email: current.email }),
        });
        return { id: invitationId };
      });
    },

    /** What a link offers, to anyone holding it (the link is the secret; nothing more is told). */
    async preview(token: string): Promise<InvitationPreview> {
      const { row, team, invitedBy } = await byToken(db, token);
      const wire = toWire(row, invitedBy, []);
      return {
        team,
        role: row.role,
        invited_by: invitedBy,
        email: row.email,
        locations: (await placeNames(db, row.teamId, row.locationIds)).map((p) => p.name),
        expires_at: wire.expires_at,
        expired: wire.expired,
      };
    },

    /**
     * Joins the team as invited and makes it current. Only for the invited address (verified: an unverified
     * account cannot log in), before the link expires.
     */
    async accept(user: { id: number; email: string }, token: string): Promise<Team> {
      return db.transaction(async (tx) => {
        const { row, team, invitedBy } = await byToken(tx, token);
        if (row.email !== user.email.toLowerCase())
          throw new ForbiddenError(
            said('ruleMessages.invitationOtherEmail', { email: row.email, me: user.email }),
          );
        if (row.expiresAt.getTime() <= now().getTime())
          throw new ConflictError(
            said('ruleMessages.invitationExpired', {
              date: row.expiresAt.toISOString().slice(0, 10),
              who: invitedBy ?? said('ruleParts.theTeam'),
            }),
          );
        const [member] = await tx
          .select({ role: teamMembers.role })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, row.teamId), eq(teamMembers.userId, user.id)))
          .limit(1);
        if (member) throw new ConflictError(said('ruleMessages.alreadyMember', { team }));
        // Locations deleted since the invitation are not given.
        const places = row.locationIds.length
          ? (
              await rowsOf<{ id: number }>(
                tx,
                sql`select id from locations where team_id = ${row.teamId}
                    and id in (select value::int from json_array_elements_text(${JSON.stringify(row.locationIds)}::json))`,
              )
            ).map((r) => Number(r.id))
          : [];
        await tx.insert(teamMembers).values({ teamId: row.teamId, userId: user.id, role: row.role });
        await setMemberLocations(tx, row.teamId, user.id, places);
        await makeCurrent(tx, user.id, row.teamId);
        await tx.delete(teamInvitations).where(eq(teamInvitations.id, row.id));
        await recordActivity(tx, {
          teamId: row.teamId,
          userId: user.id,
          action: 'member.joined',
          summary: invitedBy
            ? said('ruleMessages.joinedInvited', { role: roleWord(row.role), user: invitedBy })
            : said('ruleMessages.joined', { role: roleWord(row.role) }),
        });
        await publishEvents(tx, {
          event: 'member.joined',
          teamId: row.teamId,
          userId: user.id,
          data: { member: { id: user.id, role: row.role, location_ids: places } },
        });
        const [count_] = await tx
          .select({ n: count() })
          .from(teamMembers)
          .where(eq(teamMembers.teamId, row.teamId));
        return { id: row.teamId, name: team, role: row.role, current: true, members: Number(count_?.n ?? 1) };
      });
    },

    /** For a registration from a link: whether it is live and for this address (then no team of their own). */
    async isFor(token: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ email: teamInvitations.email, expiresAt: teamInvitations.expiresAt })
        .from(teamInvitations)
        .where(eq(teamInvitations.tokenHash, hashToken(token)))
        .limit(1);
      return !!row && row.email === email.toLowerCase() && row.expiresAt.getTime() > now().getTime();
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
