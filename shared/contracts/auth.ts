import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../domain/email';
import { TEAM_ROLES } from '../domain/permissions';
import { TEMPERATURE_UNITS } from '../domain/temperature';
import { LANGUAGE_CODES } from '../i18n/languages';
import { filled, onlyWhen, requiredString } from './common';
import { saying } from './zod-said';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const USERNAME_MAX_LENGTH = 50;
export const COMPANY_MAX_LENGTH = 100;

export const USERNAME_CHARSET_MESSAGE = saying('rules.usernameChars');
export const PASSWORD_MIN_MESSAGE = saying('ruleMessages.passwordMin', { n: PASSWORD_MIN_LENGTH });

export const roles = ['admin', 'other'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const username = requiredString(saying('rules.usernameRequired'))
  .max(USERNAME_MAX_LENGTH, saying('ruleMessages.usernameMax', { n: USERNAME_MAX_LENGTH }))
  .regex(/^[A-Za-z0-9_-]+$/, onlyWhen(USERNAME_CHARSET_MESSAGE, filled));

export const company = z
  .string()
  .trim()
  .max(COMPANY_MAX_LENGTH, saying('ruleMessages.companyMax', { n: COMPANY_MAX_LENGTH }))
  .optional()
  .default('');

/** An e-mail field; the two messages differ per form in the spec (with or without a full stop). */
export function emailField(requiredMessage: string, invalidMessage: string) {
  return requiredString(requiredMessage)
    .max(EMAIL_MAX_LENGTH, invalidMessage)
    .refine(isValidEmail, onlyWhen(invalidMessage, filled))
    .transform(normalizeEmail);
}

function password(requiredMessage = saying('rules.passwordRequired')) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(
      PASSWORD_MIN_LENGTH,
      onlyWhen(PASSWORD_MIN_MESSAGE, (p) => typeof p.value === 'string' && p.value !== ''),
    )
    .max(PASSWORD_MAX_LENGTH, saying('ruleMessages.passwordMax', { n: PASSWORD_MAX_LENGTH }));
}

/**
 * The "does not match" check runs whenever both passwords were typed, even while other fields fail, so a form
 * shows every problem at once instead of one more after each submit.
 */
function bothPasswordsTyped(payload: { value: unknown }): boolean {
  const v = payload.value as { password?: unknown; password_confirmation?: unknown } | null;
  return (
    typeof v?.password === 'string' &&
    v.password !== '' &&
    typeof v.password_confirmation === 'string' &&
    v.password_confirmation !== ''
  );
}

export const loginRequest = z.object({
  username: requiredString(saying('rules.usernameRequired')),
  password: z.string({ error: saying('rules.passwordRequired') }).min(1, saying('rules.passwordRequired')),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const registerRequest = z
  .object({
    username,
    company,
    email: emailField(saying('rules.emailRequired'), saying('rules.emailInvalid')),
    password: password(),
    password_confirmation: z
      .string({ error: saying('rules.confirmRequired') })
      .min(1, saying('rules.confirmRequired')),
    privacy_policy: z.literal(true, { error: saying('rules.privacy') }),
    opt_in: z.boolean().optional().default(false),
    /** Signing up from an invitation link: its token, so the verification link leads back to it. */
    invitation: z.string().max(200).optional(),
    /** The language the page was in: the account's language, and the verification mail's. */
    language: z.enum(LANGUAGE_CODES, { error: saying('rules.language') }).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: saying('rules.passwordsMismatch'),
    path: ['password_confirmation'],
    when: bothPasswordsTyped,
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const forgotPasswordRequest = z.object({
  email: emailField(saying('rules.emailRequiredBare'), saying('rules.emailInvalidBare')),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .object({
    email: emailField(saying('rules.emailRequired'), saying('rules.emailInvalid')),
    password: password(),
    password_confirmation: z
      .string({ error: saying('rules.confirmRequired') })
      .min(1, saying('rules.confirmRequired')),
    token: requiredString(saying('ruleMessages.resetLinkIncomplete')),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: saying('rules.passwordMismatch'),
    path: ['password_confirmation'],
    when: bothPasswordsTyped,
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const verifyAccountRequest = z.object({
  email: emailField(saying('rules.emailRequired'), saying('rules.emailInvalid')),
  token: requiredString(saying('ruleMessages.verifyLinkIncomplete')),
});
export const resendVerificationRequest = z.object({
  email: emailField(saying('rules.emailRequired'), saying('rules.emailInvalid')),
});

export const verifyResults = ['user_not_found', 'already_verified', 'verified'] as const;

export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  company: z.string(),
  email: z.string(),
  role,
  temperature_unit: z.enum(TEMPERATURE_UNITS),
  /** The language of the screens, mails and PDFs; null follows the browser. */
  language: z.enum(LANGUAGE_CODES).nullable(),
  /** The team the user works in now, their role and (store managers, crew) locations; null in no team. */
  team: z
    .object({
      id: z.number().int(),
      name: z.string(),
      role: z.enum(TEAM_ROLES),
      location_ids: z.array(z.number().int()),
    })
    .nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** POST /api/register: the account; `joined`, the team whose invitation it was made from (already verified). */
export const registerResponse = z.object({
  created: z.boolean(),
  user: publicUser,
  joined: z.object({ id: z.number().int(), name: z.string(), role: z.enum(TEAM_ROLES) }).nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const authCheckResponse = z.object({
  auth: z.boolean(),
  user: publicUser.nullable(),
  role: role.nullable(),
  message: z.string().optional(),
});
export type AuthCheckResponse = z.infer<typeof authCheckResponse>;

export const loginResponse = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: publicUser,
  role,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/* ---------- Company sign-in (OpenID Connect) ---------- */

/** GET /api/auth/sso: the address whose domain picks the team; `format=json` answers the address to go to. */
export const ssoStartQuery = z.object({
  email: emailField(saying('rules.emailRequiredBare'), saying('rules.emailInvalidBare')),
  format: z.enum(['json', 'redirect']).default('redirect'),
});
export const ssoStartReply = z.object({ url: z.string() });

/**
 * The provider's answer (`code`, `state`, or `error`), with the provider's own fields (session_state, iss, scope…)
 * let through. Nothing is refused here: whatever comes, the browser lands on a page that says what happened.
 */
export const ssoCallbackQuery = z.looseObject({
  code: z.unknown().optional(),
  state: z.unknown().optional(),
  error: z.unknown().optional(),
});

/** POST /api/auth/sso/session: the one-time hand-off the callback gave the page, for a session. */
export const ssoSessionRequest = z.object({
  handoff: z
    .string({ error: saying('ruleMessages.ssoHandoffInvalid') })
    .min(1)
    .max(200),
});
