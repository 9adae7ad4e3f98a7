import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '../../../shared/contracts/common';
import { job } from '../../../shared/contracts/jobs';
import { paginated } from '../../../shared/contracts/pagination';
import {
  bulkDeleteRequest,
  convertPreview,
  convertQuery,
  convertRequest,
  convertResult,
  type Owner,
  RECIPES_PER_PAGE,
  recipeCard,
  recipeDetail,
  recipeFilters,
  recipeInput,
  recipeListQuery,
  recipeWrite,
  userRecipesQuery,
} from '../../../shared/contracts/recipes';
import { saying } from '../../../shared/contracts/zod-said';
import { RECIPE_BODY_LIMIT } from '../../http/body-limits';
import { contentDisposition } from '../../http/content-disposition';
import { jobReply } from '../../http/job-reply';
import { paginate } from '../../http/pagination';
import { currentSessionHash, currentUser } from '../../http/request-user';
import { NotFoundError } from '../../lib/errors';
import type { JobRunner } from '../../lib/job-runner';
import { PDF_MAX_RECIPES, type RecipePdfs, type RecipesPdfJob } from './recipes.pdf-jobs';
import {
  type RecipeFilterValues,
  type RecipeOwner,
  type RecipesService,
  recipeOwner,
} from './recipes.service';

const tags = ['Recipes'];
const idParams = z.object({ id: idParam('The recipe id') });
const EXPIRED_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Download expired</title><p>This download link has expired or does not exist. Go back and ask for the PDF again.</p>';
const writeBody = z.intersection(recipeInput, recipeWrite);

