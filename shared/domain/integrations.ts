import { type Said, said } from '../i18n/said';
import { can, type TeamAction, type TeamRole } from './permissions';

/**
 * A chain's own systems (POS, ERP, scripts) and Hearth: API tokens that act in one team with chosen scopes, and
 * webhooks that tell a receiver what changed. The rules both sides read: the server to refuse, the profile's and
 * the Team page's forms to offer only what will work (decision 0036).
 */

/** What a token may touch, per resource and action. */
export const TOKEN_SCOPES = [
  'ovens:read',
  'ovens:write',
  'recipes:read',
  'recipes:write',
  'locations:read',
  'locations:write',
  'templates:read',
  'templates:write',
  'files:read',
  'files:write',
  'team:read',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * The scope a token needs for each team action, or null when no token may take it (the team's own management).
 * A new action must say, or this does not compile.
 */
export const ACTION_SCOPES: Record<TeamAction, TokenScope | null> = {
  'recipes.read': 'recipes:read',
  'recipes.write': 'recipes:write',
  'ovens.read': 'ovens:read',
  'fleet.read': 'ovens:read',
  'ovens.manage': 'ovens:write',
  'ovens.import': 'ovens:write',
  'menus.edit': 'ovens:write',
  'settings.download': 'files:read',
  'settings.share': 'files:write',
  'locations.read': 'locations:read',
  'locations.manage': 'locations:write',
  'templates.read': 'templates:read',
  'templates.manage': 'templates:write',
  'team.members': 'team:read',
  'team.activity': 'team:read',
  'team.manage': null,
  'team.webhooks': null,
};

/** The actions a scope opens: a role may hold a scope when it may take at least one of them. */
export function actionsOf(scope: TokenScope): TeamAction[] {
  return (Object.keys(ACTION_SCOPES) as TeamAction[]).filter((a) => ACTION_SCOPES[a] === scope);
}

/** The scopes a member of this role can use: a token asking for more would be refused at every call. */
export function scopesForRole(role: TeamRole | undefined): TokenScope[] {
  if (!role) return [];
  const actor = { team: { id: 0, name: '', role, location_ids: [] } };
  return TOKEN_SCOPES.filter((scope) => actionsOf(scope).some((action) => can(actor, action)));
}

/** Secret scanners recognise this start (GitHub's push protection, truffleHog patterns). */
export const TOKEN_PREFIX = 'hearth_pat_';
/** What a token's list shows of it: the prefix and the first characters of the secret. */
export const TOKEN_SHOWN_CHARS = TOKEN_PREFIX.length + 6;
export const TOKEN_NAME_MAX = 100;
export const TOKEN_DAYS_MAX = 3650;
/** Live tokens one person may hold: a system per token, not a token per request. */
export const TOKENS_PER_USER_MAX = 50;
/** Requests one token may make a minute. */
export const TOKEN_REQUESTS_PER_MINUTE = 600;

export const isApiToken = (bearer: string): boolean => bearer.startsWith(TOKEN_PREFIX);

/* ---------- Webhooks ---------- */

export const WEBHOOK_EVENTS = [
  'menu.changed',
  'template.applied',
  'oven.checked',
  'member.joined',
  'member.removed',
  'import.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "Test" only; a receiver cannot subscribe to it. */
export const PING_EVENT = 'webhook.ping';

export const WEBHOOKS_PER_TEAM_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** A delivery waits this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * When each retry of a failed delivery is due, after the attempt before it (Standard Webhooks' suggestion): the
 * first within seconds, then backing off over hours. Past the last, the message is given up.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
/** A webhook whose deliveries all failed for this long is disabled, and its team's owners are told. */
export const WEBHOOK_FAILING_DISABLE_MS = 24 * 3_600_000;

/**
 * Why a webhook URL is refused before any address is looked up, or null. The server checks the address again after
 * DNS, at every delivery (server/lib/safe-fetch.ts).
 */
export function webhookUrlProblem(raw: string, options: { allowHttp: boolean }): Said | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return said('ruleMessages.webhookUrlInvalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return said('ruleMessages.webhookUrlScheme');
  if (url.protocol === 'http:' && !options.allowHttp) return said('ruleMessages.webhookUrlHttps');
  if (url.username || url.password) return said('ruleMessages.webhookUrlCredentials');
  return null;
}
