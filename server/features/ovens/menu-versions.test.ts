import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_VERSION_LIMIT, type MenuDiffResponse, type MenuVersion } from '../../../shared/contracts/menus';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { createSession, createUser } from '../../test/factories';
import { createTestContext, importGoldenOven, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let otherToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await createSession(ctx.db, (await createUser(ctx.db)).id);
  otherToken = await createSession(ctx.db, (await createUser(ctx.db)).id);
});
afterAll(() => ctx?.close());

const freshOven = () => importGoldenOven(ctx, token, 'Front');
const read = async (id: number) =>
  (await ctx.api('GET', `/api/ovens/${id}`, undefined, { token })).json<{ data: OvenDetail }>().data;
const save = (ovenId: number, name: string, as = token) =>
  ctx.api('POST', `/api/ovens/${ovenId}/versions`, { name, note: 'Before the change' }, { token: as });
/** What the oven shows, without row ids: slot, kind and name of every button. */
const layout = (o: OvenDetail) =>
  o.screens.map((s) =>
    s.screen_content.map((b) => ({
      position: b.position,
      name: b.buttonable_name,
      pages: b.data?.pages.map((p) => p.screen_content.map((x) => `${x.position}:${x.buttonable_name}`)),
    })),
  );
const recipeButtons = (o: OvenDetail) => o.screens[0]!.screen_content.filter((b) => b.type === 'recipe');

