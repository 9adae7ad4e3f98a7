import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '../../../shared/contracts/common';
import { profileResponse, updateProfileRequest } from '../../../shared/contracts/users';
import { currentUser } from '../../http/request-user';
import type { UsersService } from './users.service';

const tags = ['Auth and account'];

export async function usersRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/users/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Update your own profile (username, company, password)',
        params: z.object({ id: idParam('The user id') }),
        body: updateProfileRequest,
        response: { 200: profileResponse, 403: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
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
