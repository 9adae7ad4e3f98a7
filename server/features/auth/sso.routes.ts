import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginResponse,
  ssoCallbackQuery,
  ssoSessionRequest,
  ssoStartQuery,
  ssoStartReply,
} from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/common';
import { languageFromHeader } from '../../../shared/i18n/languages';
import { type RateLimits, rateLimit } from '../../http/rate-limits';
import { ssoBrowser, ssoBrowserOf } from '../../http/sso-browser';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SsoLoginService } from './sso-login.service';

const tags = ['Auth and account'];

export async function ssoLoginRoutes(
  app: FastifyInstance,
  deps: { sso: SsoLoginService; limiter: RateLimiter; limits: RateLimits; secureCookie: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sso, limiter, limits } = deps;

  r.get(
    '/api/auth/sso',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'sso', limits.ssoStartsPerIp),
      schema: {
        tags,
        summary:
          'Company sign-in: redirects to the provider of the team whose domain the address is in (format=json answers the address instead); 422 when no team signs that domain in',
        querystring: ssoStartQuery,
        response: {
          200: ssoStartReply,
          302: errorResponse.partial(),
          422: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const browser = ssoBrowser(request, reply, deps.secureCookie);
      const url = await sso.start(request.query.email, browser);
      if (request.query.format === 'json') return { url };
      return reply.redirect(url, 302);
    },
  );

  r.get(
    '/api/auth/sso/callback',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'sso-callback', limits.ssoStartsPerIp),
      schema: {
        tags,
        summary:
          "The provider's redirect back (register this address there): checks the answer and goes on to the sign-in page, or to a page that says why it was refused",
        querystring: ssoCallbackQuery,
        response: { 302: errorResponse.partial(), 429: errorResponse },
      },
    },
    async (request, reply) => {
      const landing = await sso.callback(
        request.query,
        ssoBrowserOf(request),
        languageFromHeader(request.headers['accept-language']),
      );
      return reply.redirect(landing.location, 302);
    },
  );

  r.post(
    '/api/auth/sso/session',
    {
      config: { access: 'public' },
      preValidation: rateLimit(limiter, 'sso-session', limits.ssoStartsPerIp),
      schema: {
        tags,
        summary:
          "Exchange the callback's one-time hand-off (from the same browser) for a session, as POST /api/login",
        body: ssoSessionRequest,
        response: { 200: loginResponse, 401: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request) => sso.exchange(request.body.handoff, ssoBrowserOf(request)),
  );
}
