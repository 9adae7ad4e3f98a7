import { Resolver } from 'node:dns/promises';
import { and, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { SsoSettings, SsoSettingsReply } from '../../../shared/contracts/teams';
import { limitedToLocations } from '../../../shared/domain/permissions';
import { domainProofRecord, SSO_CALLBACK_PATH, type SsoJoinRole } from '../../../shared/domain/sso';
import { listOf, said } from '../../../shared/i18n/said';
import type { Db, DbOrTx } from '../../db/client';
import { teamSso, teamSsoDomains, users } from '../../db/schema/index';
import { endRefusedSessions, SSO_TRIP_MS, startTrip } from '../../db/sso-store';
import { recordActivity } from '../../db/team-activity-store';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';
import { type Oidc, OidcUnusable } from '../../lib/oidc';
import { hashToken, newToken } from '../../lib/tokens';
import { membershipIn } from './team-access';
import { placeNames } from './teams.service';

/** The TXT records at a name, each joined from its pieces; an unknown name has none. */
export type TxtLookup = (domain: string) => Promise<string[]>;

export function dnsTxtLookup(): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  return async (domain) => {
    try {
      return (await resolver.resolveTxt(domain)).map((pieces) => pieces.join(''));
    } catch {
      return [];
    }
  };
}

export interface SsoSettingsDeps {
  db: Db;
  oidc: Oidc;
  appUrl: string;
  /** Domains need their TXT record before they count (off for on-premises installs and tests). */
  proofRequired: boolean;
  lookupTxt?: TxtLookup;
  now?: () => Date;
}

