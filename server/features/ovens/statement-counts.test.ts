/**
 * The number of SQL statements a request runs must not grow with the menu or the fleet: each write below runs the
 * same count for a small and a large menu (or 5 and 200 ovens). Counted through the test database's own counter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuTemplate } from '../../../shared/contracts/chains';
import type { MenuVersion } from '../../../shared/contracts/menus';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { MenuTree } from '../../../shared/domain/menu';
import type { OvenType } from '../../../shared/domain/oven-models';
import { locations } from '../../db/schema/index';
import { createOven, createRecipe, createSignedInUser } from '../../test/factories';
import { createLocationWith, createTestContext, jobResult, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let ownerId: number;

beforeAll(async () => {
  // No job sweeps while counting: only the request's own statements.
  ctx = await createTestContext({ jobPollMs: 3_600_000 });
  ({ id: ownerId, token } = await createSignedInUser(ctx.db));
});
afterAll(() => ctx?.close());

/** Statements run by `work` (a request and, for a job, the job it queued). */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const before = ctx.database.statements();
  await work();
  await ctx.app.jobs.idle();
  return ctx.database.statements() - before;
}

let n = 0;
const recipeButton = (recipe: { id: number; name: string }, type: OvenType, position: number) => ({
  id: null,
  kind: 'recipe' as const,
  position,
  recipe: { id: recipe.id, name: recipe.name, ovenType: type },
  icon: 'ICON_PIZZA',
  color: 'ORANGE_900' as const,
  favorite: false,
});

