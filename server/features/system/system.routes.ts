import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PublicConfig, publicConfig } from '../../../shared/contracts/config';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { outboxScope } from './outbox-access';

const outboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  transport: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
});

export async function systemRoutes(
  app: FastifyInstance,
  deps: { publicConfig: PublicConfig; mailer: Mailer; database: Database; trustProxy: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    { schema: { tags: ['System'], summary: 'Liveness: the process answers (for restarts)' } },
    async () => ({ ok: true }),
  );

  r.get(
    '/api/ready',
    {
      schema: {
        tags: ['System'],
        summary: 'Readiness: the database answers (for load balancers); 503 while it is away',
        response: {
          200: z.object({ ready: z.boolean() }),
          503: z.object({ ready: z.boolean(), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (await deps.database.ping(2000)) return { ready: true };
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ ready: false, message: 'The database is not reachable right now.' });
    },
  );

  r.get(
    '/api/config',
    {
      schema: { tags: ['System'], summary: "The provider's name and links", response: { 200: publicConfig } },
    },
    async () => deps.publicConfig,
  );

  r.get(
    '/api/outbox',
    {
      schema: {
        tags: ['System'],
        summary:
          'Mail kept by the embedded outbox (only when OUTBOX_PAGE is on): all of it for admins and the machine Hearth runs on, your own otherwise',
        response: { 200: z.object({ scope: z.enum(['all', 'own', 'none']), data: z.array(outboxMessage) }) },
      },
    },
    async (request) => {
      if (!deps.publicConfig.outboxEnabled) throw new NotFoundError('Page');
      const scope = outboxScope(request, deps.trustProxy);
      if (scope.kind === 'none') return { scope: scope.kind, data: [] };
      const rows = await deps.mailer.list({ limit: 50, to: scope.kind === 'own' ? scope.email : undefined });
      return { scope: scope.kind, data: rows.map((m) => ({ ...m, created_at: m.createdAt.toISOString() })) };
    },
  );
}
