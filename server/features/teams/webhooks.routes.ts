import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  DELIVERIES_PER_PAGE,
  deliveriesQuery,
  webhook,
  webhookCreated,
  webhookDelivery,
  webhookList,
  webhookParams,
  webhookRequest,
  webhookTestResult,
} from '../../../shared/contracts/integrations';
import { paginated } from '../../../shared/contracts/pagination';
import { teamParams } from '../../../shared/contracts/teams';
import { paginate } from '../../http/pagination';
import { enforceRateLimit, type RateLimits } from '../../http/rate-limits';
import { currentUser } from '../../http/request-user';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { WebhooksService } from './webhooks.service';

const tags = ['Webhooks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

/**
 * A team's webhooks, for its owners and managers (the service checks the role in the team named; a token never
 * reaches them: they declare no `token` scope).
 */
export async function webhooksRoutes(
  app: FastifyInstance,
  deps: { webhooks: WebhooksService; limiter: RateLimiter; limits: RateLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = deps;

  r.get(
    '/api/teams/:id/webhooks',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The team's webhooks",
        params: teamParams,
        response: { 200: webhookList, ...errors },
      },
    },
    async (request) => ({ data: await webhooks.list(currentUser(request).id, request.params.id) }),
  );

  r.post(
    '/api/teams/:id/webhooks',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Tell a receiver of the events chosen: the signing secret (whsec_…) is in this answer only. The address must be https and public',
        params: teamParams,
        body: webhookRequest,
        response: { 201: webhookCreated, ...errors },
      },
    },
    async (request, reply) => {
      const data = await webhooks.create(currentUser(request).id, request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.delete(
    '/api/teams/:id/webhooks/:webhookId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Remove a webhook: nothing more is sent to it, queued deliveries included',
        params: webhookParams,
        response: { 200: z.object({ deleted: z.boolean(), data: z.object({ id: z.number() }) }), ...errors },
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      await webhooks.remove(currentUser(request).id, id, webhookId);
      return { deleted: true, data: { id: webhookId } };
    },
  );

  r.post(
    '/api/teams/:id/webhooks/:webhookId/enable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Turn on again a webhook Hearth stopped after a day of failed deliveries',
        params: webhookParams,
        response: { 200: z.object({ data: webhook }), ...errors },
      },
    },
    async (request) => ({
      data: await webhooks.enable(currentUser(request).id, request.params.id, request.params.webhookId),
    }),
  );

  r.post(
    '/api/teams/:id/webhooks/:webhookId/test',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Send a ping (event webhook.ping) now; its attempts appear in the delivery log',
        params: webhookParams,
        response: { 202: webhookTestResult, ...errors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await enforceRateLimit(deps.limiter, [
        { key: `webhook-test:${request.params.id}:${userId}`, rule: deps.limits.webhookTestsPerUser },
      ]);
      const data = await webhooks.test(userId, request.params.id, request.params.webhookId);
      return reply.code(202).send({ data });
    },
  );

  r.get(
    '/api/teams/:id/webhooks/:webhookId/deliveries',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Each delivery attempt, newest first: event, status, the receiver’s response code, time',
        params: webhookParams,
        querystring: deliveriesQuery,
        response: { 200: paginated(webhookDelivery), ...errors },
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      const page = request.query.page;
      const { data, total } = await webhooks.deliveries(
        currentUser(request).id,
        id,
        webhookId,
        page,
        DELIVERIES_PER_PAGE,
      );
      return paginate({
        data,
        total,
        page,
        perPage: DELIVERIES_PER_PAGE,
        url: `/api/teams/${id}/webhooks/${webhookId}/deliveries`,
        query: {},
      });
    },
  );
}