describe('menu versions', () => {
  it('saves the current menu under a name, with who and when, and lists it', async () => {
    const oven = await freshOven();
    const res = await save(oven.id, 'Spring menu');
    expect(res.statusCode).toBe(201);
    const version = res.json<{ data: MenuVersion }>().data;
    expect(version).toMatchObject({ name: 'Spring menu', note: 'Before the change' });
    expect(version.buttons).toBeGreaterThan(0);
    const list = (await ctx.api('GET', `/api/ovens/${oven.id}/versions`, undefined, { token })).json<{
      data: MenuVersion[];
    }>().data;
    expect(list.map((v) => v.name)).toEqual(['Spring menu']);
    expect(list[0]!.created_by).not.toBeNull();
  });

  it('refuses a second version of the same name, naming the field', async () => {
    const oven = await freshOven();
    await save(oven.id, 'Lunch');
    const res = await save(oven.id, 'lunch');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      name: ['This oven already has a version named "lunch".'],
    });
  });

  it('refuses a version past the limit, naming the field, and keeps the ones it has', async () => {
    const oven = await freshOven();
    for (let i = 1; i <= MENU_VERSION_LIMIT; i++) expect((await save(oven.id, `V${i}`)).statusCode).toBe(201);
    const res = await save(oven.id, 'One more');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      name: [`An oven keeps at most ${MENU_VERSION_LIMIT} versions, and this one has them all.`],
    });
    const list = (await ctx.api('GET', `/api/ovens/${oven.id}/versions`, undefined, { token })).json<{
      data: MenuVersion[];
    }>().data;
    expect(list).toHaveLength(MENU_VERSION_LIMIT);
  });

  it('keeps the recipes a saved version opens, and counts them', async () => {
    const oven = await freshOven();
    const version = (await save(oven.id, 'Counted')).json<{ data: MenuVersion }>().data;
    const shown = await read(oven.id);
    const ids = shown.screens.flatMap((screen) =>
      screen.screen_content.flatMap((b) => [
        b.buttonable_id,
        ...(b.data?.pages.flatMap((p) => p.screen_content.map((x) => x.buttonable_id)) ?? []),
      ]),
    );
    expect(version.recipes).toBeGreaterThan(0);
    expect(version.recipes).toBe(new Set(ids.filter((id) => id !== null)).size);
  });

  it('says what changed since: a button moved, a category renamed, a recipe changed', async () => {
    const oven = await freshOven();
    const version = (await save(oven.id, 'Before')).json<{ data: MenuVersion }>().data;
    const [first] = recipeButtons(oven);
    const moved = await ctx.api(
      'PUT',
      `/api/ovens/button-position/${oven.id}`,
      { screen_id: oven.screens[0]!.screen_id, current_position: first!.position, new_position: 8 },
      { token },
    );
    expect(moved.statusCode).toBe(200);
    const category = oven.screens[0]!.screen_content.find((b) => b.type === 'category')!;
    await ctx.api('PUT', `/api/categories/${category.data!.category_id}`, { name: 'Snacks' }, { token });
    const recipe = (await ctx.api('GET', `/api/recipes/${first!.buttonable_id}`, undefined, { token })).json<{
      data: RecipeDetail;
    }>().data;
    const edited = {
      ...recipe,
      stages: recipe.stages.map((s, i) => (i === 0 ? { ...s, temp: s.temp === 450 ? 475 : 450 } : s)),
    };
    expect((await ctx.api('PUT', `/api/recipes/${recipe.id}`, edited, { token })).statusCode).toBe(200);

    const diff = (
      await ctx.api('GET', `/api/ovens/${oven.id}/versions/${version.id}/diff`, undefined, { token })
    ).json<MenuDiffResponse>();
    expect(diff.to).toEqual({ id: null, name: 'Current menu' });
    const kinds = diff.lines.map((l) => l.kind);
    expect(kinds).toContain('moved');
    expect(kinds).toContain('category-renamed');
    expect(kinds).toContain('recipe-changed');
    expect(diff.lines.find((l) => l.kind === 'recipe-changed')!.message).toMatch(
      new RegExp(`^Recipe "${recipe.name}" changed: stage 1 temperature \\d+ °F → \\d+ °F\\.$`),
    );
    expect(diff.highlight).toContain(first!.id);
  });

  it('restores a version in one change that Undo takes back', async () => {
    const oven = await freshOven();
    const version = (await save(oven.id, 'Original')).json<{ data: MenuVersion }>().data;
    const before = layout(await read(oven.id));
    const button = recipeButtons(oven)[0]!;
    await ctx.api('DELETE', `/api/buttons/${button.id}`, undefined, { token });
    const changed = layout(await read(oven.id));
    expect(changed).not.toEqual(before);

    const res = await ctx.api('POST', `/api/ovens/${oven.id}/versions/${version.id}/restore`, undefined, {
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ restored: string }>().restored).toBe('Original');
    expect(layout(res.json<{ data: OvenDetail }>().data)).toEqual(before);
    const history = (await ctx.api('GET', `/api/ovens/${oven.id}/revisions`, undefined, { token })).json<{
      data: { summary: string }[];
    }>().data;
    expect(history[0]!.summary).toBe('Restored version "Original"');

    const diff = (
      await ctx.api('GET', `/api/ovens/${oven.id}/versions/${version.id}/diff`, undefined, { token })
    ).json<MenuDiffResponse>();
    expect(diff.lines).toEqual([]);

    expect((await ctx.api('POST', `/api/ovens/${oven.id}/undo`, undefined, { token })).statusCode).toBe(200);
    expect(layout(await read(oven.id))).toEqual(changed);
  });

  it('compares two versions', async () => {
    const oven = await freshOven();
    const a = (await save(oven.id, 'A')).json<{ data: MenuVersion }>().data;
    await ctx.api('DELETE', `/api/buttons/${recipeButtons(oven)[0]!.id}`, undefined, { token });
    const b = (await save(oven.id, 'B')).json<{ data: MenuVersion }>().data;
    const diff = (
      await ctx.api('GET', `/api/ovens/${oven.id}/versions/${a.id}/diff?against=${b.id}`, undefined, {
        token,
      })
    ).json<MenuDiffResponse>();
    expect(diff.to).toEqual({ id: b.id, name: 'B' });
    expect(diff.lines.map((l) => l.kind)).toEqual(['removed']);
    expect(diff.highlight).toEqual([]);
  });

  it("answers 404 for another user's oven and for a version of another oven", async () => {
    const oven = await freshOven();
    const version = (await save(oven.id, 'Mine')).json<{ data: MenuVersion }>().data;
    expect((await save(oven.id, 'Theirs', otherToken)).statusCode).toBe(404);
    expect(
      (await ctx.api('GET', `/api/ovens/${oven.id}/versions`, undefined, { token: otherToken })).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.api('POST', `/api/ovens/${oven.id}/versions/${version.id}/restore`, undefined, {
          token: otherToken,
        })
      ).statusCode,
    ).toBe(404);
    const second = await freshOven();
    expect(
      (await ctx.api('GET', `/api/ovens/${second.id}/versions/${version.id}/diff`, undefined, { token }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a bad name or compare target by name', async () => {
    const oven = await freshOven();
    const res = await ctx.api('POST', `/api/ovens/${oven.id}/versions`, { name: ' ' }, { token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['name']);
    const version = (await save(oven.id, 'V')).json<{ data: MenuVersion }>().data;
    const diff = await ctx.api(
      'GET',
      `/api/ovens/${oven.id}/versions/${version.id}/diff?against=yesterday`,
      undefined,
      {
        token,
      },
    );
    expect(diff.statusCode).toBe(422);
    expect(Object.keys(diff.json<{ errors: object }>().errors)).toEqual(['against']);
  });
});
