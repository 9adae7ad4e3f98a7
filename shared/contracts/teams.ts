import { z } from 'zod';
import { limitedToLocations, TEAM_ROLES, type TeamRole } from '../domain/permissions';
import { normalizeDomain, SSO_JOIN_ROLES, SSO_LIMITS } from '../domain/sso';
import { emailField } from './auth';
import {
  boundedArray,
  filled,
  idParam,
  idValue,
  onlyWhen,
  readableName,
  requiredString,
  saidWire,
} from './common';
import { pageParam } from './pagination';
import { saying } from './zod-said';

/**
 * Teams, their members, invitations and the trail, as they cross the wire. A team owns ovens, recipes, locations
 * and templates; its members act on them by role (shared/domain/permissions.ts).
 */

export const TEAM_NAME_MAX = 60;
/** Pending invitations a team may have at once: a chain's staff invited from a file; more is a mistake or abuse. */
export const PENDING_INVITATIONS_MAX = 5000;
/** An invitation link works for 7 days. */
export const INVITATION_DAYS = 7;
export const ACTIVITY_PER_PAGE = 25;

export const teamName = z
  .string({ error: saying('ruleMessages.teamNeedsName') })
  .transform((v) => v.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, saying('ruleMessages.teamNeedsName'))
      .max(TEAM_NAME_MAX, saying('ruleMessages.teamNameMax', { n: TEAM_NAME_MAX }))
      .superRefine(readableName('team')),
  );

const role = z.enum(TEAM_ROLES, { error: saying('ruleMessages.roleOneOf', { list: TEAM_ROLES.join(', ') }) });
const locationIds = boundedArray(idValue('A location id'), 200, saying('ruleMessages.locationsMax'));

/** Store managers and crew work in some locations: at least one, or they would see nothing. */
const needsLocations = (b: { role: TeamRole; location_ids: number[] }, ctx: z.RefinementCtx) => {
  if (limitedToLocations(b.role) && b.location_ids.length === 0)
    ctx.addIssue({
      code: 'custom',
      message: saying('ruleMessages.chooseLocation'),
      path: ['location_ids'],
    });
};

export const teamRequest = z.object({ name: teamName });
export type TeamRequest = z.input<typeof teamRequest>;

export const teamParams = z.object({ id: idParam('The team id') });
export const memberParams = teamParams.extend({ userId: idParam('The user id') });
export const invitationParams = teamParams.extend({ invitationId: idParam('The invitation id') });
export const invitationTokenParams = z.object({
  token: z.string().min(1).max(200, saying('ruleMessages.invitationInvalid')),
});

/** GET /api/teams: the teams the user belongs to, with their role in each and which is current. */
export const team = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  current: z.boolean(),
  members: z.number().int(),
});
export type Team = z.infer<typeof team>;

/** A location named where a member or invitation is shown, so a page need not load a chain's every location. */
export const placeRef = z.object({ id: z.number().int(), name: z.string() });
export type PlaceRef = z.infer<typeof placeRef>;

export const member = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role,
  location_ids: z.array(z.number().int()),
  /** The same locations with their names, by name. */
  locations: z.array(placeRef),
  joined_at: z.string(),
});
export type Member = z.infer<typeof member>;

export const memberRequest = z
  .object({ role, location_ids: locationIds.default([]) })
  .superRefine(needsLocations);
export type MemberRequest = z.input<typeof memberRequest>;

export const invitationRequest = z
  .object({
    email: emailField(saying('rules.emailRequired'), saying('rules.emailInvalid')),
    role,
    location_ids: locationIds.default([]),
  })
  .superRefine(needsLocations);
export type InvitationRequest = z.input<typeof invitationRequest>;

export const invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role,
  location_ids: z.array(z.number().int()),
  /** Those of them the team still has, with their names, by name. */
  locations: z.array(placeRef),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitation>;

/** GET /api/invitations/{token}: what the link offers, for someone not logged in yet. */
export const invitationPreview = z.object({
  team: z.string(),
  role,
  invited_by: z.string().nullable(),
  email: z.string(),
  /** The locations a store manager or crew member will work in, by name. */
  locations: z.array(z.string()),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const activityQuery = z.object({
  page: pageParam,
  location: idParam('The location').optional(),
  user: idParam('The person').optional(),
});
export type ActivityQuery = z.input<typeof activityQuery>;

export const activityEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int().nullable(), username: z.string() }),
  action: z.string(),
  summary: z.string(),
  said: saidWire,
  oven: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/* ---------- Company sign-in (OpenID Connect) ---------- */

