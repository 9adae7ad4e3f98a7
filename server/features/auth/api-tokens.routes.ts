import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import { tokenCreated, tokenList, tokenParams, tokenRequest } from '../../../shared/contracts/integrations';
import { currentUser } from '../../http/request-user';
import type { ApiTokensService } from './api-tokens.service';

const tags = ['API tokens'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

/**
 * A person's API tokens. Signed-in people only: a token cannot make, list or revoke tokens (these routes declare no
 * `token` scope, so the auth plugin refuses one).
 */
export async function apiTokensRoutes(app: FastifyInstance, deps: { tokens: ApiTokensService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tokens } = deps;

  r.get(
    '/api/tokens',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your API tokens (an owner sees every token of the current team): never their secrets',
        response: { 200: tokenList, ...errors },
      },
    },
    async (request) => ({ data: await tokens.list(currentUser(request)) }),
  );

  r.post(
    '/api/tokens',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Make a token that acts in your current team with the scopes given (and never more than your role): the secret is in this answer only',
        body: tokenRequest,
        response: { 201: tokenCreated, ...errors },
      },
    },
    async (request, reply) => {
      const data = await tokens.create(currentUser(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.delete(
    '/api/tokens/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Revoke a token: the next request with it is refused',
        params: tokenParams,
        response: { 200: z.object({ deleted: z.boolean(), data: z.object({ id: z.number() }) }), ...errors },
      },
    },
    async (request) => {
      await tokens.revoke(currentUser(request), request.params.id);
      return { deleted: true, data: { id: request.params.id } };
    },
  );
}
