import { z } from 'zod';
import { TEMPERATURE_UNITS } from '../domain/temperature';
import { LANGUAGE_CODES } from '../i18n/languages';
import {
  COMPANY_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_MESSAGE,
  publicUser,
  username,
} from './auth';
import { pageParam } from './pagination';

/**
 * Spec §5 profile: the password changes only when both fields are filled. We also refuse a half-filled pair,
 * so a new password is never silently dropped.
 */
export const CURRENT_PASSWORD_REQUIRED = 'Your current password is required to set a new one.';

/**
 * PUT /api/users/{id}: a field left out keeps its value (a save without `company` keeps the company; an empty one
 * clears it). A new password needs the current one, so a stolen session cannot take the account.
 */
export const updateProfileRequest = z
  .object({
    username: username.optional(),
    company: z
      .string()
      .trim()
      .max(COMPANY_MAX_LENGTH, `The company may not be greater than ${COMPANY_MAX_LENGTH} characters.`)
      .optional(),
    email: z.string().optional(),
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional().default(''),
    password: z.string().optional().default(''),
    password_confirmation: z.string().optional().default(''),
    privacy_policy: z.boolean().optional(),
    opt_in: z.boolean().optional(),
    temperature_unit: z.enum(TEMPERATURE_UNITS, { error: 'Choose °F or °C.' }).optional(),
    language: z.enum(LANGUAGE_CODES, { error: 'Choose one of the languages offered.' }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const { password, password_confirmation: confirmation } = v;
    if (password === '' && confirmation === '') return;
    if (v.current_password === '')
      ctx.addIssue({ code: 'custom', path: ['current_password'], message: CURRENT_PASSWORD_REQUIRED });
    if (password === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Enter the new password, or clear both fields.',
      });
      return;
    }
    if (confirmation === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'Confirm password is required.',
      });
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MIN_MESSAGE });
    } else if (password.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`,
      });
    }
    if (password !== confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'Passwords does not match.' });
    }
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

export const profileResponse = z.object({ data: publicUser, message: z.string().optional() });

/* ---------- Admin (spec §7 "Admin", §3 user list view) ---------- */

export const USERS_PER_PAGE = 20;

/** GET /api/users?email&page: a part of the e-mail to look for (any case), and the page. */
export const userListQuery = z.object({
  email: z
    .string()
    .max(254, 'Search with at most 254 characters.')
    .optional()
    .transform((v) => v?.trim() ?? ''),
  page: pageParam,
});
export type UserListQuery = z.input<typeof userListQuery>;

/** A user as the admin sees them: spec §3 adds createdAt, lastLogin, recipesCounter and ovensCounter. */
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  company: z.string(),
  role: z.enum(['admin', 'other']),
  verified: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  recipesCounter: z.number().int(),
  ovensCounter: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUser>;
