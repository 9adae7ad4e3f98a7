import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PublicConfig, publicConfig } from '../../../shared/contracts/config';
import { notFound } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';

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
  deps: { publicConfig: PublicConfig; mailer: Mailer },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/health', { schema: { tags: ['System'], summary: 'Liveness' } }, async () => ({ ok: true }));

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
        summary: 'Mail kept by the embedded outbox (only when OUTBOX_PAGE is on)',
        response: { 200: z.object({ data: z.array(outboxMessage) }) },
      },
    },
    async () => {
      if (!deps.publicConfig.outboxEnabled) throw notFound('Page');
      const rows = await deps.mailer.list(50);
      return { data: rows.map((m) => ({ ...m, created_at: m.createdAt.toISOString() })) };
    },
  );
}
