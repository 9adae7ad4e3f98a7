import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '../../../shared/contracts/common';
import { assignOvensRequest, location, locationRequest } from '../../../shared/contracts/ovens';
import { currentUser } from '../../http/request-user';
import type { LocationsService } from './locations.service';

const tags = ['Ovens: locations'];
const params = z.object({ id: idParam('The location id') });

export async function locationsRoutes(app: FastifyInstance, deps: { locations: LocationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireUser };
  const { locations } = deps;

  r.get(
    '/api/locations',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Your locations, by name, with how many ovens each holds',
        response: { 200: z.object({ data: z.array(location) }) },
      },
    },
    async (request) => ({ data: await locations.list(currentUser(request)) }),
  );

  r.post(
    '/api/locations',
    {
      ...guard,
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
      ...guard,
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
      ...guard,
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
      ...guard,
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
