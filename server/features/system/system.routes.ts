import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common';
import { type PublicConfig, publicConfig } from '../../../shared/contracts/config';
import { outboxReply } from '../../../shared/contracts/system';
import { said } from '../../../shared/i18n/said';
import type { Database } from '../../db/client';
import { contentDisposition } from '../../http/content-disposition';
import { NotFoundError } from '../../lib/errors';
import { saidOut } from '../../lib/said-out';
import type { Mailer } from '../../mail/mailer';
import { outboxScope } from './outbox-access';

export async function systemRoutes(
  app: FastifyInstance,
  deps: { publicConfig: PublicConfig; mailer: Mailer; database: Database; trustProxy: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['System'], summary: 'Liveness: the process answers (for restarts)' },
    },
    async () => ({ ok: true }),
  );

  r.get(
    '/api/ready',
    {
      config: { access: 'public' },
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
        .send({ ready: false, ...saidOut(said('ruleMessages.dbUnreachableShort')) });
    },
  );

  r.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: { tags: ['System'], summary: "The provider's name and links", response: { 200: publicConfig } },
    },
    async () => deps.publicConfig,
  );

  r.get(
    '/api/outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['System'],
        summary:
          'Mail kept by the embedded outbox (only when OUTBOX_PAGE is on): all of it for admins and the machine Hearth runs on, your own otherwise',
        response: { 200: outboxReply },
      },
    },
    async (request) => {
      if (!deps.publicConfig.outboxEnabled) throw new NotFoundError('Page');
      const scope = outboxScope(request, deps.trustProxy);
      if (scope.kind === 'none') return { scope: scope.kind, data: [] };
      const rows = await deps.mailer.list({ limit: 50, to: scope.kind === 'own' ? scope.email : undefined });
      return {
        scope: scope.kind,
        data: rows.map((m) => ({
          ...m,
          sent_at: m.sentAt?.toISOString() ?? null,
          next_attempt_at: m.nextAttemptAt?.toISOString() ?? null,
          created_at: m.createdAt.toISOString(),
          attachments: m.attachments.map((a) => ({
            position: a.position,
            file_name: a.fileName,
            content_type: a.contentType,
            size: a.size,
          })),
        })),
      };
    },
  );

  r.get(
    '/api/outbox/:id/attachments/:position',
    {
      config: { access: 'public' },
      schema: {
        tags: ['System'],
        summary: 'An attachment of a kept message, to whoever may see the message',
        params: z.object({ id: idParam('The message id'), position: idParam('The attachment number') }),
      },
    },
    async (request, reply) => {
      if (!deps.publicConfig.outboxEnabled) throw new NotFoundError('Page');
      const scope = outboxScope(request, deps.trustProxy);
      const file = await deps.mailer.attachment(request.params.id, request.params.position);
      const visible = file && (scope.kind === 'all' || (scope.kind === 'own' && scope.email === file.to));
      if (!visible) throw new NotFoundError('Attachment');
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
