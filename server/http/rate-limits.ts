import type { FastifyRequest } from 'fastify';
import { TOKEN_REQUESTS_PER_MINUTE } from '../../shared/domain/integrations';
import { countOf } from '../../shared/domain/words';
import { said } from '../../shared/i18n/said';
import { TooManyError } from '../lib/errors';
import type { RateLimiter, RateRule } from '../lib/rate-limiter';

export interface RateLimits {
  /** Failed log-ins from one address, whatever the account. */
  loginFailuresPerIp: RateRule;
  /** Failed log-ins on one account from one address. */
  loginFailuresPerIpAccount: RateRule;
  /** Failed log-ins on one account from anywhere: past this, every attempt on it is slowed, none refused. */
  loginFailuresPerAccount: RateRule;
  registerPerIp: RateRule;
  registerPerAccount: RateRule;
  passwordEmailPerIp: RateRule;
  passwordEmailPerAccount: RateRule;
  passwordResetPerIp: RateRule;
  passwordResetPerAccount: RateRule;
  verifyPerIp: RateRule;
  /** Ovens shared by e-mail by one user: Hearth must not become a way to send mail to strangers. */
  sharePerUser: RateRule;
  /** Shares to one address, whoever sends them. */
  sharePerRecipient: RateRule;
  /** Invitations sent (new or again) by one user: many for a chain's head office, not a way to send bulk mail. */
  invitationsPerUser: RateRule;
  /**
   * Invitations one team sends to one mailbox, and one sender sends to one mailbox whatever their teams: no inbox is
   * filled with them. Never counted across unrelated teams, so a stranger cannot stop a team inviting an address.
   */
  invitationsPerTeamRecipient: RateRule;
  invitationsPerSenderRecipient: RateRule;
  /** Password changes tried by one account (each checks the current password: it must not be guessed). */
  passwordChangePerUser: RateRule;
  /** Requests one API token makes: a chain's script in a loop must not crowd out the kitchens. */
  apiTokenRequests: RateRule;
  /** Test pings one person sends through one team's webhooks: not a way to knock on many doors. */
  webhookTestsPerUser: RateRule;
  /** Company sign-ins started, answered and exchanged, per address (each start keeps a row). */
  ssoStartsPerIp: RateRule;
  /** A team's company sign-in saved (each calls the provider) or tested (each keeps a trip), per person. */
  ssoChangesPerUser: RateRule;
}

const MINUTE = 60_000;
export const defaultRateLimits: RateLimits = {
  loginFailuresPerIp: { max: 30, windowMs: 15 * MINUTE },
  loginFailuresPerIpAccount: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  registerPerAccount: { max: 5, windowMs: 60 * MINUTE },
  passwordEmailPerIp: { max: 10, windowMs: 60 * MINUTE },
  passwordEmailPerAccount: { max: 5, windowMs: 60 * MINUTE },
  passwordResetPerIp: { max: 20, windowMs: 15 * MINUTE },
  passwordResetPerAccount: { max: 10, windowMs: 15 * MINUTE },
  verifyPerIp: { max: 30, windowMs: 15 * MINUTE },
  sharePerUser: { max: 20, windowMs: 60 * MINUTE },
  sharePerRecipient: { max: 10, windowMs: 60 * MINUTE },
  passwordChangePerUser: { max: 10, windowMs: 15 * MINUTE },
  invitationsPerUser: { max: 200, windowMs: 60 * MINUTE },
  invitationsPerTeamRecipient: { max: 5, windowMs: 60 * MINUTE },
  invitationsPerSenderRecipient: { max: 5, windowMs: 60 * MINUTE },
  apiTokenRequests: { max: TOKEN_REQUESTS_PER_MINUTE, windowMs: MINUTE },
  webhookTestsPerUser: { max: 30, windowMs: 60 * MINUTE },
  ssoStartsPerIp: { max: 300, windowMs: 15 * MINUTE },
  ssoChangesPerUser: { max: 60, windowMs: 60 * MINUTE },
};

export function tooMany(waitSeconds: number): TooManyError {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return new TooManyError(
    said('ruleMessages.tooManyAttempts', { wait: countOf(minutes, 'minute') }),
    waitSeconds,
  );
}

/** Counts the request against each rule and refuses it with a plain wait time when any is exceeded. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  checks: { key: string; rule: RateRule }[],
): Promise<void> {
  let wait = 0;
  for (const { key, rule } of checks) wait = Math.max(wait, await limiter.hit(key, rule));
  if (wait > 0) throw tooMany(wait);
}

/**
 * A preValidation hook, so malformed attempts count too. `perAccount.field` names the body field that
 * identifies the account (username or email); it is read raw because validation has not run yet.
 */
export function rateLimit(
  limiter: RateLimiter,
  action: string,
  perIp: RateRule,
  perAccount?: { field: string; rule: RateRule },
) {
  return async (request: FastifyRequest) => {
    const checks = [{ key: `${action}:ip:${request.ip}`, rule: perIp }];
    const raw = perAccount
      ? (request.body as Record<string, unknown> | undefined)?.[perAccount.field]
      : undefined;
    if (perAccount && typeof raw === 'string' && raw.trim()) {
      checks.push({ key: `${action}:account:${raw.trim().toLowerCase()}`, rule: perAccount.rule });
    }
    await enforceRateLimit(limiter, checks);
  };
}
