import { z } from 'zod';
import { TEMPERATURE_UNITS } from '../domain/temperature';
import { LANGUAGE_CODES } from '../i18n/languages';
import { said } from '../i18n/said';
import {
  COMPANY_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_MESSAGE,
  publicUser,
  username,
} from './auth';
import { pageParam } from './pagination';
import { saying, zodMessage } from './zod-said';

/**
 * Spec §5 profile: the password changes only when both fields are filled. We also refuse a half-filled pair,
 * so a new password is never silently dropped.
 */
export const CURRENT_PASSWORD_REQUIRED = said('ruleMessages.currentPasswordRequired');

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
      .max(COMPANY_MAX_LENGTH, saying('ruleMessages.companyMax', { n: COMPANY_MAX_LENGTH }))
      .optional(),
    email: z.string().optional(),
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional().default(''),
    password: z.string().optional().default(''),
    password_confirmation: z.string().optional().default(''),
    privacy_policy: z.boolean().optional(),
    opt_in: z.boolean().optional(),
    temperature_unit: z.enum(TEMPERATURE_UNITS, { error: saying('ruleMessages.chooseUnit') }).optional(),
    language: z
      .enum(LANGUAGE_CODES, { error: saying('rules.language') })
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    const { password, password_confirmation: confirmation } = v;
    if (password === '' && confirmation === '') return;
    if (v.current_password === '')
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: zodMessage(CURRENT_PASSWORD_REQUIRED),
      });
    if (password === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: saying('ruleMessages.newPasswordOrClear'),
      });
      return;
    }
    if (confirmation === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: saying('rules.confirmRequired'),
      });
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MIN_MESSAGE });
    } else if (password.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: saying('ruleMessages.passwordMax', { n: PASSWORD_MAX_LENGTH }),
      });
    }
    if (password !== confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: saying('rules.passwordsMismatch'),
      });
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
    .max(254, saying('ruleMessages.search254'))
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
