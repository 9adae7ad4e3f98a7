import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam, saidWire } from '../../../shared/contracts/common';
import { containerToWire } from '../../../shared/contracts/menu-wire';
import {
  createButtonRequest,
  createCategoryRequest,
  createScreenRequest,
  diffQuery,
  menuDiffResponse,
  menuVersion,
  moveButtonRequest,
  saveVersionRequest,
  screenItem,
  updateButtonRequest,
  updateCategoryRequest,
  versionParams,
  versionQuery,
} from '../../../shared/contracts/menus';
import {
  ovenDetail as ovenDetailSchema,
  ovenState as ovenStateSchema,
} from '../../../shared/contracts/ovens';
import type { MenuTree } from '../../../shared/domain/menu';
import { english } from '../../../shared/i18n/english';
import type { Db } from '../../db/client';
import { fastJson } from '../../http/fast-json';
import { currentUser } from '../../http/request-user';
import type { MenusService } from './menu.service';
import type { OvenRow } from './menu-access';
import type { MenuVersionsService } from './menu-versions.service';
import { ovenDetail, ovenState } from './oven-detail';

const tags = ['Ovens: screens, buttons, categories'];
const errors = { 404: errorResponse, 409: errorResponse, 422: errorResponse };
const withOven = z.object({ data: ovenDetailSchema });
// Small changes answer the oven's state only: the editor already shows their result (it ran the same operation).
const withState = z.object({ oven: ovenStateSchema });

