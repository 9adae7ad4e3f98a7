import { and, eq, inArray, sql } from 'drizzle-orm';
import { roleWord } from '../../../shared/domain/permissions';
import { emailDomain, type SsoRefusal } from '../../../shared/domain/sso';
import { startingUnit } from '../../../shared/domain/temperature';
import type { Language } from '../../../shared/i18n/languages';
import { said } from '../../../shared/i18n/said';
import type { Db, DbOrTx } from '../../db/client';
import {
  accountTokens,
  apiTokens,
  locations,
  sessions,
  teamMembers,
  teamSso,
  teams,
  userIdentities,
  users,
} from '../../db/schema/index';
import {
  SSO_TRIP_MS,
  setHandoff,
  ssoForEmail,
  startTrip,
  takeHandoff,
  takeTrip,
  teamSignsIn,
} from '../../db/sso-store';
import { recordActivity } from '../../db/team-activity-store';
import { makeCurrent, setMemberLocations } from '../../db/team-store';
import { publishEvents } from '../../db/webhook-events';
import { usernameTaken } from '../../lib/accounts';
import { isUniqueViolation, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { type Oidc, OidcUnusable } from '../../lib/oidc';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthService } from './auth.service';

/** Never a password: an account made by company sign-in has none until its person sets one. */
const NO_PASSWORD = '!company-sign-in';
/** The page the hand-off and the refusals go to. */
export const SSO_PAGE = '/login/company';

export interface SsoLoginDeps {
  db: Db;
  oidc: Oidc;
  appUrl: string;
  auth: Pick<AuthService, 'openSession'>;
  log: { warn(obj: unknown, msg?: string): void };
  now?: () => Date;
}

/** Where the callback sends the browser: the page that finishes the sign-in, or says why it was refused. */
type Landing = { location: string };

