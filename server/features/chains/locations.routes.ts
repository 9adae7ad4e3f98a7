import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignOvensRequest,
  location,
  locationListQuery,
  locationRequest,
} from '../../../shared/contracts/chains';
import { errorResponse, idParam } from '../../../shared/contracts/common';
import { paginated } from '../../../shared/contracts/pagination';
import { LOCATION_LIMIT, LOCATIONS_PER_PAGE } from '../../../shared/domain/fleet';
import { paginate } from '../../http/pagination';
import { currentUser } from '../../http/request-user';
import type { LocationsService } from './locations.service';

const tags = ['Ovens: locations'];
const params = z.object({ id: idParam('The location id') });

export async function locationsRoutes(app: FastifyInstance, deps: { locations: LocationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { locations } = deps;

  r.get(
    '/api/locations',
    {
      config: { access: 'locations.read' },
      schema: {
        tags,
        summary:
          'Your locations, by name, with how many ovens each holds: every one, or a page of them (page, per_page), with a search of names and addresses (search)',
        querystring: locationListQuery,
        response: { 200: paginated(location), 422: errorResponse },
      },
    },
    async (request) => {
      const q = request.query;
      // Without a page, every location (a picker's list, up to the limit); with one, a page for the Locations page.
      const perPage = q.per_page ?? (q.page === undefined ? LOCATION_LIMIT : LOCATIONS_PER_PAGE);
      const page = q.page ?? 1;
      const { data, total } = await locations.list(currentUser(request), {
        search: q.search,
        page,
        perPage,
        type: q.ovens,
      });
      return paginate({
        data,
        total,
        page,
        perPage,
        url: '/api/locations',
        query: { ovens: q.ovens, search: q.search, per_page: q.per_page },
      });
    },
  );

  r.get(
    '/api/locations/:id',
    {
      config: { access: 'locations.read' },
      schema: {
        tags,
        summary: 'One of your locations, with how many ovens it holds (of one model, with ovens=<model>)',
        params,
        querystring: locationListQuery.pick({ ovens: true }),
        response: { 200: z.object({ data: location }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => ({
      data: await locations.get(currentUser(request), request.params.id, request.query.ovens),
    }),
  );

  r.post(
    '/api/locations',
    {
      config: { access: 'locations.manage' },
      schema: {
        tags,
        summary: 'Add a location (a name unique among yours, an address if you like)',
        body: locationRequest,
        response: { 201: z.object({ data: location }), 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await locations.create(currentUser(request), request.body) }),
  );

  r.put(
    '/api/locations/:id',
    {
      config: { access: 'locations.manage' },
      schema: {
        tags,
        summary: 'Rename a location or change its address',
        params,
        body: locationRequest,
        response: { 200: z.object({ data: location }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => ({
      data: await locations.update(currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/locations/:id',
    {
      config: { access: 'locations.manage' },
      schema: {
        tags,
        summary: 'Delete a location; its ovens stay, in no location',
        params,
        response: {
          200: z.object({
            deleted: z.boolean(),
            data: z.object({ id: z.number(), name: z.string(), ovens: z.number() }),
          }),
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      deleted: true,
      data: await locations.remove(currentUser(request), request.params.id),
    }),
  );

  r.post(
    '/api/locations/:id/ovens',
    {
      config: { access: 'locations.manage' },
      schema: {
        tags,
        summary: 'Move several of your ovens into this location at once (all or none)',
        params,
        body: assignOvensRequest,
        response: { 200: z.object({ data: location }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => ({
      data: await locations.assign(currentUser(request), request.params.id, request.body.oven_ids),
    }),
  );
}