export function createSsoSettingsService(deps: SsoSettingsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const lookupTxt = deps.lookupTxt ?? dnsTxtLookup();
  const redirectUri = `${deps.appUrl}${SSO_CALLBACK_PATH}`;

  async function read(tx: DbOrTx, teamId: number): Promise<SsoSettings | null> {
    const [row] = await tx
      .select({ sso: teamSso, setBy: users.username })
      .from(teamSso)
      .leftJoin(users, eq(users.id, teamSso.setBy))
      .where(eq(teamSso.teamId, teamId))
      .limit(1);
    if (!row) return null;
    const domains = await tx
      .select({
        domain: teamSsoDomains.domain,
        token: teamSsoDomains.token,
        verifiedAt: teamSsoDomains.verifiedAt,
        // Written out qualified: in a one-table select the builder leaves columns bare, which inside the
        // subquery would name its own rows.
        taken: sql<boolean>`team_sso_domains.verified_at is null and exists (select 1 from team_sso_domains o
          where o.domain = team_sso_domains.domain and o.team_id <> ${teamId} and o.verified_at is not null)`,
      })
      .from(teamSsoDomains)
      .where(eq(teamSsoDomains.teamId, teamId))
      .orderBy(teamSsoDomains.domain);
    const { sso } = row;
    const places = await placeNames(tx, teamId, sso.defaultLocationIds);
    return {
      issuer: sso.issuer,
      client_id: sso.clientId,
      client_secret_set: sso.clientSecret !== '',
      domains: domains.map((d) => ({
        domain: d.domain,
        verified: d.verifiedAt !== null,
        verified_at: d.verifiedAt?.toISOString() ?? null,
        record_name: d.domain,
        record_value: domainProofRecord(d.token),
        taken: Boolean(d.taken),
      })),
      default_role: sso.defaultRole as SsoJoinRole,
      default_location_ids: places.map((p) => p.id),
      default_locations: places,
      enforce: sso.enforce,
      redirect_uri: redirectUri,
      proof_required: deps.proofRequired,
      set_by: row.setBy,
      updated_at: sso.updatedAt.toISOString(),
    };
  }

  const reply = (data: SsoSettings | null): SsoSettingsReply => ({
    data,
    redirect_uri: redirectUri,
    proof_required: deps.proofRequired,
  });

  /** A domain another team has proved is theirs alone (409). */
  async function refuseTaken(tx: DbOrTx, teamId: number, domains: readonly string[]) {
    if (domains.length === 0) return;
    const [taken] = await tx
      .select({ domain: teamSsoDomains.domain })
      .from(teamSsoDomains)
      .where(
        and(
          inArray(teamSsoDomains.domain, [...domains]),
          ne(teamSsoDomains.teamId, teamId),
          isNotNull(teamSsoDomains.verifiedAt),
        ),
      )
      .limit(1);
    if (taken) throw new ConflictError(said('ruleMessages.ssoDomainTaken', { domain: taken.domain }));
  }

  return {
    async get(userId: number, teamId: number): Promise<SsoSettingsReply> {
      await membershipIn(db, userId, teamId, 'team.manage');
      return reply(await read(db, teamId));
    },

    async put(
      userId: number,
      teamId: number,
      input: {
        issuer: string;
        client_id: string;
        client_secret?: string;
        domains: string[];
        default_role: SsoJoinRole;
        default_location_ids: number[];
        enforce: boolean;
      },
    ): Promise<SsoSettingsReply> {
      await membershipIn(db, userId, teamId, 'team.manage');
      const [existing] = await db.select().from(teamSso).where(eq(teamSso.teamId, teamId)).limit(1);
      const clientSecret = input.client_secret || existing?.clientSecret;
      if (!clientSecret) throw ValidationError.field('client_secret', said('ruleMessages.ssoSecretRequired'));
      const wanted = limitedToLocations(input.default_role) ? [...new Set(input.default_location_ids)] : [];
      const places = await placeNames(db, teamId, wanted);
      const missing = wanted.filter((id) => !places.some((p) => p.id === id));
      if (missing.length > 0)
        throw ValidationError.field(
          'default_location_ids',
          said('ruleMessages.noTeamLocation', { list: missing.join(', ') }),
        );
      await refuseTaken(db, teamId, input.domains);
      // The provider must answer its discovery before the setting is kept: a typo is told now, not at sign-in.
      try {
        await deps.oidc.check({ issuer: input.issuer, clientId: input.client_id, clientSecret });
      } catch (error) {
        if (error instanceof OidcUnusable) throw ValidationError.field('issuer', error.said);
        throw error;
      }
      try {
        return await db.transaction(async (tx) => {
          await membershipIn(tx, userId, teamId, 'team.manage', true);
          await refuseTaken(tx, teamId, input.domains);
          const values = {
            issuer: input.issuer,
            clientId: input.client_id,
            clientSecret,
            defaultRole: input.default_role,
            defaultLocationIds: places.map((p) => p.id),
            enforce: input.enforce,
            setBy: userId,
            updatedAt: now(),
          };
          await tx
            .insert(teamSso)
            .values({ teamId, ...values })
            .onConflictDoUpdate({ target: teamSso.teamId, set: values });
          await tx
            .delete(teamSsoDomains)
            .where(
              and(eq(teamSsoDomains.teamId, teamId), notInArray(teamSsoDomains.domain, [...input.domains])),
            );
          // Domains kept keep their token and proof; new ones get a token (and count at once without proof).
          await tx
            .insert(teamSsoDomains)
            .values(
              input.domains.map((domain) => ({
                teamId,
                domain,
                token: newToken().slice(0, 32),
                verifiedAt: deps.proofRequired ? null : now(),
              })),
            )
            .onConflictDoNothing();
          if (input.enforce) await endRefusedSessions(tx, teamId);
          await recordActivity(tx, {
            teamId,
            userId,
            action: existing ? 'sso.changed' : 'sso.set',
            summary: said(input.enforce ? 'ruleMessages.ssoSetEnforced' : 'ruleMessages.ssoSet', {
              issuer: input.issuer,
              domains: listOf(input.domains),
            }),
          });
          return reply(await read(tx, teamId));
        });
      } catch (error) {
        // Another team proved one of the domains at the same moment (only possible where proof is off).
        if (isUniqueViolation(error)) throw new ConflictError(said('ruleMessages.ssoDomainTakenNow'));
        throw error;
      }
    },

    async remove(userId: number, teamId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await membershipIn(tx, userId, teamId, 'team.manage', true);
        const gone = await tx
          .delete(teamSso)
          .where(eq(teamSso.teamId, teamId))
          .returning({ issuer: teamSso.issuer });
        if (gone.length === 0) throw new NotFoundError('Company sign-in');
        await tx.delete(teamSsoDomains).where(eq(teamSsoDomains.teamId, teamId));
        await recordActivity(tx, {
          teamId,
          userId,
          action: 'sso.removed',
          summary: said('ruleMessages.ssoRemoved', { issuer: gone[0]!.issuer }),
        });
      });
    },

    /**
     * Looks up each unproved domain's TXT records (a few at a time) and marks proved those that carry the
     * team's record. A domain another team proved first stays unproved and says so.
     */
    async verify(userId: number, teamId: number): Promise<SsoSettingsReply & { proved: string[] }> {
      await membershipIn(db, userId, teamId, 'team.manage');
      const pending = await db
        .select({ domain: teamSsoDomains.domain, token: teamSsoDomains.token })
        .from(teamSsoDomains)
        .where(and(eq(teamSsoDomains.teamId, teamId), isNull(teamSsoDomains.verifiedAt)));
      if (pending.length === 0 && !(await read(db, teamId))) throw new NotFoundError('Company sign-in');
      const found = await Promise.all(
        pending.map(async (p) => {
          const records = await lookupTxt(p.domain);
          return records.some((r) => r.trim() === domainProofRecord(p.token)) ? p.domain : null;
        }),
      );
      const proved: string[] = [];
      for (const domain of found) {
        if (!domain) continue;
        try {
          await db.transaction(async (tx) => {
            const marked = await tx
              .update(teamSsoDomains)
              .set({ verifiedAt: now() })
              .where(
                and(
                  eq(teamSsoDomains.teamId, teamId),
                  eq(teamSsoDomains.domain, domain),
                  isNull(teamSsoDomains.verifiedAt),
                ),
              )
              .returning({ domain: teamSsoDomains.domain });
            if (marked.length === 0) return;
            const [setting] = await tx
              .select({ enforce: teamSso.enforce })
              .from(teamSso)
              .where(eq(teamSso.teamId, teamId));
            if (setting?.enforce) await endRefusedSessions(tx, teamId);
            await recordActivity(tx, {
              teamId,
              userId,
              action: 'sso.domain_proved',
              summary: said('ruleMessages.ssoDomainProved', { domain }),
            });
            proved.push(domain);
          });
        } catch (error) {
          // Another team proved it first: it stays theirs, and this team's list says it is taken.
          if (!isUniqueViolation(error)) throw error;
        }
      }
      return { ...reply(await read(db, teamId)), proved };
    },

    /** Where the owner's browser goes to try the provider: the answer is checked but signs nobody in. */
    async testUrl(userId: number, teamId: number, browser: string): Promise<string> {
      await membershipIn(db, userId, teamId, 'team.manage');
      const [sso] = await db.select().from(teamSso).where(eq(teamSso.teamId, teamId)).limit(1);
      if (!sso) throw new NotFoundError('Company sign-in');
      let trip: Awaited<ReturnType<Oidc['begin']>>;
      try {
        trip = await deps.oidc.begin(
          { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret },
          redirectUri,
        );
      } catch (error) {
        if (error instanceof OidcUnusable) throw ValidationError.field('issuer', error.said);
        throw error;
      }
      await startTrip(
        db,
        {
          stateHash: hashToken(trip.state),
          browserHash: hashToken(browser),
          teamId,
          purpose: 'test',
          nonce: trip.nonce,
          codeVerifier: trip.codeVerifier,
          userId,
          expiresAt: new Date(now().getTime() + SSO_TRIP_MS),
        },
        now(),
      );
      return trip.url;
    },
  };
}

export type SsoSettingsService = ReturnType<typeof createSsoSettingsService>;
