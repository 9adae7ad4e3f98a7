import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { can, isAdmin, refusalFor } from '../../../shared/domain/permissions';
import type { ActivityRecorder } from '../../db/activity-store';
import '../../http/route-actions';
import { ForbiddenError, UnauthenticatedError } from '../../lib/errors';
import type { AuthService } from './auth.service';

/** Resolves the bearer token on every request, and holds every route to the access it declares. */
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

    // Each route's declared access (`config.access`, route-actions.ts), checked once here for every route: 401
    // without a session, then 403 for a role or a non-admin, before the body is read (so 401, 403, then 422).
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      const user = request.user;
      if (!user) throw new UnauthenticatedError();
      if (access === 'admin') {
        if (!isAdmin(user)) throw new ForbiddenError();
      } else if (access !== 'signed-in' && !can(user, access))
        throw new ForbiddenError(refusalFor(user, access));
    });
  },
);
