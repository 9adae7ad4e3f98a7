import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyTemplateRequest,
  createTemplateRequest,
  menuTemplate,
  menuTemplateDetail,
  previewTemplateRequest,
  templateParams,
  templatePreview,
  updateTemplateRequest,
} from '../../../shared/contracts/chains';
import { errorResponse } from '../../../shared/contracts/common';
import { jobResponse } from '../../../shared/contracts/jobs';
import type { Actor } from '../../../shared/domain/permissions';
import { jobReply } from '../../http/job-reply';
import { currentSessionHash, currentUser } from '../../http/request-user';
import type { JobRunner } from '../../lib/job-runner';
import type { MenuTemplatesService } from './menu-templates.service';

const tags = ['Ovens: menu templates'];

/** What an application carries from the request to whichever process runs it. */
type ApplyJob = {
  actor: Actor;
  templateId: number;
  ovenIds: number[];
  saveVersion: boolean;
};

export async function menuTemplatesRoutes(
  app: FastifyInstance,
  deps: { templates: MenuTemplatesService; runner: JobRunner },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { templates } = deps;

  r.get(
    '/api/templates',
    {
      config: { access: 'templates.read' },
      schema: {
        tags,
        summary: 'Your menu templates, by name, with how many ovens each was applied to',
        response: { 200: z.object({ data: z.array(menuTemplate) }) },
      },
    },
    async (request) => ({ data: await templates.list(currentUser(request)) }),
  );

  r.post(
    '/api/templates',
    {
      config: { access: 'templates.manage' },
      schema: {
        tags,
        summary: "Make a template of one of your ovens' menu as it is now (for ovens of its model)",
        body: createTemplateRequest,
        response: { 201: z.object({ data: menuTemplate }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await templates.create(currentUser(request), request.body) }),
  );

  r.get(
    '/api/templates/:id',
    {
      config: { access: 'templates.read' },
      schema: {
        tags,
        summary:
          'A template and the ovens it was applied to: each matches it, was edited since (with how), or has an older version',
        params: templateParams,
        response: { 200: z.object({ data: menuTemplateDetail }), 404: errorResponse },
      },
    },
    async (request) => ({ data: await templates.get(currentUser(request), request.params.id) }),
  );

  r.put(
    '/api/templates/:id',
    {
      config: { access: 'templates.manage' },
      schema: {
        tags,
        summary: "Rename a template, or replace its menu with an oven's (a new template version), or both",
        params: templateParams,
        body: updateTemplateRequest,
        response: { 200: z.object({ data: menuTemplate }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => ({
      data: await templates.update(currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/templates/:id',
    {
      config: { access: 'templates.manage' },
      schema: {
        tags,
        summary: 'Delete a template (the ovens keep their menus)',
        params: templateParams,
        response: {
          200: z.object({ deleted: z.boolean(), data: z.object({ id: z.number(), name: z.string() }) }),
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      deleted: true,
      data: await templates.remove(currentUser(request), request.params.id),
    }),
  );

  r.post(
    '/api/templates/:id/preview',
    {
      config: { access: 'templates.manage' },
      schema: {
        tags,
        summary:
          'Before applying: per oven, the lines that would change on its menu, that it matches already, or why it is skipped (nothing is changed; the first 50 ovens of the model are compared)',
        params: templateParams,
        body: previewTemplateRequest,
        response: { 200: z.object({ data: templatePreview }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => ({
      data: await templates.preview(currentUser(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/api/templates/:id/apply',
    {
      config: { access: 'templates.manage' },
      schema: {
        tags,
        summary:
          'Start applying the template to some ovens or to a location (at most 1,000). Answers 202 with the job; GET /api/jobs/{id} follows it (one transaction per oven; when done, a result per oven: applied, failed or skipped for another model)',
        params: templateParams,
        body: applyTemplateRequest,
        response: { 202: jobResponse, 404: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { templateId, ovenIds } = await templates.applyTargets(user, request.params.id, request.body);
      const job = await deps.runner.enqueue<ApplyJob>({
        userId: user.id,
        sessionHash: currentSessionHash(request),
        kind: 'template-apply',
        params: {
          actor: { id: user.id, role: user.role, team: user.team },
          templateId,
          ovenIds,
          saveVersion: request.body.save_version,
        },
        total: ovenIds.length,
      });
      return reply.code(202).send({ data: jobReply(job) });
    },
  );
  deps.runner.register<ApplyJob>('template-apply', ({ job, step }) =>
    templates.apply(
      job.params.actor,
      job.params.templateId,
      { ovenIds: job.params.ovenIds, save_version: job.params.saveVersion },
      step,
    ),
  );
}
