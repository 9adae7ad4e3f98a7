import { and, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PublicUser, Role } from '../../../shared/contracts/auth';
import type { Membership } from '../../../shared/domain/permissions';
import { passwordRefused } from '../../../shared/domain/sso';
import { startingUnit } from '../../../shared/domain/temperature';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { said } from '../../../shared/i18n/said';
import type { ActivityRecorder } from '../../db/activity-store';
import type { Db, DbOrTx } from '../../db/client';
import { accountTokens, sessions, teamMembers, teams, users } from '../../db/schema/index';
import { passwordPolicyFor } from '../../db/sso-store';
import {
  createTeamWithOwner,
  fallBackToAnotherTeam,
  memberLocationIds,
  membershipFrom,
  ownTeamName,
} from '../../db/team-store';
import type { RateLimits } from '../../http/rate-limits';
import { EMAIL_TAKEN, USERNAME_TAKEN, uniqueAccountWrite, usernameTaken } from '../../lib/accounts';
import { type FieldErrors, ForbiddenError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail, verificationMail } from '../../mail/templates';
import { createLoginThrottle } from './login-throttle';

const HOUR = 3_600_000;
export const SESSION_TTL_MS = 12 * HOUR;
export const REMEMBER_TTL_MS = 30 * 24 * HOUR;
export const VERIFY_TTL_MS = 48 * HOUR;
export const RESET_TTL_MS = HOUR;

export const UNVERIFIED_MESSAGE = said('ruleMessages.notVerified');
export const INVALID_RESET_MESSAGE = said('ruleMessages.resetLinkInvalid');
export const RESET_EMAIL_MISMATCH_MESSAGE = said('ruleMessages.resetEmailMismatch');
export const INVALID_VERIFY_MESSAGE = said('ruleMessages.verifyLinkInvalid');

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  providerName: string;
  log: { error(obj: unknown, msg?: string): void };
  now?: () => Date;
  limiter: RateLimiter;
  limits: RateLimits;
  activity: ActivityRecorder;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow, team: Membership | null): PublicUser {
  return {
    id: row.id,
    username: row.username,
    company: row.company,
    email: row.email,
    role: row.role as Role,
    temperature_unit: row.temperatureUnit,
    language: row.language,
    team: team ? { ...team, location_ids: [...team.location_ids] } : null,
  };
}

/** A user with their current team: one statement (read on every request, for the session's user). */
const userWithTeamQuery = (db: DbOrTx, where: SQL) =>
  db
    .select({
      user: users,
      teamId: teamMembers.teamId,
      teamName: teams.name,
      teamRole: teamMembers.role,
      locationIds: memberLocationIds(teamMembers.teamId as never, users.id as never),
    })
    .from(users)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.current, true)))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(where)
    .limit(1);

type UserWithTeamRow = Awaited<ReturnType<typeof userWithTeamQuery>>[number];

async function withTeam(db: DbOrTx, row: UserWithTeamRow | undefined) {
  if (!row) return null;
  const team = membershipFrom(row) ?? (await fallBackToAnotherTeam(db, row.user.id));
  return { user: row.user, team };
}

