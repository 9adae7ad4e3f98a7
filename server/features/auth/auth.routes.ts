import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authCheckResponse,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  registerRequest,
  registerResponse,
  resendVerificationRequest,
  resetPasswordRequest,
  verifyAccountRequest,
  verifyResults,
} from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/common';
import type { TeamRole } from '../../../shared/domain/permissions';
import { languageFromHeader } from '../../../shared/i18n/languages';
import { type RateLimits, rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { AuthService } from './auth.service';

export interface AuthRouteDeps {
  auth: AuthService;
  limiter: RateLimiter;
  limits: RateLimits;
  /** Whether an invitation token is live and for this address (the teams feature knows). */
  isInvited?: (token: string, email: string) => Promise<boolean>;
  /** Joins the team an invitation is for, as invited (the teams feature does it): its name and the role given. */
  acceptInvitation?: (
    user: { id: number; email: string },
    token: string,
  ) => Promise<{ id: number; name: string; role: TeamRole }>;
}

const tags = ['Auth and account'];

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, limiter, limits } = deps;

  r.get(
    '/api/auth/check',
    {
      config: { access: 'public', token: 'any' },
      schema: {
        tags,
        summary: 'Who is logged in',
        response: { 200: authCheckResponse, 401: authCheckResponse },
      },
    },
    async (request, reply) => {
      if (!request.user) {
        return reply.code(401).send({ auth: false, user: null, role: null, message: 'Unauthenticated.' });
      }
      return { auth: true, user: request.user, role: request.user.role };
    },
  );

  r.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in; the reply carries the bearer token',
        body: loginRequest,
        response: {
          200: loginResponse,
          401: errorResponse,
          403: errorResponse.extend({ code: z.string(), email: z.string().optional() }),
          429: errorResponse,
        },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  r.post(
    '/api/logout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Revoke the current token',
        response: { 200: z.object({ logged_out: z.boolean() }) },
      },
    },
    async (request) => {
      await auth.logout(request.sessionTokenHash!);
      return { logged_out: true };
    },
  );

  r.post(
    '/api/register',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'register', limits.registerPerIp, {
        field: 'email',
        rule: limits.registerPerAccount,
      }),
      schema: {
        tags,
        summary: 'Create an account and send the verification e-mail',
        body: registerRequest,
        response: { 201: registerResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const { invitation } = request.body;
      // From a live invitation for this address, the person joins that team instead of getting one of their own:
      // the link reached their mailbox, so registering from it verifies the address and accepts the invitation.
      const invited = invitation ? await (deps.isInvited?.(invitation, request.body.email) ?? false) : false;
      const user = await auth.register({
        ...request.body,
        invited,
        invitation: invited ? invitation : undefined,
        browserLanguage: languageFromHeader(request.headers['accept-language']),
      });
      const joined =
        invited && invitation && deps.acceptInvitation
          ? await deps.acceptInvitation({ id: user.id, email: user.email }, invitation)
          : null;
      return reply.code(201).send({
        created: true,
        user,
        joined: joined ? { id: joined.id, name: joined.name, role: joined.role } : null,
      });
    },
  );

  r.post(
    '/api/verify-account',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'verify', limits.verifyPerIp),
      schema: {
        tags,
        summary: 'Verify an account from the e-mailed link',
        body: verifyAccountRequest,
        response: { 200: z.object({ message: z.enum(verifyResults) }), 422: errorResponse },
      },
    },
    async (request) => {
      return { message: await auth.verifyAccount(request.body) };
    },
  );

  r.post(
    '/api/verify-account/resend',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'mail', limits.passwordEmailPerIp, {
        field: 'email',
        rule: limits.passwordEmailPerAccount,
      }),
      schema: {
        tags,
        summary: 'Send a new verification link (answers the same whether or not the address exists)',
        body: resendVerificationRequest,
        response: { 200: z.object({ sent: z.boolean() }) },
      },
    },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return { sent: true };
    },
  );

  r.post(
    '/api/password/email',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'mail', limits.passwordEmailPerIp, {
        field: 'email',
        rule: limits.passwordEmailPerAccount,
      }),
      schema: {
        tags,
        summary: 'Send a password-reset link (answers the same whether or not the address exists)',
        body: forgotPasswordRequest,
        response: { 200: z.object({ sent: z.boolean() }) },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { sent: true };
    },
  );

  r.post(
    '/api/password/reset',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'password-reset', limits.passwordResetPerIp, {
        field: 'email',
        rule: limits.passwordResetPerAccount,
      }),
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed token',
        body: resetPasswordRequest,
        response: {
          200: z.object({ updated: z.boolean() }),
          422: errorResponse.extend({ updated: z.boolean().optional() }),
        },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { updated: true };
    },
  );
}
