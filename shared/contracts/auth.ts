import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../domain/email';
import { TEAM_ROLES } from '../domain/permissions';
import { TEMPERATURE_UNITS } from '../domain/temperature';
import { LANGUAGE_CODES } from '../i18n/languages';
import { filled, onlyWhen, requiredString } from './common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const USERNAME_MAX_LENGTH = 50;
export const COMPANY_MAX_LENGTH = 100;

export const USERNAME_CHARSET_MESSAGE =
  'The username must only contains letters, numbers, dashes and underscores.';
export const PASSWORD_MIN_MESSAGE = `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

export const roles = ['admin', 'other'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const username = requiredString('Username is required.')
  .max(USERNAME_MAX_LENGTH, `The username may not be greater than ${USERNAME_MAX_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, onlyWhen(USERNAME_CHARSET_MESSAGE, filled));

export const company = z
  .string()
  .trim()
  .max(COMPANY_MAX_LENGTH, `The company may not be greater than ${COMPANY_MAX_LENGTH} characters.`)
  .optional()
  .default('');

/** An e-mail field; the two messages differ per form in the spec (with or without a full stop). */
export function emailField(requiredMessage: string, invalidMessage: string) {
  return requiredString(requiredMessage)
    .max(EMAIL_MAX_LENGTH, invalidMessage)
    .refine(isValidEmail, onlyWhen(invalidMessage, filled))
    .transform(normalizeEmail);
}

function password(requiredMessage = 'Password is required.') {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(
      PASSWORD_MIN_LENGTH,
      onlyWhen(PASSWORD_MIN_MESSAGE, (p) => typeof p.value === 'string' && p.value !== ''),
    )
    .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);
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
  username: requiredString('Username is required.'),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.'),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const registerRequest = z
  .object({
    username,
    company,
    email: emailField('Email is required.', 'Email must be a valid email address.'),
    password: password(),
    password_confirmation: z
      .string({ error: 'Confirm password is required.' })
      .min(1, 'Confirm password is required.'),
    privacy_policy: z.literal(true, { error: 'You need to accept the Privacy Policy.' }),
    opt_in: z.boolean().optional().default(false),
    /** Signing up from an invitation link: its token, so the verification link leads back to it. */
    invitation: z.string().max(200).optional(),
    /** The language the page was in: the account's language, and the verification mail's. */
    language: z.enum(LANGUAGE_CODES, { error: 'Choose one of the languages offered.' }).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords does not match.',
    path: ['password_confirmation'],
    when: bothPasswordsTyped,
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const forgotPasswordRequest = z.object({
  email: emailField('Email is required', 'Email must be a valid email address'),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .object({
    email: emailField('Email is required.', 'Email must be a valid email address.'),
    password: password(),
    password_confirmation: z
      .string({ error: 'Confirm password is required.' })
      .min(1, 'Confirm password is required.'),
    token: requiredString('The reset link is incomplete: the token is missing.'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Password does not match.',
    path: ['password_confirmation'],
    when: bothPasswordsTyped,
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const verifyAccountRequest = z.object({
  email: emailField('Email is required.', 'Email must be a valid email address.'),
  token: requiredString('The verification link is incomplete: the token is missing.'),
});
export const resendVerificationRequest = z.object({
  email: emailField('Email is required.', 'Email must be a valid email address.'),
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
