import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, refusalFor, TEAM_ACTIONS, type TeamAction } from '../../../shared/domain/permissions';
import type { ActivityRecorder } from '../../db/activity-store';
import { ROUTE_ACCESS, type RouteAccess, routeKey } from '../../http/route-actions';
import { ForbiddenError, UnauthenticatedError } from '../../lib/errors';
import type { AuthService } from './auth.service';

/** Resolves the bearer token on every request and offers requireUser / requireAdmin guards to every feature. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService; activity: ActivityRecorder }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionTokenHash', null);

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const token = header.slice('Bearer '.length).trim();
      if (!token) return;
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

    // The role in the current team, checked once for every route that names a team action (route-actions.ts);
    // after the route's own guard (401 first), before its body is read (403 before 422).
    app.addHook('preValidation', async (request) => {
      // HEAD is answered by the GET route, and asks what it asks.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const access = ROUTE_ACCESS[routeKey(method, request.routeOptions.url ?? '')];
      if (!request.user || !access || !isTeamAction(access)) return;
      if (!can(request.user, access)) throw new ForbiddenError(refusalFor(request.user, access));
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new UnauthenticatedError();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user) throw new UnauthenticatedError();
      if (request.user.role !== 'admin') throw new ForbiddenError();
    });
  },
);

const isTeamAction = (access: RouteAccess): access is TeamAction => access in TEAM_ACTIONS;
