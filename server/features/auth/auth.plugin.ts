import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiToken } from '../../../shared/domain/integrations';
import { can, isAdmin, refusalFor } from '../../../shared/domain/permissions';
import { countSaid } from '../../../shared/domain/words';
import { said } from '../../../shared/i18n/said';
import type { ActivityRecorder } from '../../db/activity-store';
import type { RateLimits } from '../../http/rate-limits';
import { tokenNeeds } from '../../http/route-actions';
import { ForbiddenError, TooManyError, UnauthenticatedError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { ApiTokensService, TokenGrant } from './api-tokens.service';
import type { AuthService } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries an API token (not a person's session): the team and scopes it acts with. */
    apiToken: TokenGrant | null;
  }
}

/** Resolves the bearer token on every request, and holds every route to the access it declares. */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      auth: AuthService;
      tokens: ApiTokensService;
      activity: ActivityRecorder;
      limiter: RateLimiter;
      limits: RateLimits;
    },
  ) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionTokenHash', null);
    app.decorateRequest('apiToken', null);

    app.addHook('onRequest', async (request) => {
      // The scheme's name is case-insensitive (RFC 7235); the app sends "Bearer".
      const found = /^bearer\s+(\S*)\s*$/i.exec(request.headers.authorization ?? '');
      if (!found) return;
      const token = found[1]!;
      if (!token) return;
      if (isApiToken(token)) {
        const resolved = await opts.tokens.resolve(token);
        // A system's token that stopped working is said plainly (a session that ended reads as signed out).
        if (!resolved) throw new UnauthenticatedError(said('ruleMessages.tokenInvalid'));
        const wait = await opts.limiter.hit(`api-token:${resolved.grant.id}`, opts.limits.apiTokenRequests);
        if (wait > 0)
          throw new TooManyError(
            said('ruleMessages.tokenRateLimited', { wait: countSaid(Math.max(1, wait), 'second') }),
            wait,
          );
        request.user = resolved.user;
        request.apiToken = resolved.grant;
        request.sessionTokenHash = resolved.hash;
        return;
      }
      const resolved = await opts.auth.resolveToken(token);
      if (resolved) {
        request.user = resolved.user;
        request.sessionTokenHash = resolved.tokenHash;
        // Using Hearth with a kept session counts as being active (the report's "active user", decision 0018).
        await opts.activity
          .seen(resolved.user.id)
          .catch((error) => request.log.warn({ err: error }, 'activity not recorded'));
      }
    });

    // Each route's declared access (`config.access`, route-actions.ts), checked once here for every route: 401
    // without a session, then 403 for a role or a non-admin, before the body is read (so 401, 403, then 422).
    // A token is held to its scope first, then to its creator's role like a person.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined) return;
      const grant = request.apiToken;
      if (grant) {
        const needs = tokenNeeds(access, request.routeOptions.config.token);
        if (needs === 'guest') {
          request.user = null;
          request.apiToken = null;
          request.sessionTokenHash = null;
          return;
        }
        if (needs === null) throw new ForbiddenError(said('ruleMessages.tokenCannot'));
        if (needs !== 'any' && !grant.scopes.includes(needs))
          throw new ForbiddenError(said('ruleMessages.tokenLacksScope', { scope: needs }));
      }
      if (access === 'public') return;
      const user = request.user;
      if (!user) throw new UnauthenticatedError();
      if (access === 'admin') {
        if (!isAdmin(user)) throw new ForbiddenError();
      } else if (access !== 'signed-in' && !can(user, access))
        throw new ForbiddenError(refusalFor(user, access));
    });

    // A team named in a path is the token's own team or none: a token acts where it was made.
    app.addHook('preValidation', async (request) => {
      const grant = request.apiToken;
      if (!grant || !request.routeOptions.url?.startsWith('/api/teams/:id')) return;
      const id = (request.params as { id?: unknown }).id;
      if (String(id) !== String(grant.teamId)) throw new ForbiddenError(said('ruleMessages.tokenOtherTeam'));
    });
  },
);
