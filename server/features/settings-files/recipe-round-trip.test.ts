import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import type { ImportStats, SettingsDownload } from '../../../shared/contracts/settings-files';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { RECIPE_TEXT_FIELDS, textsOf } from '../../../shared/domain/recipe-fields';
import { parseSettingsFile } from '../../../shared/domain/settings-file/parse';
import { STAGE_SETTINGS } from '../../../shared/domain/stage';
import { createOven, createSession, createUser, menuOfOne, recipeBody } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** A recipe with every field set, each to a value of its own (none at its default), within its limits. */
const everyField = (type: OvenType) =>
  recipeBody({
    name: 'Round Trip 24 chars max',
    oven_type: type,
    product_name: 'Round trip product',
    set_temp: 433,
    category: 'Protein',
    starting_state: 'Thawed',
    icon: 'ICON_SANDWICH',
    ...Object.fromEntries(RECIPE_TEXT_FIELDS.map((f, i) => [f.key, `${f.english} ${i + 1}`.slice(0, f.max)])),
    stages: [
      {
        order: 1,
        hours: '00',
        minutes: '02',
        seconds: '15',
        temp: 455,
        percent_air_top: 40,
        percent_air_bottom: 30,
        blower_percent: 80,
        // No model has both: MiLO cooks with microwave, MiSA with infrared (the two runs set each once).
        microwave_percent: ovenModel(type).microwave ? 20 : 0,
        ir_lvl_top: ovenModel(type).infrared ? 'LOW' : 'OFF',
        ir_lvl_bottom: ovenModel(type).infrared ? 'HIGH' : 'OFF',
        force_vent_open: ovenModel(type).forceVent,
      },
    ],
    events: [{ name: 'Turn', minutes: 1, seconds: 5 }],
  });

/** What a recipe is, apart from where it is kept (id, team, photo, times). */
const fieldsOf = (
  r: Omit<RecipeDetail, 'id' | 'team_id' | 'owner' | 'image_url' | 'created_at' | 'updated_at'>,
) => ({
  name: r.name,
  oven_type: r.oven_type,
  product_name: r.product_name,
  set_temp: r.set_temp,
  category: r.category,
  starting_state: r.starting_state,
  icon: r.icon,
  ...textsOf(r),
  stages: r.stages,
  events: r.events,
});

async function signedIn() {
  const user = await createUser(ctx.db);
  return { ...user, token: await createSession(ctx.db, user.id) };
}

describe('a recipe with every field set', () => {
  it.each(['MiLO/Double MiLO', 'MiSA'] as const)(
    'of a %s comes back equal through create, detail, settings file, parse and import',
    async (TYPE) => {
      const sent = everyField(TYPE);
      // Every described field and every stage setting is set, none left at a default.
      for (const f of RECIPE_TEXT_FIELDS) expect(sent[f.key as keyof typeof sent], f.key).toBeTruthy();
      const a = await signedIn();
      const created = await ctx.api('POST', '/api/recipes', sent, { token: a.token });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ data: RecipeDetail }>().data.id;
      const detail = (await ctx.api('GET', `/api/recipes/${id}`, undefined, { token: a.token })).json<{
        data: RecipeDetail;
      }>().data;
      const original = fieldsOf(detail);
      expect(original).toMatchObject({ ...sent, stages: sent.stages, events: sent.events });
      for (const key of STAGE_SETTINGS)
        expect(original.stages[0]![key], key).toBe(sent.stages[0]![key as never]);

      // On an oven's menu, into its settings file and read back.
      const oven = await createOven(ctx.db, a.id, {
        type: TYPE,
        tree: menuOfOne({ id, name: detail.name, ovenType: TYPE }, 'ICON_SANDWICH'),
      });
      const info = (
        await ctx.api('GET', `/api/files/${oven.id}`, undefined, { token: a.token })
      ).json<SettingsDownload>();
      const file = await ctx.api('GET', `/storage/settings/${info.file}`, undefined, { token: a.token });
      expect(file.statusCode).toBe(200);
      const parsed = parseSettingsFile(new Uint8Array(file.rawPayload));
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      if (!parsed.ok) return;
      const { oven_type: _type, ...inFile } = original;
      expect(parsed.settings.recipes).toEqual([inFile]);

      // Imported by someone else (so not skipped as their own), it is the same recipe.
      const b = await signedIn();
      const imported = await ctx.api(
        'POST',
        '/api/files',
        { oven_name: 'Round trip', oven_type: TYPE, data: file.rawPayload.toString('utf8') },
        { token: b.token },
      );
      expect(imported.statusCode, imported.body).toBe(201);
      const ovenB = (
        await ctx.api('GET', `/api/ovens/${imported.json<ImportStats>().oven.id}`, undefined, {
          token: b.token,
        })
      ).json<{ data: OvenDetail }>().data;
      const copyId = ovenB.screens[0]!.screen_content[0]!.buttonable_id!;
      const copy = (await ctx.api('GET', `/api/recipes/${copyId}`, undefined, { token: b.token })).json<{
        data: RecipeDetail;
      }>().data;
      expect(copy.id).not.toBe(id);
      expect(fieldsOf(copy)).toEqual(original);
    },
  );
});
