import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConvertPreview, ConvertResult, RecipeDetail } from '../../../shared/contracts/recipes';
import { OVEN_MODELS } from '../../../shared/domain/oven-models';
import { recipeIssues } from '../../../shared/domain/recipe';
import { createRecipe, createSession, createUser, recipeBody } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let otherToken: string;
let threeStage: number;
let library: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db);
  token = await createSession(ctx.db, user.id);
  otherToken = await createSession(ctx.db, (await createUser(ctx.db)).id);
  const made = await ctx.api(
    'POST',
    '/api/recipes',
    recipeBody({
      name: 'Three Stage Pie',
      oven_type: 'Matchbox 1718/1313',
      stages: [
        { order: 1, minutes: '01', seconds: '00', temp: 500, force_vent_open: true },
        { order: 2, minutes: '02', seconds: '00', temp: 450 },
        { order: 3, minutes: '01', seconds: '00', temp: 400 },
      ],
      events: [{ name: 'Turn', minutes: 3, seconds: 30 }],
    }),
    { token },
  );
  threeStage = made.json<{ data: RecipeDetail }>().data.id;
  library = (await createRecipe(ctx.db, { name: 'Library Wings', oven_type: 'MiLO/Double MiLO' })).id;
});
afterAll(() => ctx?.close());

const preview = (id: number, type: string, as = token) =>
  ctx.api('GET', `/api/recipes/${id}/convert?oven_type=${encodeURIComponent(type)}`, undefined, {
    token: as,
  });

describe('GET /api/recipes/:id/convert', () => {
  it.each(OVEN_MODELS.map((m) => m.type))('previews an own recipe on %s, valid for it', async (type) => {
    const res = await preview(threeStage, type);
    expect(res.statusCode).toBe(200);
    const body = res.json<ConvertPreview>();
    expect(recipeIssues({ ...body.source, ...body.result })).toEqual([]);
    expect(body.result.oven_type).toBe(type);
    if (type === 'Matchbox 1718/1313') expect(body.changes).toEqual([]);
    else expect(body.changes[0]!.message).toBe(`Oven model Matchbox 1718/1313 → ${type}.`);
  });

  it('previews a library recipe', async () => {
    const res = await preview(library, 'Conveyor 2600/2000/1400');
    expect(res.statusCode).toBe(200);
    expect(res.json<ConvertPreview>().source.owner).toBe('provider');
  });

  it('makes three Matchbox stages one Conveyor stage and says so', async () => {
    const body = (await preview(threeStage, 'Conveyor 2600/2000/1400')).json<ConvertPreview>();
    expect(body.result.stages).toHaveLength(1);
    expect(body.result.stages[0]).toMatchObject({ minutes: '04', seconds: '00', temp: 450 });
    expect(body.changes.map((c) => c.field)).toEqual(['oven_type', 'stages']);
  });

  it('refuses a model that does not exist, naming oven_type', async () => {
    const res = await preview(threeStage, 'Toaster');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['oven_type']);
  });

  it("answers 404 for another user's recipe", async () => {
    expect((await preview(threeStage, 'MiSA', otherToken)).statusCode).toBe(404);
  });
});

describe('POST /api/recipes/convert', () => {
  it('saves converted copies in My Recipes with their changes, and skips those already on the model', async () => {
    const res = await ctx.api(
      'POST',
      '/api/recipes/convert',
      { ids: [threeStage, library], oven_type: 'MiLO/Double MiLO' },
      { token },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<ConvertResult>();
    expect(body.skipped).toEqual([{ id: library, name: 'Library Wings', reason: 'same_model' }]);
    expect(body.data).toHaveLength(1);
    const saved = (await ctx.api('GET', `/api/recipes/${body.data[0]!.id}`, undefined, { token })).json<{
      data: RecipeDetail;
    }>().data;
    expect(saved).toMatchObject({
      oven_type: 'MiLO/Double MiLO',
      owner: 'community',
      name: 'Three Stage Pie',
    });
    expect(saved.stages.map((s) => s.force_vent_open)).toEqual([true, false, false]);
  });

  it('does not convert the same recipe twice: the second time it is skipped as already converted', async () => {
    const first = await ctx.api(
      'POST',
      '/api/recipes/convert',
      { ids: [threeStage], oven_type: 'Shuttle 1200/1600/2000/2600' },
      { token },
    );
    expect(first.json<ConvertResult>().data).toHaveLength(1);
    const again = await ctx.api(
      'POST',
      '/api/recipes/convert',
      { ids: [threeStage], oven_type: 'Shuttle 1200/1600/2000/2600' },
      { token },
    );
    expect(again.statusCode).toBe(201);
    expect(again.json<ConvertResult>()).toEqual({
      data: [],
      skipped: [{ id: threeStage, name: 'Three Stage Pie', reason: 'already_converted' }],
    });
  });

  it('converts a library recipe into My Recipes', async () => {
    const res = await ctx.api(
      'POST',
      '/api/recipes/convert',
      { ids: [library], oven_type: 'MiSA' },
      { token },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json<ConvertResult>().data[0]!.id;
    const saved = (await ctx.api('GET', `/api/recipes/${id}`, undefined, { token })).json<{
      data: RecipeDetail;
    }>().data;
    expect(saved.owner).toBe('community');
    expect(saved.stages.every((s) => s.microwave_percent === 0)).toBe(true);
  });

  it("converts nothing when one id is another user's", async () => {
    const mine = (await ctx.api('GET', '/api/recipes?owner=community', undefined, { token })).json<{
      total: number;
    }>().total;
    const res = await ctx.api(
      'POST',
      '/api/recipes/convert',
      { ids: [library, threeStage], oven_type: 'MiSA' },
      { token: otherToken },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(
      `Recipe ${threeStage} not found. Nothing was converted.`,
    );
    const after = (await ctx.api('GET', '/api/recipes?owner=community', undefined, { token })).json<{
      total: number;
    }>().total;
    expect(after).toBe(mine);
  });

  it('refuses a bad target by name', async () => {
    const res = await ctx.api(
      'POST',
      '/api/recipes/convert',
      { ids: [threeStage], oven_type: 'Toaster' },
      { token },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['oven_type']);
  });
});
