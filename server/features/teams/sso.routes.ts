import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  ssoSettingsReply,
  ssoSettingsRequest,
  ssoTestReply,
  teamParams,
} from '../../../shared/contracts/teams';
import { enforceRateLimit, type RateLimits } from '../../http/rate-limits';
import { currentUser } from '../../http/request-user';
import { ssoBrowser } from '../../http/sso-browser';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SsoSettingsService } from './sso-settings.service';

const tags = ['Company sign-in'];
const errors = {
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
  429: errorResponse,
};

/**
 * A team's company sign-in, for its owners (the service checks the role in the team named; an API token never
 * reaches it: no `token` scope is declared).
 */
export async function ssoSettingsRoutes(
  app: FastifyInstance,
  deps: { sso: SsoSettingsService; secureCookie: boolean; limiter: RateLimiter; limits: RateLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sso } = deps;
  // Each save calls the provider, each test keeps a trip: counted per person.
  const counted = (request: { params: { id: number } }, userId: number, what: string) =>
    enforceRateLimit(deps.limiter, [
      { key: `sso-${what}:${request.params.id}:${userId}`, rule: deps.limits.ssoChangesPerUser },
    ]);

  r.get(
    '/api/teams/:id/sso',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The team's company sign-in (without its client secret), and the redirect URI to register",
        params: teamParams,
        response: { 200: ssoSettingsReply, ...errors },
      },
    },
    async (request) => sso.get(currentUser(request).id, request.params.id),
  );

  r.put(
    '/api/teams/:id/sso',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Set the OpenID Connect provider (found by discovery), the e-mail domains it signs in, the role and locations a new person joins with, and whether passwords are refused there',
        params: teamParams,
        body: ssoSettingsRequest,
        response: { 200: ssoSettingsReply, ...errors },
      },
    },
    async (request) => {
      await counted(request, currentUser(request).id, 'save');
      return sso.put(currentUser(request).id, request.params.id, request.body);
    },
  );

  r.delete(
    '/api/teams/:id/sso',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Turn company sign-in off: its domains are released and passwords work again',
        params: teamParams,
        response: { 200: z.object({ deleted: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      await sso.remove(currentUser(request).id, request.params.id);
      return { deleted: true };
    },
  );

  r.post(
    '/api/teams/:id/sso/verify',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Look up each unproved domain's TXT record (hearth-domain-verification=…) now",
        params: teamParams,
        response: { 200: ssoSettingsReply.extend({ proved: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => sso.verify(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/teams/:id/sso/test',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Try the provider: the answer is checked like a sign-in, signs nobody in, and comes back to the Team page',
        params: teamParams,
        response: { 200: ssoTestReply, ...errors },
      },
    },
    async (request, reply) => {
      await counted(request, currentUser(request).id, 'test');
      const browser = ssoBrowser(request, reply, deps.secureCookie);
      return { url: await sso.testUrl(currentUser(request).id, request.params.id, browser) };
    },
  );
}