const ssoDomains = boundedArray(
  z.string({ error: saying('ruleMessages.ssoDomainInvalid', { domain: '' }) }),
  SSO_LIMITS.domains,
  saying('ruleMessages.ssoDomainsMax', { n: SSO_LIMITS.domains }),
)
  .superRefine((list, ctx) => {
    if (list.every((d) => d.trim() === ''))
      ctx.addIssue({ code: 'custom', message: saying('ruleMessages.ssoDomainsRequired') });
    list.forEach((d, i) => {
      if (d.trim() !== '' && normalizeDomain(d) === null)
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: saying('ruleMessages.ssoDomainInvalid', { domain: d }),
        });
    });
  })
  // Blank lines are no domains; the same domain twice is one.
  .transform((list) => [...new Set(list.filter((d) => d.trim() !== '').map((d) => normalizeDomain(d)!))]);

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
};

/** PUT /api/teams/{id}/sso: the provider, the domains it signs in and what a new person joins as. */
export const ssoSettingsRequest = z.object({
  issuer: requiredString(saying('ruleMessages.ssoIssuerRequired'))
    .max(SSO_LIMITS.issuerLength, saying('ruleMessages.ssoIssuerMax', { n: SSO_LIMITS.issuerLength }))
    .refine(isWebUrl, onlyWhen(saying('ruleMessages.ssoIssuerUrl'), filled)),
  client_id: requiredString(saying('ruleMessages.ssoClientIdRequired')).max(
    SSO_LIMITS.clientIdLength,
    saying('ruleMessages.ssoClientIdMax', { n: SSO_LIMITS.clientIdLength }),
  ),
  /** Left out (or empty) keeps the secret already set; required the first time. */
  client_secret: z
    .string()
    .max(
      SSO_LIMITS.clientSecretLength,
      saying('ruleMessages.ssoSecretMax', { n: SSO_LIMITS.clientSecretLength }),
    )
    .optional(),
  domains: ssoDomains,
  default_role: z.enum(SSO_JOIN_ROLES, {
    error: saying('ruleMessages.roleOneOf', { list: SSO_JOIN_ROLES.join(', ') }),
  }),
  default_location_ids: locationIds.default([]),
  enforce: z.boolean().default(false),
});
export type SsoSettingsRequest = z.input<typeof ssoSettingsRequest>;

export const ssoDomain = z.object({
  domain: z.string(),
  /** Proved (or proof is off on this install): people of this domain sign in through the team's provider. */
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** The TXT record that proves it: at the domain itself, with this value. */
  record_name: z.string(),
  record_value: z.string(),
  /** Another team proved it first: this team cannot have it. */
  taken: z.boolean(),
});
export type SsoDomain = z.infer<typeof ssoDomain>;

export const ssoSettings = z.object({
  issuer: z.string(),
  client_id: z.string(),
  /** The secret is never sent back; this says one is set. */
  client_secret_set: z.boolean(),
  domains: z.array(ssoDomain),
  default_role: z.enum(SSO_JOIN_ROLES),
  default_location_ids: z.array(z.number().int()),
  /** The same locations with their names. */
  default_locations: z.array(placeRef),
  enforce: z.boolean(),
  /** What to register at the provider as the redirect (callback) address. */
  redirect_uri: z.string(),
  /** Whether domains need their TXT record on this install. */
  proof_required: z.boolean(),
  set_by: z.string().nullable(),
  updated_at: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettings>;

/** GET: the setting, or null when the team has none (with what to register at the provider either way). */
export const ssoSettingsReply = z.object({
  data: ssoSettings.nullable(),
  redirect_uri: z.string(),
  proof_required: z.boolean(),
});
export type SsoSettingsReply = z.infer<typeof ssoSettingsReply>;

/** POST /api/teams/{id}/sso/test: where to send the owner's browser to try the provider. */
export const ssoTestReply = z.object({ url: z.string() });