/** An oven with `buttons` recipe buttons on one list: a MiLO category's page, or a grid's main screen. */
async function ovenWith(buttons: number, type: OvenType = 'MiLO/Double MiLO') {
  const recipe = await createRecipe(ctx.db, { ownerId, oven_type: type, name: `Dish ${++n}` });
  const list = Array.from({ length: buttons }, (_, i) => recipeButton(recipe, type, i + 1));
  const tree: MenuTree = {
    screens: [
      {
        id: null,
        buttons:
          type === 'MiLO/Double MiLO'
            ? [
                {
                  id: null,
                  kind: 'category' as const,
                  position: 1,
                  icon: 'ICON_CATEGORY_DEFAULT',
                  color: 'ORANGE_900' as const,
                  favorite: false,
                  category: {
                    id: null,
                    name: 'Mains',
                    icon: 'ICON_CATEGORY_DEFAULT',
                    pages: [{ id: null, buttons: list }],
                  },
                },
              ]
            : list,
      },
    ],
  };
  const oven = await createOven(ctx.db, ownerId, { type, tree, name: `Oven ${n}` });
  const first = oven.tree.screens[0]!.buttons[0]!;
  const listId = first.kind === 'category' ? first.category.pages[0]!.id! : oven.screenId;
  return { ...oven, listId };
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  ctx.api(method, url, body, { token });
const version = async (ovenId: number) =>
  (await api('GET', `/api/ovens/${ovenId}`)).json<{ data: OvenDetail }>().data.version;

describe('statements per request', () => {
  it('moving a button from one end of a list to the other: the same for 3 buttons and 300', async () => {
    const counts: number[] = [];
    for (const size of [3, 300]) {
      const oven = await ovenWith(size);
      const seen = await version(oven.id);
      counts.push(
        await statementsOf(async () => {
          const res = await api('PUT', `/api/ovens/button-position/${oven.id}`, {
            screen_id: oven.listId,
            current_position: 1,
            new_position: size,
            version: seen,
          });
          expect(res.statusCode).toBe(200);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('undoing that move: the same for 3 buttons and 300', async () => {
    const counts: number[] = [];
    for (const size of [3, 300]) {
      const oven = await ovenWith(size);
      await api('PUT', `/api/ovens/button-position/${oven.id}`, {
        screen_id: oven.listId,
        current_position: 1,
        new_position: size,
      });
      const after = await api('GET', `/api/ovens/${oven.id}`);
      counts.push(
        await statementsOf(async () => {
          const res = await api('POST', `/api/ovens/${oven.id}/undo`);
          expect(res.statusCode).toBe(200);
        }),
      );
      const list = (await api('GET', `/api/ovens/${oven.id}`)).json<{ data: OvenDetail }>().data;
      expect(list.version).toBe(after.json<{ data: OvenDetail }>().data.version + 1);
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('restoring a version: the same for 3 buttons and 300', async () => {
    const counts: number[] = [];
    for (const size of [3, 300]) {
      const oven = await ovenWith(size);
      const saved = (await api('POST', `/api/ovens/${oven.id}/versions`, { name: 'Before' })).json<{
        data: MenuVersion;
      }>().data;
      await api('PUT', `/api/ovens/button-position/${oven.id}`, {
        screen_id: oven.listId,
        current_position: 1,
        new_position: size,
      });
      counts.push(
        await statementsOf(async () => {
          const res = await api('POST', `/api/ovens/${oven.id}/versions/${saved.id}/restore`);
          expect(res.statusCode).toBe(200);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('applying a template to a location: the same for 5 ovens and 200', async () => {
    const source = await ovenWith(6, 'Matchbox 1718/1313');
    const template = (await api('POST', '/api/templates', { name: 'Dinner', oven_id: source.id })).json<{
      data: MenuTemplate;
    }>().data;
    const counts: number[] = [];
    for (const size of [5, 200]) {
      const ids: number[] = [];
      for (let i = 0; i < size; i++)
        ids.push((await createOven(ctx.db, ownerId, { name: `Line ${++n}` })).id);
      const place = await createLocationWith(ctx, token, `Store ${n}`, ids);
      counts.push(
        await statementsOf(async () => {
          const result = await jobResult<'template-apply'>(
            ctx,
            token,
            await api('POST', `/api/templates/${template.id}/apply`, { location_id: place.id }),
          );
          expect(result.applied).toBe(size);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('reading the template, fleet and ovens pages (and a search): the same for 5 ovens and 200', async () => {
    const source = await ovenWith(6, 'Matchbox 1718/1313');
    const template = (await api('POST', '/api/templates', { name: 'Lunch', oven_id: source.id })).json<{
      data: MenuTemplate;
    }>().data;
    const counts: Record<'template' | 'fleet' | 'ovens' | 'search', number[]> = {
      template: [],
      fleet: [],
      ovens: [],
      search: [],
    };
    for (const size of [5, 200]) {
      const ids: number[] = [];
      for (let i = 0; i < size; i++)
        ids.push((await createOven(ctx.db, ownerId, { name: `Line ${++n}` })).id);
      const place = await createLocationWith(ctx, token, `Store ${n}`, ids);
      await api('POST', `/api/templates/${template.id}/apply`, { location_id: place.id });
      await ctx.app.jobs.idle();
      counts.template.push(await statementsOf(() => api('GET', `/api/templates/${template.id}`)));
      counts.fleet.push(await statementsOf(() => api('GET', `/api/fleet?location=${place.id}`)));
      counts.ovens.push(
        await statementsOf(() => api('GET', `/api/ovens?location=${place.id}&page=1&per_page=4`)),
      );
      counts.search.push(await statementsOf(() => api('GET', '/api/fleet?search=line&status=no_version')));
    }
    expect(counts.template[1]).toBe(counts.template[0]);
    expect(counts.fleet[1]).toBe(counts.fleet[0]);
    expect(counts.ovens[1]).toBe(counts.ovens[0]);
    expect(counts.search[1]).toBe(counts.search[0]);
  });

  it('reading a page of the Locations page (and a search): the same for 60 locations and 300', async () => {
    const { token: chain, teamId } = await createSignedInUser(ctx.db);
    const counts: Record<'page' | 'later' | 'search', number[]> = { page: [], later: [], search: [] };
    let made = 0;
    for (const size of [60, 300]) {
      await ctx.db.insert(locations).values(
        Array.from({ length: size - made }, (_, i) => ({
          teamId,
          name: `Store ${made + i}`,
          address: 'Main St',
        })),
      );
      made = size;
      const read = (url: string) => statementsOf(() => ctx.api('GET', url, undefined, { token: chain }));
      // A new session's first request records it was seen: not the page's cost.
      await read('/api/locations?page=1');
      counts.page.push(await read('/api/locations?page=1'));
      counts.later.push(await read('/api/locations?page=2'));
      counts.search.push(await read('/api/locations?page=1&search=store'));
    }
    expect(counts.page[1]).toBe(counts.page[0]);
    expect(counts.later[1]).toBe(counts.later[0]);
    expect(counts.search[1]).toBe(counts.search[0]);
  });

  it('previewing a template on a location: the same for 5 ovens and 200', async () => {
    const source = await ovenWith(6, 'Matchbox 1718/1313');
    const template = (await api('POST', '/api/templates', { name: 'Supper', oven_id: source.id })).json<{
      data: MenuTemplate;
    }>().data;
    const counts: number[] = [];
    for (const size of [5, 200]) {
      const ids: number[] = [];
      for (let i = 0; i < size; i++) ids.push((await ovenWith(3, 'Matchbox 1718/1313')).id);
      const place = await createLocationWith(ctx, token, `Store ${++n}`, ids);
      counts.push(
        await statementsOf(async () => {
          const res = await api('POST', `/api/templates/${template.id}/preview`, { location_id: place.id });
          expect(res.statusCode).toBe(200);
          expect(res.json<{ data: { ovens: unknown[] } }>().data.ovens).toHaveLength(size);
        }),
      );
    }
    expect(counts[1]).toBe(counts[0]);
  });
});
