import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '../../../shared/contracts/common';
import { paginated } from '../../../shared/contracts/pagination';
import {
  adminUser,
  profileResponse,
  USERS_PER_PAGE,
  updateProfileRequest,
  userListQuery,
} from '../../../shared/contracts/users';
import { paginate } from '../../http/pagination';
import { enforceRateLimit, type RateLimits } from '../../http/rate-limits';
import { currentUser } from '../../http/request-user';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { UsersService } from './users.service';

const tags = ['Auth and account'];
const admin = ['Admin'];
const userParams = z.object({ id: idParam('The user id') });

export async function usersRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; appUrl: string; limiter: RateLimiter; limits: RateLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: admin,
        summary: 'Users, newest first, found by any part of their e-mail (admins only)',
        querystring: userListQuery,
        response: { 200: paginated(adminUser), 401: errorResponse, 403: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const { email, page } = request.query;
      const { data, total } = await deps.users.list({ email, page });
      return paginate({
        data,
        total,
        page,
        perPage: USERS_PER_PAGE,
        url: `${deps.appUrl}/api/users`,
        query: { email },
      });
    },
  );

  r.get(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: admin,
        summary: 'One user with their counts (admins only)',
        params: userParams,
        response: {
          200: z.object({ data: adminUser }),
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({ data: await deps.users.get(request.params.id) }),
  );

  r.delete(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: admin,
        summary:
          'Delete a user with their recipes, ovens, sessions and mail, in one transaction (admins only; not yourself, not the last admin)',
        params: userParams,
        response: {
          200: z.object({ deleted: z.literal(true), id: z.number(), username: z.string() }),
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) => ({
      deleted: true as const,
      ...(await deps.users.remove(currentUser(request), request.params.id)),
    }),
  );

  r.put(
    '/api/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Update your own profile (username, company, password); a field left out keeps its value, and a new password needs current_password',
        params: z.object({ id: idParam('The user id') }),
        body: updateProfileRequest,
        response: { 200: profileResponse, 403: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      // Each try checks the current password: a stolen session must not be able to guess it.
      if (request.body.password)
        await enforceRateLimit(deps.limiter, [
          { key: `password-change:user:${currentUser(request).id}`, rule: deps.limits.passwordChangePerUser },
        ]);
      const data = await deps.users.updateProfile(
        currentUser(request),
        request.params.id,
        request.body,
        request.sessionTokenHash!,
      );
      return { data };
    },
  );
}