export async function userWithTeam(db: DbOrTx, where: SQL) {
  const [row] = await userWithTeamQuery(db, where);
  return withTeam(db, row);
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const later = (ms: number) => new Date(now().getTime() + ms);
  const throttle = createLoginThrottle(deps.limiter, deps.limits);
  // Every request with a token asks this: built once and prepared on each connection, not built per request
  // (building it was a tenth of a cached list request's time).
  const sessionUser = userWithTeamQuery(
    db,
    sql`${users.id} = (select user_id from sessions where token_hash = ${sql.placeholder('tokenHash')} and expires_at > ${sql.placeholder('now')}::timestamptz)`,
  ).prepare('session_with_team');

  async function findByEmail(email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async function issueToken(
    tx: DbOrTx,
    userId: number,
    kind: 'verify' | 'reset',
    ttlMs: number,
  ): Promise<string> {
    // A new link makes older unused links of the same kind useless.
    await tx
      .update(accountTokens)
      .set({ usedAt: now() })
      .where(
        and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)),
      );
    const token = newToken();
    await tx
      .insert(accountTokens)
      .values({ userId, kind, tokenHash: hashToken(token), expiresAt: later(ttlMs) });
    return token;
  }

  /** `fallback`: the language the browser asked for, for an account without one of its own. */
  async function sendVerification(user: UserRow, token: string, fallback?: Language) {
    const url = `${deps.appUrl}/verify-account?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
    try {
      await deps.mailer.send(
        verificationMail({
          language: user.language ?? fallback ?? DEFAULT_LANGUAGE,
          provider: deps.providerName,
          to: user.email,
          username: user.username,
          url,
          hours: VERIFY_TTL_MS / HOUR,
        }),
      );
    } catch (error) {
      // The account stands; the user can ask for a new link from the login page.
      deps.log.error({ err: error }, 'verification mail failed');
    }
  }

  /** Finds a live token row of this kind for this user; undefined when wrong, used or expired. */
  async function liveToken(userId: number, kind: 'verify' | 'reset', token: string) {
    const [row] = await db
      .select()
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.userId, userId),
          eq(accountTokens.kind, kind),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now()),
        ),
      )
      .limit(1);
    return row;
  }

  /** A new session for someone whose identity was proved (a password, or the team's provider). */
  async function openSession(user: UserRow, remember: boolean) {
    const token = newToken();
    const expiresAt = later(remember ? REMEMBER_TTL_MS : SESSION_TTL_MS);
    await db.transaction(async (tx) => {
      // Housekeeping on the way in: this user's expired sessions and spent links are of no more use.
      await tx.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, now())));
      await tx
        .delete(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, user.id),
            or(lt(accountTokens.expiresAt, now()), sql`${accountTokens.usedAt} is not null`),
          ),
        );
      await tx.insert(sessions).values({ userId: user.id, tokenHash: hashToken(token), remember, expiresAt });
      await tx.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
    });
    await deps.activity.seen(user.id);
    const found = await userWithTeam(db, eq(users.id, user.id));
    const publicUser = toPublicUser(found?.user ?? user, found?.team ?? null);
    return { token, expires_at: expiresAt.toISOString(), user: publicUser, role: publicUser.role };
  }

  async function openSessionFor(userId: number, remember: boolean) {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new UnauthenticatedError(said('ruleMessages.ssoHandoffInvalid'));
    return openSession(user, remember);
  }

  return {
    async register(input: {
      username: string;
      company: string;
      email: string;
      password: string;
      opt_in: boolean;
      /** An invitation link the person registers from: its token comes back in the verification link. */
      invitation?: string;
      /**
       * The invitation is live and for this address: no team of their own is made, and the address counts as
       * verified (the invitation's link reached that mailbox), so no verification mail is sent.
       */
      invited?: boolean;
      language?: Language;
      /** Without a language of the account's own: the one the browser asked for, for its mail and its unit. */
      browserLanguage?: Language | null;
    }): Promise<PublicUser> {
      const errors: FieldErrors = {};
      if (await usernameTaken(db, input.username)) errors.username = [USERNAME_TAKEN];
      if (await findByEmail(input.email)) errors.email = [EMAIL_TAKEN];
      if (Object.keys(errors).length > 0) throw ValidationError.of(errors);
      const passwordHash = await hashPassword(input.password);
      // Two sign-ups racing for the same name or e-mail: the unique index decides.
      const created = await uniqueAccountWrite(() =>
        db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              username: input.username,
              company: input.company,
              email: input.email,
              passwordHash,
              optIn: input.opt_in,
              language: input.language ?? null,
              temperatureUnit: startingUnit(input.language ?? input.browserLanguage),
              verifiedAt: input.invited ? now() : null,
              privacyAcceptedAt: now(),
            })
            .returning();
          // Everyone starts in a team of their own; one invited to a team joins it instead when they accept.
          if (!input.invited) await createTeamWithOwner(tx, ownTeamName(user!), user!.id);
          const token = await issueToken(tx, user!.id, 'verify', VERIFY_TTL_MS);
          return { user: user!, token };
        }),
      );
      if (!input.invited)
        await sendVerification(created.user, created.token, input.browserLanguage ?? undefined);
      return toPublicUser(created.user, null);
    },

    async resendVerification(email: string): Promise<void> {
      const user = await findByEmail(email);
      if (!user || user.verifiedAt) return;
      const token = await db.transaction((tx) => issueToken(tx, user.id, 'verify', VERIFY_TTL_MS));
      await sendVerification(user, token);
    },

    /** `from`: the address the attempt comes from, for the throttle (see login-throttle.ts). */
    async login(input: { username: string; password: string; remember: boolean }, from: string) {
      const login = input.username.trim();
      const [user] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.username}) = lower(${login})`, eq(users.email, login.toLowerCase())))
        .limit(1);
      // Username and e-mail share one count: the account's id when it exists, else what was typed.
      const account = user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
      const delayMs = await throttle.before(from, account);
      // An account made by company sign-in has no password: it costs the same time as one that has.
      const stored = user?.passwordHash.startsWith('scrypt$') ? user.passwordHash : await dummyPasswordHash();
      const ok = (await verifyPassword(input.password, stored)) && stored === user?.passwordHash;
      if (delayMs > 0) await sleep(delayMs);
      if (!user || !ok) {
        await throttle.failed(from, account);
        throw new UnauthenticatedError(said('ruleMessages.wrongCredentials'));
      }
      // Said only after the password matched, so it reveals nothing to a guesser.
      if (!user.verifiedAt) throw new ForbiddenError(UNVERIFIED_MESSAGE, { code: 'unverified' });
      // A team that signs its domain in with its own provider may refuse passwords there (its owners keep one).
      if (user.role !== 'admin' && passwordRefused(await passwordPolicyFor(db, user)))
        throw new ForbiddenError(said('ruleMessages.ssoRequired'), {
          code: 'sso_required',
          email: user.email,
        });
      return openSession(user, input.remember);
    },

    openSession: (userId: number, remember: boolean) => openSessionFor(userId, remember),

    async logout(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** The user of a bearer token, or null when the token is unknown or expired. */
    async resolveToken(token: string): Promise<{ user: PublicUser; tokenHash: string } | null> {
      const tokenHash = hashToken(token);
      const [row] = await sessionUser.execute({ tokenHash, now: now().toISOString() });
      const found = await withTeam(db, row);
      return found ? { user: toPublicUser(found.user, found.team), tokenHash } : null;
    },

    async verifyAccount(input: { email: string; token: string }) {
      const user = await findByEmail(input.email);
      if (!user) return 'user_not_found' as const;
      if (user.verifiedAt) return 'already_verified' as const;
      const row = await liveToken(user.id, 'verify', input.token);
      if (!row) throw new ValidationError(INVALID_VERIFY_MESSAGE);
      await db.transaction(async (tx) => {
        await tx.update(accountTokens).set({ usedAt: now() }).where(eq(accountTokens.id, row.id));
        await tx.update(users).set({ verifiedAt: now() }).where(eq(users.id, user.id));
      });
      return 'verified' as const;
    },

    async forgotPassword(email: string): Promise<void> {
      const user = await findByEmail(email);
      if (!user) return;
      const token = await db.transaction((tx) => issueToken(tx, user.id, 'reset', RESET_TTL_MS));
      const url = `${deps.appUrl}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`;
      try {
        await deps.mailer.send(
          passwordResetMail({
            language: user.language ?? DEFAULT_LANGUAGE,
            provider: deps.providerName,
            to: user.email,
            username: user.username,
            url,
            minutes: RESET_TTL_MS / 60_000,
          }),
        );
      } catch (error) {
        // Answer as if sent: a different reply would tell a stranger the address has an account.
        deps.log.error({ err: error }, 'password reset mail failed');
      }
    },

    async resetPassword(input: { email: string; password: string; token: string }): Promise<void> {
      // The link is found by its token alone, so a mistyped address is told apart from a dead link.
      const [found] = await db
        .select({ row: accountTokens, user: users })
        .from(accountTokens)
        .innerJoin(users, eq(users.id, accountTokens.userId))
        .where(
          and(
            eq(accountTokens.tokenHash, hashToken(input.token)),
            eq(accountTokens.kind, 'reset'),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now()),
          ),
        )
        .limit(1);
      if (!found) throw new ValidationError(INVALID_RESET_MESSAGE, {}, { updated: false });
      if (found.user.email !== input.email)
        throw ValidationError.field('email', RESET_EMAIL_MISMATCH_MESSAGE);
      const { row, user } = found;
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx.update(accountTokens).set({ usedAt: now() }).where(eq(accountTokens.id, row.id));
        // The link proved the address, so it also verifies the account; old sessions end with the old password.
        await tx
          .update(users)
          .set({ passwordHash, verifiedAt: user.verifiedAt ?? now() })
          .where(eq(users.id, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
