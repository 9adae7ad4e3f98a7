import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fleetPage, fleetQuery } from '../../../shared/contracts/chains';
import { errorResponse } from '../../../shared/contracts/common';
import { fastJson } from '../../http/fast-json';
import { currentUser } from '../../http/request-user';
import type { FleetService } from './fleet.service';

export async function fleetRoutes(app: FastifyInstance, deps: { fleet: FleetService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/fleet',
    {
      config: { access: 'fleet.read' },
      ...fastJson,
      schema: {
        tags: ['Ovens: fleet'],
        summary:
          'Every oven with its location, the version it should run, what it was last seen running and whether a newer version waits (filters: location, status, model, search)',
        querystring: fleetQuery,
        response: { 200: fleetPage, 422: errorResponse },
      },
    },
    async (request) => deps.fleet.page(currentUser(request), request.query),
  );
}
