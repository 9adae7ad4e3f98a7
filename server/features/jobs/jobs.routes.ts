import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import { jobParams, jobResponse } from '../../../shared/contracts/jobs';
import { jobReply } from '../../http/job-reply';
import { currentUser } from '../../http/request-user';
import { NotFoundError } from '../../lib/errors';
import type { JobRunner } from '../../lib/job-runner';

export async function jobsRoutes(app: FastifyInstance, deps: { runner: JobRunner }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/jobs/:id',
    {
      config: { access: 'signed-in', token: 'any' },
      schema: {
        tags: ['Jobs'],
        summary:
          'A job you started (a template applied to many ovens, a zip, a PDF of recipes): its status, progress and, when done, its result',
        params: jobParams,
        response: { 200: jobResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const row = await deps.runner.get(request.params.id);
      // Another user's job is as absent as one that never was; a token sees only the jobs it started itself.
      if (!row || row.userId !== currentUser(request).id) throw new NotFoundError('Job');
      if (request.apiToken && row.sessionHash !== request.sessionTokenHash) throw new NotFoundError('Job');
      return { data: jobReply(row) };
    },
  );
}
