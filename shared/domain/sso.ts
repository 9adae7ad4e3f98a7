import { normalizeEmail } from './email';
import type { TeamRole } from './permissions';

/**
 * Company sign-in (OpenID Connect): the rules both sides read. A team names the e-mail domains its provider signs
 * in; a domain counts once proved with a DNS TXT record (or at once where proof is switched off).
 */

export const SSO_LIMITS = {
  domains: 20,
  domainLength: 253,
  issuerLength: 500,
  clientIdLength: 255,
  clientSecretLength: 2000,
} as const;

/** What Hearth asks the provider for: the person's subject, a verified address and a name. */
export const SSO_SCOPES = 'openid email profile';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** The TXT record's value starts with this; the token follows. */
export const DOMAIN_PROOF_PREFIX = 'hearth-domain-verification=';

/** Roles a company account may join with: never owner (the people who run Hearth for the team say who owns it). */
export const SSO_JOIN_ROLES = ['manager', 'store', 'crew'] as const satisfies readonly TeamRole[];
export type SsoJoinRole = (typeof SSO_JOIN_ROLES)[number];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as typed ("@Example.COM ", "bücher.de") in the form it is compared in: lowercase ASCII (punycode for
 * an international name). Null when it is not a domain a mailbox can be in.
 */
export function normalizeDomain(input: string): string | null {
  let domain = input.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  if (domain === '' || domain.length > SSO_LIMITS.domainLength) return null;
  if (/[^a-z0-9.-]/.test(domain)) {
    // International names: the URL parser gives the punycode form both in browsers and on the server.
    try {
      const host = new URL(`http://${domain}/`).hostname;
      if (host.length > SSO_LIMITS.domainLength || /[^a-z0-9.-]/.test(host)) return null;
      domain = host;
    } catch {
      return null;
    }
  }
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  // A top-level name is never all digits: an address like 10.0.0.1 is no mail domain.
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return domain;
}

/** The domain part of an e-mail address, lowercased; null without one. */
export function emailDomain(email: string): string | null {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return normalizeDomain(address.slice(at + 1));
}

/** The TXT record a team publishes at its domain to prove it. */
export const domainProofRecord = (token: string): string => `${DOMAIN_PROOF_PREFIX}${token}`;

/**
 * Whether a password log-in is refused for this person: their address is in a domain of a team whose company
 * sign-in is enforced, and they are not one of that team's owners (owners keep their password as a way in when the
 * provider is down or set up wrong).
 */
export function passwordRefused(enforcedBy: { enforce: boolean; ownerOfTeam: boolean } | null): boolean {
  return enforcedBy !== null && enforcedBy.enforce && !enforcedBy.ownerOfTeam;
}

/**
 * Why a company sign-in was refused, as the callback tells the page (`/login/company?refused=…`); each has its
 * sentence in every language. No account is made or changed on any of them.
 */
export const SSO_REFUSALS = [
  /** The trip's state is unknown, used already or expired (a replayed or forged answer, or a tab left open). */
  'state',
  /** The answer came to another browser than the one that left. */
  'browser',
  /** The provider said no (the person cancelled, or is not allowed in the app there). */
  'provider',
  /** The tokens did not check out (issuer, audience, nonce, expiry, signature) or the code was refused. */
  'token',
  /** The provider gave no e-mail address, or did not say it is verified. */
  'unverified',
  /** The address is not in one of the team's proved domains. */
  'domain',
  /** The team's company sign-in was turned off meanwhile. */
  'off',
  /** The address is one of the provider's administrators, who sign in with their password only. */
  'account',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];
