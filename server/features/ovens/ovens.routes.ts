import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, saidWire } from '../../../shared/contracts/common';
import {
  createOvenRequest,
  OVEN_LIST_MAX,
  OVENS_PER_PAGE,
  ovenDetail,
  ovenIdParams,
  ovenListQuery,
  ovenSummary,
  updateOvenBody,
} from '../../../shared/contracts/ovens';
import { paginated } from '../../../shared/contracts/pagination';
import { said } from '../../../shared/i18n/said';
import { fastJson } from '../../http/fast-json';
import { paginate } from '../../http/pagination';
import { currentUser } from '../../http/request-user';
import { saidOut } from '../../lib/said-out';
import type { OvensService } from './ovens.service';

const tags = ['Ovens'];

export async function ovensRoutes(app: FastifyInstance, deps: { ovens: OvensService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ovens } = deps;

  r.get(
    '/api/ovens',
    {
      config: { access: 'ovens.read' },
      ...fastJson,
      schema: {
        tags,
        summary:
          'Your ovens: all (ovens=All) or of some types (ovens=MiSA,Matchbox 1718/1313), in a location (location=3, or none)',
        querystring: ovenListQuery,
        response: { 200: paginated(ovenSummary), 422: errorResponse },
      },
    },
    async (request) => {
      const q = request.query;
      // Without a page, the spec's call: a small kitchen's ovens, all of them (up to 1,000).
      const perPage = q.per_page ?? (q.page === undefined ? OVEN_LIST_MAX : OVENS_PER_PAGE);
      const page = q.page ?? 1;
      const { data, total } = await ovens.list(currentUser(request), {
        types: q.ovens,
        location: q.location,
        outside: q.outside,
        search: q.search,
        page,
        perPage,
      });
      return paginate({
        data,
        total,
        page,
        perPage,
        url: '/api/ovens',
        query: {
          ovens: q.ovens === 'All' ? 'All' : q.ovens.join(','),
          location: q.location,
          outside: q.outside,
          search: q.search,
          per_page: q.per_page,
        },
      });
    },
  );

  r.get(
    '/api/ovens/:id',
    {
      config: { access: 'ovens.read' },
      ...fastJson,
      schema: {
        tags,
        summary: 'One oven with its whole menu (screens, categories, pages, buttons)',
        params: ovenIdParams,
        response: { 200: z.object({ data: ovenDetail }), 404: errorResponse },
      },
    },
    async (request) => ({ data: await ovens.get(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/ovens',
    {
      config: { access: 'ovens.manage' },
      ...fastJson,
      schema: {
        tags,
        summary: 'Create an oven (name, type, warm-up profiles) with one empty main screen',
        body: createOvenRequest,
        response: { 201: z.object({ data: ovenDetail }), 422: errorResponse },
      },
    },
    async (request, reply) => {
      const data = await ovens.create(currentUser(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/api/ovens/:id',
    {
      config: { access: 'ovens.manage' },
      ...fastJson,
      schema: {
        tags,
        summary: "Change an oven's name and warm-up profiles (checked against its type)",
        params: ovenIdParams,
        body: updateOvenBody,
        response: {
          200: z.object({ updated: z.boolean(), message: z.string(), said: saidWire, data: ovenDetail }),
          404: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) => {
      const data = await ovens.update(currentUser(request), request.params.id, request.body);
      return { updated: true, ...saidOut(said('ruleMessages.ovenUpdated', { name: data.name })), data };
    },
  );

  r.delete(
    '/api/ovens/:id',
    {
      config: { access: 'ovens.manage' },
      ...fastJson,
      schema: {
        tags,
        summary: 'Delete an oven and its menu (its recipes stay in My Recipes)',
        params: ovenIdParams,
        response: {
          200: z.object({ deleted: z.boolean(), data: z.object({ id: z.number(), name: z.string() }) }),
          404: errorResponse,
        },
      },
    },
    async (request) => ({ deleted: true, data: await ovens.remove(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/ovens/clone/:id',
    {
      config: { access: 'ovens.manage' },
      ...fastJson,
      schema: {
        tags,
        summary: 'Duplicate an oven with its whole menu, as "… Copy"',
        params: ovenIdParams,
        response: { 201: z.object({ data: ovenDetail }), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const data = await ovens.duplicate(currentUser(request), request.params.id);
      return reply.code(201).send({ data });
    },
  );
}
