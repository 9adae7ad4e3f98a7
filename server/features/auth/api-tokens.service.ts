import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ApiToken, TokenCreated } from '../../../shared/contracts/integrations';
import {
  scopesForRole,
  TOKEN_PREFIX,
  TOKEN_SHOWN_CHARS,
  TOKENS_PER_USER_MAX,
  type TokenScope,
} from '../../../shared/domain/integrations';
import { roleWord } from '../../../shared/domain/permissions';
import { listOf, said } from '../../../shared/i18n/said';
import type { Db } from '../../db/client';
import { apiTokens, teamMembers, teams, users } from '../../db/schema/index';
import { recordActivity } from '../../db/team-activity-store';
import { jsonList, memberLocationIds } from '../../db/team-store';
import type { RequestUser } from '../../http/request-user';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { toPublicUser } from './auth.service';

const DAY = 86_400_000;
/** `last_used_at` is written at most this often: a token's every request is not a write. */
const LAST_USED_EVERY_MS = 60_000;

/** What a request made with a token may do: the team it acts in and its scopes. */
export interface TokenGrant {
  id: number;
  teamId: number;
  scopes: readonly TokenScope[];
}

/** A new secret: the prefix secret scanners know, then 256 random bits. */
const newSecret = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export function createApiTokensService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const listed = (where: ReturnType<typeof and>) =>
    db
      .select({
        token: apiTokens,
        teamName: teams.name,
        creator: users.username,
      })
      .from(apiTokens)
      .innerJoin(teams, eq(teams.id, apiTokens.teamId))
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(where)
      .orderBy(desc(apiTokens.id));

  const live = () => or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now()));

  function toWire(row: Awaited<ReturnType<typeof listed>>[number]): ApiToken {
    const t = row.token;
    return {
      id: t.id,
      name: t.name,
      shown: t.shown,
      scopes: t.scopes as TokenScope[],
      team: { id: t.teamId, name: row.teamName },
      creator: { id: t.userId, username: row.creator },
      created_at: t.createdAt.toISOString(),
      expires_at: t.expiresAt?.toISOString() ?? null,
      last_used_at: t.lastUsedAt?.toISOString() ?? null,
    };
  }

  // Read on every request that carries a token: the creator as they are now in the token's team (a demoted
  // creator's token shrinks with them; a removed one's finds no row and stops).
  const byHash = db
    .select({
      user: users,
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      teamId: teamMembers.teamId,
      teamName: teams.name,
      teamRole: teamMembers.role,
      locationIds: memberLocationIds(teamMembers.teamId as never, users.id as never),
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.teamId, apiTokens.teamId), eq(teamMembers.userId, apiTokens.userId)),
    )
    .innerJoin(teams, eq(teams.id, apiTokens.teamId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('hash')),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)),
      ),
    )
    .limit(1)
    .prepare('api_token_user');

  return {
    async resolve(secret: string): Promise<{ user: RequestUser; grant: TokenGrant; hash: string } | null> {
      const hash = hashToken(secret);
      const at = now();
      const [row] = await byHash.execute({ hash, now: at.toISOString() });
      if (!row) return null;
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
        await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, row.tokenId));
      const team = {
        id: row.teamId,
        name: row.teamName,
        role: row.teamRole,
        location_ids: jsonList(row.locationIds),
      };
      // A token never acts as the provider's admin, whoever made it.
      const user = { ...toPublicUser(row.user, team), role: 'other' as const };
      return {
        user,
        grant: { id: row.tokenId, teamId: row.teamId, scopes: row.scopes as TokenScope[] },
        hash,
      };
    },

    /** The caller's tokens; an owner sees every token of their current team too (to revoke a leaver's). */
    async list(actor: RequestUser): Promise<ApiToken[]> {
      const mine = eq(apiTokens.userId, actor.id);
      const where = actor.team?.role === 'owner' ? or(mine, eq(apiTokens.teamId, actor.team.id)) : mine;
      return (await listed(where)).map(toWire);
    },

    async create(
      actor: RequestUser,
      input: { name: string; scopes: TokenScope[]; expires_in_days?: number | null },
    ): Promise<TokenCreated['data']> {
      const team = actor.team;
      if (!team) throw new ForbiddenError(said('ruleMessages.noTeam'));
      const usable = scopesForRole(team.role);
      const beyond = input.scopes.filter((s) => !usable.includes(s));
      if (beyond.length > 0)
        throw ValidationError.field(
          'scopes',
          said('ruleMessages.tokenScopeBeyondRole', {
            role: roleWord(team.role),
            team: team.name,
            scopes: listOf(beyond),
          }),
        );
      const secret = newSecret();
      const created = await db.transaction(async (tx) => {
        // The user's row is locked so two requests at once cannot both pass the count.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
        const [held] = await tx
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(apiTokens)
          .where(and(eq(apiTokens.userId, actor.id), live()));
        if (Number(held?.n ?? 0) >= TOKENS_PER_USER_MAX)
          throw ValidationError.field('name', said('ruleMessages.tokensMax', { n: TOKENS_PER_USER_MAX }));
        const [row] = await tx
          .insert(apiTokens)
          .values({
            teamId: team.id,
            userId: actor.id,
            name: input.name,
            scopes: input.scopes,
            tokenHash: hashToken(secret),
            shown: secret.slice(0, TOKEN_SHOWN_CHARS),
            createdAt: now(),
            expiresAt: input.expires_in_days ? new Date(now().getTime() + input.expires_in_days * DAY) : null,
          })
          .returning();
        // The team's trail says who made which token (never its secret): a head office sees its systems' keys.
        await recordActivity(tx, {
          teamId: team.id,
          userId: actor.id,
          action: 'token.created',
          summary: said('ruleMessages.tokenCreated', { name: input.name, scopes: listOf(input.scopes) }),
        });
        return row!;
      });
      const [row] = await listed(eq(apiTokens.id, created.id));
      return { ...toWire(row!), token: secret };
    },

    /** Revokes at once: the row goes, so the next request with it is a 401. */
    async revoke(actor: RequestUser, id: number): Promise<void> {
      const mine = eq(apiTokens.userId, actor.id);
      const where = actor.team?.role === 'owner' ? or(mine, eq(apiTokens.teamId, actor.team.id)) : mine;
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(apiTokens)
          .where(and(eq(apiTokens.id, id), where))
          .returning({ teamId: apiTokens.teamId, name: apiTokens.name, userId: apiTokens.userId });
        const token = gone[0];
        if (!token) throw new NotFoundError('Token');
        const [creator] = await tx
          .select({ name: users.username })
          .from(users)
          .where(eq(users.id, token.userId));
        await recordActivity(tx, {
          teamId: token.teamId,
          userId: actor.id,
          action: 'token.revoked',
          summary: said('ruleMessages.tokenRevoked', { name: token.name, user: creator?.name ?? '' }),
        });
      });
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