export function createSsoLoginService(deps: SsoLoginDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const redirectUri = `${deps.appUrl}/api/auth/sso/callback`;

  const refused = (reason: SsoRefusal, extra: Record<string, string> = {}): Landing => ({
    location: `${deps.appUrl}${SSO_PAGE}?${new URLSearchParams({ refused: reason, ...extra })}`,
  });
  const testResult = (teamId: number, result: Record<string, string>): Landing => ({
    location: `${deps.appUrl}/team?${new URLSearchParams({ team: String(teamId), ...result })}`,
  });

  /** A username for a new account from what the provider said: its letters, made unique with a number. */
  async function freeUsername(tx: DbOrTx, claims: { preferredUsername: string | null; email: string }) {
    const from = (claims.preferredUsername ?? claims.email).split('@')[0] ?? '';
    const base = from.replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 40) || 'cook';
    if (!(await usernameTaken(tx, base))) return base;
    for (let i = 0; i < 8; i++) {
      const candidate = `${base}-${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await usernameTaken(tx, candidate))) return candidate;
    }
    return `${base}-${newToken().slice(0, 8)}`;
  }

  /**
   * The person the provider vouched for: by subject, else (the first time) by e-mail, else a new account. They
   * join the team with its default role and locations unless already in it, and work in it from now on.
   */
  async function signIn(
    teamId: number,
    claims: { issuer: string; subject: string; email: string; preferredUsername: string | null },
    language: Language | null,
  ): Promise<{ userId: number } | { refusal: SsoRefusal }> {
    const email = claims.email.toLowerCase();
    return db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)))
        .limit(1);
      let userId = linked?.userId;
      if (userId === undefined) {
        const [byEmail] = await tx
          .select({ id: users.id, role: users.role, verifiedAt: users.verifiedAt })
          .from(users)
          .where(eq(users.email, email))
          .limit(1);
        // The provider's administrators sign in with their password only: a team's provider never speaks for them.
        if (byEmail?.role === 'admin') return { refusal: 'account' as const };
        if (byEmail) {
          userId = byEmail.id;
          // An account never proved to be this mailbox's (someone may have signed up with a colleague's address
          // to wait for it): the provider's person takes it over, and whoever made it loses every way in.
          if (!byEmail.verifiedAt) {
            await tx.update(users).set({ passwordHash: NO_PASSWORD }).where(eq(users.id, byEmail.id));
            await tx.delete(sessions).where(eq(sessions.userId, byEmail.id));
            await tx.delete(apiTokens).where(eq(apiTokens.userId, byEmail.id));
            await tx.delete(accountTokens).where(eq(accountTokens.userId, byEmail.id));
          }
        } else {
          const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
          const [created] = await tx
            .insert(users)
            .values({
              username: await freeUsername(tx, { ...claims, email }),
              company: team?.name ?? '',
              email,
              passwordHash: NO_PASSWORD,
              temperatureUnit: startingUnit(language),
              verifiedAt: now(),
            })
            .returning({ id: users.id });
          userId = created!.id;
        }
        await tx.insert(userIdentities).values({ issuer: claims.issuer, subject: claims.subject, userId });
      } else {
        const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
        if (user?.role === 'admin') return { refusal: 'account' as const };
        await tx
          .update(userIdentities)
          .set({ lastUsedAt: now() })
          .where(and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)));
      }
      // The provider vouched for the address: an account waiting for its verification link is verified.
      await tx
        .update(users)
        .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, ${now()})` })
        .where(eq(users.id, userId));
      const [member] = await tx
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .limit(1);
      if (!member) await join(tx, teamId, userId);
      await makeCurrent(tx, userId, teamId);
      return { userId };
    });
  }

  async function join(tx: DbOrTx, teamId: number, userId: number) {
    const [sso] = await tx.select().from(teamSso).where(eq(teamSso.teamId, teamId));
    const role = sso?.defaultRole ?? 'crew';
    // Locations deleted since the setting was saved are not given.
    const wanted = sso?.defaultLocationIds ?? [];
    const places = wanted.length
      ? (
          await tx
            .select({ id: locations.id })
            .from(locations)
            .where(and(eq(locations.teamId, teamId), inArray(locations.id, wanted)))
        ).map((r) => r.id)
      : [];
    await tx.insert(teamMembers).values({ teamId, userId, role });
    await setMemberLocations(tx, teamId, userId, places);
    await recordActivity(tx, {
      teamId,
      userId,
      action: 'member.joined',
      summary: said('ruleMessages.joinedSso', { role: roleWord(role) }),
    });
    await publishEvents(tx, {
      event: 'member.joined',
      teamId,
      userId,
      data: { member: { id: userId, role, location_ids: places } },
    });
  }

  return {
    /** Where to send someone who typed this address: their team's provider (a 422 on the field otherwise). */
    async start(email: string, browser: string): Promise<string> {
      const sso = await ssoForEmail(db, email);
      if (!sso)
        throw ValidationError.field(
          'email',
          said('ruleMessages.ssoNoTeam', { domain: emailDomain(email) ?? email }),
        );
      let trip: Awaited<ReturnType<Oidc['begin']>>;
      try {
        trip = await deps.oidc.begin(
          { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret },
          redirectUri,
          email,
        );
      } catch (error) {
        if (!(error instanceof OidcUnusable)) throw error;
        throw ValidationError.field('email', said('ruleMessages.ssoProviderDown', { issuer: sso.issuer }));
      }
      await startTrip(
        db,
        {
          stateHash: hashToken(trip.state),
          browserHash: hashToken(browser),
          teamId: sso.teamId,
          purpose: 'login',
          nonce: trip.nonce,
          codeVerifier: trip.codeVerifier,
          expiresAt: new Date(now().getTime() + SSO_TRIP_MS),
        },
        now(),
      );
      return trip.url;
    },

    /**
     * The provider's answer. Every refusal lands on a page that says why, and nothing is made or changed; a
     * sign-in lands on the page that exchanges its one-time hand-off for a session.
     */
    async callback(
      query: Record<string, unknown>,
      browser: string | null,
      language: Language | null,
    ): Promise<Landing> {
      const state = typeof query.state === 'string' && query.state.length <= 200 ? query.state : '';
      const trip = state ? await takeTrip(db, hashToken(state), now()) : null;
      if (!trip || trip.expiresAt.getTime() <= now().getTime()) return refused('state');
      const forTest = trip.purpose === 'test';
      const refuse = (reason: SsoRefusal, extra: Record<string, string> = {}) =>
        forTest
          ? testResult(trip.teamId, { company_test: 'refused', reason, ...extra })
          : refused(reason, extra);
      if (!browser || hashToken(browser) !== trip.browserHash) return refuse('browser');
      if (typeof query.error === 'string')
        return refuse('provider', { detail: query.error.replace(/[^a-z_]/gi, '').slice(0, 60) });
      const [sso] = await db.select().from(teamSso).where(eq(teamSso.teamId, trip.teamId)).limit(1);
      if (!sso) return refuse('off');
      const settings = { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret };
      const url = new URL(redirectUri);
      for (const [k, v] of Object.entries(query)) if (typeof v === 'string') url.searchParams.set(k, v);
      let claims: Awaited<ReturnType<Oidc['finish']>>;
      try {
        claims = await deps.oidc.finish(settings, url, { ...trip, state });
      } catch (error) {
        deps.log.warn(
          { err: error, team: trip.teamId },
          'company sign-in: the provider answer did not check out',
        );
        return refuse('token');
      }
      if (!claims.email || !claims.emailVerified) return refuse('unverified');
      const email = claims.email;
      if (!(await teamSignsIn(db, trip.teamId, email)))
        return refuse('domain', { domain: emailDomain(email) ?? '' });
      if (forTest) return testResult(trip.teamId, { company_test: 'passed', email });
      let outcome: Awaited<ReturnType<typeof signIn>>;
      try {
        outcome = await signIn(trip.teamId, { ...claims, email }, language);
      } catch (error) {
        // Two first sign-ins of one person at once: the second finds the first's account.
        if (!isUniqueViolation(error)) throw error;
        outcome = await signIn(trip.teamId, { ...claims, email }, language);
      }
      if ('refusal' in outcome) return refuse(outcome.refusal);
      const handoff = newToken();
      await setHandoff(db, trip.id, outcome.userId, hashToken(handoff));
      // In the fragment: never sent to a server, so no log or Referer carries it.
      return { location: `${deps.appUrl}${SSO_PAGE}#handoff=${encodeURIComponent(handoff)}` };
    },

    /** The hand-off, once, from the browser of the trip, for a session like a password log-in's. */
    async exchange(handoff: string, browser: string | null) {
      const userId = browser ? await takeHandoff(db, hashToken(handoff), hashToken(browser), now()) : null;
      if (userId === null) throw new UnauthenticatedError(said('ruleMessages.ssoHandoffInvalid'));
      return deps.auth.openSession(userId, false);
    },
  };
}

export type SsoLoginService = ReturnType<typeof createSsoLoginService>;