export async function menusRoutes(
  app: FastifyInstance,
  deps: { menus: MenusService; versions: MenuVersionsService; db: Db },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { menus } = deps;
  const detail = (result: { oven: OvenRow; tree: MenuTree }) => ovenDetail(deps.db, result.oven, result.tree);
  const state = (result: { oven: OvenRow }) => ovenState(deps.db, result.oven);

  r.post(
    '/api/screens',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary: 'Add a main screen (type main) or a page to a category (type page, category_id)',
        body: createScreenRequest,
        response: { 201: withOven.extend({ screen_id: z.number() }), ...errors },
      },
    },
    async (request, reply) => {
      const result = await menus.addScreen(currentUser(request), request.body);
      return reply.code(201).send({ data: await detail(result), screen_id: result.screenId });
    },
  );

  r.delete(
    '/api/screens/:id',
    {
      ...fastJson,
      config: { access: 'menus.edit', menuFields: { screen: 'id' } },
      schema: {
        tags,
        summary: 'Delete a main screen (with its buttons and categories) or a page (with its buttons)',
        params: z.object({ id: idParam('The screen id') }),
        querystring: versionQuery,
        response: { 200: withState, ...errors },
      },
    },
    async (request) => ({
      oven: await state(
        await menus.deleteScreen(currentUser(request), request.params.id, request.query.version),
      ),
    }),
  );

  r.post(
    '/api/buttons',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary: "Put a recipe (yours or the library's, of the oven's type) in a slot of a screen or page",
        body: createButtonRequest,
        response: { 201: withOven, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await detail(await menus.addButton(currentUser(request), request.body)) }),
  );

  r.put(
    '/api/buttons/:id',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary: 'Change one thing of a button: its recipe, icon, favourite star or background colour',
        params: z.object({ id: idParam('The button id') }),
        body: updateButtonRequest,
        response: { 200: withState, ...errors },
      },
    },
    async (request) => ({
      oven: await state(await menus.updateButton(currentUser(request), request.params.id, request.body)),
    }),
  );

  r.delete(
    '/api/buttons/:id',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary:
          'The trash icon: MiLO/MiSA remove the button, other ovens empty its slot; a category goes with it',
        params: z.object({ id: idParam('The button id') }),
        querystring: versionQuery,
        response: { 200: withState, ...errors },
      },
    },
    async (request) => ({
      oven: await state(
        await menus.deleteButton(currentUser(request), request.params.id, request.query.version),
      ),
    }),
  );

  r.post(
    '/api/categories',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary:
          'Create a category in a slot of a main screen (the first free slot when position is left out)',
        body: createCategoryRequest,
        response: { 201: withOven.extend({ category_id: z.number().nullable() }), ...errors },
      },
    },
    async (request, reply) => {
      const result = await menus.createCategory(currentUser(request), request.body);
      return reply.code(201).send({ data: await detail(result), category_id: result.categoryId });
    },
  );

  r.put(
    '/api/categories/:id',
    {
      ...fastJson,
      config: { access: 'menus.edit', menuFields: { category: 'id' } },
      schema: {
        tags,
        summary: 'Rename a category or change its picture',
        params: z.object({ id: idParam('The category id') }),
        body: updateCategoryRequest,
        response: { 200: withState, ...errors },
      },
    },
    async (request) => ({
      oven: await state(await menus.updateCategory(currentUser(request), request.params.id, request.body)),
    }),
  );

  r.put(
    '/api/ovens/button-position/:ovenId',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary:
          'Drag and drop: the button at current_position of screen_id goes to new_position (of new_screen_id when given)',
        params: z.object({ ovenId: idParam('The oven id') }),
        body: moveButtonRequest,
        response: { 200: z.object({ screen: screenItem, oven: ovenStateSchema }), ...errors },
      },
    },
    async (request) => {
      const result = await menus.move(currentUser(request), request.params.ovenId, request.body);
      return { screen: containerToWire(result.tree, result.screenId)!, oven: await state(result) };
    },
  );

  r.post(
    '/api/ovens/:id/undo',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary: "Undo the latest change to the oven's menu",
        params: z.object({ id: idParam('The oven id') }),
        querystring: versionQuery,
        response: { 200: withOven.extend({ undone: z.string(), undone_said: saidWire }), ...errors },
      },
    },
    async (request) => {
      const result = await menus.undo(currentUser(request), request.params.id, request.query.version);
      return { data: await detail(result), undone: english(result.undone), undone_said: result.undone };
    },
  );

  r.post(
    '/api/ovens/:id/redo',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags,
        summary: 'Put back the change the latest undo took away (while nothing else was changed since)',
        params: z.object({ id: idParam('The oven id') }),
        querystring: versionQuery,
        response: { 200: withOven.extend({ redone: z.string(), redone_said: saidWire }), ...errors },
      },
    },
    async (request) => {
      const result = await menus.redo(currentUser(request), request.params.id, request.query.version);
      return { data: await detail(result), redone: english(result.redone), redone_said: result.redone };
    },
  );

  r.get(
    '/api/ovens/:id/revisions',
    {
      config: { access: 'ovens.read' },
      ...fastJson,
      schema: {
        tags,
        summary: "The latest changes to the oven's menu, newest first",
        params: z.object({ id: idParam('The oven id') }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                action: z.string(),
                summary: z.string(),
                said: saidWire,
                at: z.string(),
                by: z.string().nullable(),
                undone: z.boolean(),
              }),
            ),
          }),
          404: errorResponse,
        },
      },
    },
    async (request) => ({ data: await menus.history(currentUser(request), request.params.id) }),
  );

  /* ---------- Versions ---------- */
  const versionTags = ['Ovens: menu versions'];
  const ovenParams = z.object({ id: idParam('The oven id') });

  r.get(
    '/api/ovens/:id/versions',
    {
      config: { access: 'ovens.read' },
      schema: {
        tags: versionTags,
        summary: "The saved versions of the oven's menu, newest first, with who saved them and when",
        params: ovenParams,
        response: { 200: z.object({ data: z.array(menuVersion) }), 404: errorResponse },
      },
    },
    async (request) => ({ data: await deps.versions.list(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/ovens/:id/versions',
    {
      config: { access: 'menus.edit' },
      schema: {
        tags: versionTags,
        summary: "Save the oven's current menu as a named version (kept as it is, with its recipes)",
        params: ovenParams,
        body: saveVersionRequest,
        response: { 201: z.object({ data: menuVersion }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await deps.versions.save(currentUser(request), request.params.id, request.body) }),
  );

  r.get(
    '/api/ovens/:id/versions/:versionId/diff',
    {
      config: { access: 'ovens.read' },
      schema: {
        tags: versionTags,
        summary: 'What changed from a version to the current menu (against=current) or to another version',
        params: versionParams,
        querystring: diffQuery,
        response: { 200: menuDiffResponse, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) =>
      deps.versions.diff(
        currentUser(request),
        request.params.id,
        request.params.versionId,
        request.query.against,
      ),
  );

  r.post(
    '/api/ovens/:id/versions/:versionId/restore',
    {
      config: { access: 'menus.edit' },
      ...fastJson,
      schema: {
        tags: versionTags,
        summary: "Make the oven's menu that version again (one change: Undo takes it back)",
        params: versionParams,
        querystring: versionQuery,
        response: { 200: withOven.extend({ restored: z.string() }), ...errors },
      },
    },
    async (request) => {
      const result = await deps.versions.restore(
        currentUser(request),
        request.params.id,
        request.params.versionId,
        request.query.version,
      );
      return { data: await detail(result), restored: result.restored };
    },
  );
}