export async function recipesRoutes(
  app: FastifyInstance,
  deps: { recipes: RecipesService; pdfs: RecipePdfs; appUrl: string; runner: JobRunner },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { recipes, pdfs, runner } = deps;

  /** One page of a recipe list with Laravel's fields; links keep the query the client sent. */
  async function listPage(url: string, owner: RecipeOwner, filters: RecipeFilterValues, page: number) {
    const { data, total } = await recipes.list({ owner, filters, page });
    const { pathname } = new URL(url, 'http://localhost');
    return paginate({
      data,
      total,
      page,
      perPage: RECIPES_PER_PAGE,
      url: `${deps.appUrl}${pathname}`,
      query: rawQuery(url),
    });
  }

  r.get(
    '/api/recipes',
    {
      config: { access: 'signed-in', token: 'recipes:read' },
      schema: {
        tags,
        summary: "List the provider's library (owner=provider) or your own recipes (owner=community)",
        querystring: recipeListQuery,
        response: { 200: paginated(recipeCard), 422: errorResponse },
      },
    },
    async (request) => {
      const q = request.query;
      return listPage(request.url, recipeOwner(currentUser(request), q.owner), q, q.page);
    },
  );

  r.get(
    '/api/recipes/user',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A user's own recipes (admins only)",
        querystring: userRecipesQuery,
        response: { 200: paginated(recipeCard), 422: errorResponse },
      },
    },
    async (request) =>
      listPage(request.url, { createdBy: request.query.user_id }, request.query, request.query.page),
  );

  r.delete(
    '/api/recipes/bulk-delete',
    {
      config: { access: 'recipes.write' },
      schema: {
        tags,
        summary: 'Delete several of your recipes: all of them, or none',
        body: bulkDeleteRequest,
        response: { 200: z.object({ deleted: z.number() }), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({ deleted: await recipes.bulkDelete(currentUser(request), request.body.data) }),
  );

  r.get(
    '/api/recipes/:id/convert',
    {
      config: { access: 'signed-in', token: 'recipes:read' },
      schema: {
        tags,
        summary:
          'A recipe you can read as it would be on another oven model, with every change: nothing is saved',
        params: idParams,
        querystring: convertQuery,
        response: { 200: convertPreview, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) =>
      recipes.convertPreview(currentUser(request), request.params.id, request.query.oven_type),
  );

  r.post(
    '/api/recipes/convert',
    {
      config: { access: 'recipes.write' },
      schema: {
        tags,
        summary:
          'Convert recipes you can read to another oven model, as new recipes in My Recipes (all or none)',
        body: convertRequest,
        response: { 201: convertResult, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recipes.convertMany(currentUser(request), request.body.ids, request.body.oven_type)),
  );

  r.get(
    '/api/recipes/:id',
    {
      config: { access: 'signed-in', token: 'recipes:read' },
      schema: {
        tags,
        summary: 'One recipe',
        params: idParams,
        response: { 200: z.object({ data: recipeDetail }) },
      },
    },
    async (request) => ({ data: await recipes.get(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/recipes',
    {
      config: { access: 'signed-in', token: 'recipes:write' },
      bodyLimit: RECIPE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a recipe (yours; admins may add to the library with scope=provider)',
        body: writeBody,
        response: { 201: z.object({ data: recipeDetail }), 422: errorResponse },
      },
    },
    async (request, reply) => {
      const { image, scope, image_from, ...recipe } = request.body;
      const data = await recipes.create(
        currentUser(request),
        recipe,
        { image, imageFrom: image_from },
        scope as Owner | undefined,
      );
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/api/recipes/:id',
    {
      config: { access: 'signed-in', token: 'recipes:write' },
      bodyLimit: RECIPE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Update a recipe you own (admins: library recipes too)',
        params: idParams,
        body: writeBody,
        response: {
          200: z.object({ data: recipeDetail }),
          403: errorResponse,
          404: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) => {
      const { image, scope: _scope, image_from: _from, ...recipe } = request.body;
      return { data: await recipes.update(currentUser(request), request.params.id, recipe, image) };
    },
  );

  r.delete(
    '/api/recipes/:id',
    {
      config: { access: 'signed-in', token: 'recipes:write' },
      schema: {
        tags,
        summary: 'Delete a recipe you own',
        params: idParams,
        response: {
          200: z.object({ deleted: z.boolean(), data: z.object({ id: z.number(), name: z.string() }) }),
        },
      },
    },
    async (request) => {
      const gone = await recipes.remove(currentUser(request), request.params.id);
      return { deleted: true, data: { id: gone.id, name: gone.name } };
    },
  );

  r.post(
    '/api/recipes/clone/:id/:mode',
    {
      config: { access: 'signed-in', token: 'recipes:write' },
      schema: {
        tags,
        summary:
          'mode 0: clone a recipe you can read into My Recipes; mode 1: duplicate one of yours as "… Copy"',
        params: idParams.extend({
          mode: z.enum(['0', '1'], { error: saying('ruleMessages.copyMode') }),
        }),
        response: { 201: z.object({ data: recipeDetail }), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const data = await recipes.clone(
        currentUser(request),
        request.params.id,
        request.params.mode === '0' ? 0 : 1,
      );
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/api/createpdfs',
    {
      config: { access: 'signed-in', token: 'recipes:read' },
      schema: {
        tags,
        summary:
          'Start drawing a PDF of every recipe matching the filters (at most 2,000). Answers its download name and the job; when GET /api/jobs/{id} says done, download it from /storage/pdf/{name} with the same session',
        querystring: recipeFilters.extend({ owner: recipeListQuery.shape.owner }),
        response: {
          200: z.object({ name: z.string(), total: z.number(), job }),
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const user = currentUser(request);
      const params = await pdfs.listJob(user, {
        owner: recipeOwner(user, q.owner),
        filters: q,
      });
      const queued = await runner.enqueue<RecipesPdfJob>({
        userId: user.id,
        sessionHash: currentSessionHash(request),
        kind: 'recipes-pdf',
        params,
        total: Math.min(params.total, PDF_MAX_RECIPES),
      });
      return { name: `${params.token}.pdf`, total: params.total, job: jobReply(queued) };
    },
  );
  runner.register<RecipesPdfJob>('recipes-pdf', ({ job, step }) => pdfs.drawList(job, step));

  r.get(
    '/api/createpdfs/:recipeId',
    {
      config: { access: 'signed-in', token: 'recipes:read' },
      schema: {
        tags,
        summary: 'Prepare the PDF of one recipe; download it from /storage/pdf/{name}',
        params: z.object({ recipeId: idParam('The recipe id') }),
        response: { 200: z.object({ name: z.string() }), 404: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const recipe = await recipes.get(user, request.params.recipeId);
      return pdfs.prepareOne(user, currentSessionHash(request), recipe);
    },
  );

  r.get(
    '/storage/pdf/:name',
    {
      // Only for the session that prepared it: any other, a guest included (a browser opening the link itself),
      // gets the readable "expired" page, not a JSON 401.
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Download a drawn PDF, with the bearer token of the session that asked for it (it expires after 15 minutes)',
        params: z.object({ name: z.string() }),
      },
    },
    async (request, reply) => {
      try {
        const { fileName, bytes } = await pdfs.open(request.params.name, request.sessionTokenHash);
        return reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition('attachment', fileName))
          .header('cache-control', 'no-store')
          .send(bytes);
      } catch (error) {
        // The browser opened this address itself: it gets a page to read, not JSON.
        if (error instanceof NotFoundError) return reply.code(404).type('text/html').send(EXPIRED_PAGE);
        throw error;
      }
    },
  );

  r.get(
    '/storage/recipe-images/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A recipe photo',
        params: z.object({ id: z.string().regex(/^[\w-]{10,40}$/) }),
      },
    },
    async (request, reply) => sendImage(reply, await recipes.image(request.params.id)),
  );
}

/** The query as the client sent it, for page links (the parsed one has its filters expanded). */
function rawQuery(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

function sendImage(reply: FastifyReply, img: { contentType: string; bytes: Buffer }) {
  // The address changes whenever the photo does (?t=…), so it may be cached for good.
  return reply
    .header('content-type', img.contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(img.bytes);
}
