/**
 * Recipes in the database: rows to the wire shape and back, one recipe written with its stages and events, and the
 * bulk paths of an import (thousands of recipes in one statement per table). Used by the recipes and settings-files
 * features and the seed.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { RecipeCard, RecipeData, RecipeDetail } from '../../shared/contracts/recipes';
import type { IrLevel } from '../../shared/domain/catalog';
import { RECIPE_TEXT_FIELDS, type RecipeTextKey, type RecipeTexts } from '../../shared/domain/recipe-fields';
import type { Stage } from '../../shared/domain/stage';
import { jsonArrayInTurns, mapInTurns } from '../lib/in-turns';
import { bulkInsert } from './bulk-insert';
import { type DbOrTx, readTogether, rowsOf } from './client';
import { drawIds } from './draw-ids';
import { recipeEvents, recipeStages, recipes, teams } from './schema/index';
import { inScopeSql, type Scope } from './scope';

export type RecipeRow = typeof recipes.$inferSelect;
type StageRow = typeof recipeStages.$inferSelect;
type EventRow = typeof recipeEvents.$inferSelect;

/** The image address carries the recipe's update time, so a changed photo is never served from cache. */
function imageUrl(row: Pick<RecipeRow, 'imageId' | 'updatedAt'>): string | null {
  return row.imageId ? `/storage/recipe-images/${row.imageId}?t=${row.updatedAt.getTime()}` : null;
}

/** A described field's property in the schema: `outcome_attributes` is `outcomeAttributes`. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
const columnOf = <K extends RecipeTextKey>(key: K) =>
  key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as Camel<K> & keyof RecipeRow;

function textsOfRow(row: RecipeRow): RecipeTexts {
  const out = {} as RecipeTexts;
  for (const f of RECIPE_TEXT_FIELDS) out[f.key] = row[columnOf(f.key)] as string;
  return out;
}

export function toCard(row: RecipeRow): RecipeCard {
  return {
    id: row.id,
    name: row.name,
    product_name: row.productName,
    category: row.category,
    oven_type: row.ovenType,
    icon: row.icon,
    image_url: imageUrl(row),
    owner: row.teamId === null ? 'provider' : 'community',
    team_id: row.teamId,
  };
}

function toStage(s: StageRow): Stage {
  return {
    order: s.order,
    hours: s.hours,
    minutes: s.minutes,
    seconds: s.seconds,
    temp: s.temp,
    percent_air_top: s.percentAirTop,
    percent_air_bottom: s.percentAirBottom,
    blower_percent: s.blowerPercent,
    microwave_percent: s.microwavePercent,
    ir_lvl_top: s.irLvlTop as IrLevel,
    ir_lvl_bottom: s.irLvlBottom as IrLevel,
    force_vent_open: s.forceVentOpen,
  };
}

export function toDetail(row: RecipeRow, stages: StageRow[], events: EventRow[]): RecipeDetail {
  return {
    ...toCard(row),
    set_temp: row.setTemp,
    starting_state: row.startingState,
    ...textsOfRow(row),
    stages: stages.sort((a, b) => a.order - b.order).map(toStage),
    events: events
      .sort((a, b) => a.position - b.position)
      .map((e) => ({ name: e.name, minutes: e.minutes, seconds: e.seconds })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function recipeColumns(r: RecipeData) {
  return {
    name: r.name,
    productName: r.product_name,
    ovenType: r.oven_type,
    setTemp: r.set_temp,
    category: r.category,
    startingState: r.starting_state,
    icon: r.icon,
    ...(Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [columnOf(f.key), r[f.key]])) as Pick<
      RecipeRow,
      ReturnType<typeof columnOf>
    >),
  };
}

function stageColumns(recipeId: number, s: Stage) {
  return {
    recipeId,
    order: s.order,
    hours: s.hours,
    minutes: s.minutes,
    seconds: s.seconds,
    temp: s.temp,
    percentAirTop: s.percent_air_top,
    percentAirBottom: s.percent_air_bottom,
    blowerPercent: s.blower_percent,
    microwavePercent: s.microwave_percent,
    irLvlTop: s.ir_lvl_top,
    irLvlBottom: s.ir_lvl_bottom,
    forceVentOpen: s.force_vent_open,
  };
}

export async function insertChildren(
  tx: DbOrTx,
  recipeId: number,
  r: Pick<RecipeData, 'stages' | 'events'>,
): Promise<void> {
  if (r.stages.length > 0)
    await tx.insert(recipeStages).values(r.stages.map((s) => stageColumns(recipeId, s)));
  if (r.events.length > 0) {
    await tx.insert(recipeEvents).values(
      r.events.map((e, i) => ({
        recipeId,
        position: i + 1,
        name: e.name,
        minutes: e.minutes,
        seconds: e.seconds,
      })),
    );
  }
}

/** Writes a recipe with its stages and events (inside the caller's transaction); answers its id. */
export async function insertRecipe(
  tx: DbOrTx,
  input: RecipeData,
  meta: { teamId: number | null; createdBy: number | null; imageId?: string | null; at?: Date },
): Promise<number> {
  const at = meta.at ?? new Date();
  const [created] = await tx
    .insert(recipes)
    .values({
      ...recipeColumns(input),
      teamId: meta.teamId,
      createdBy: meta.createdBy,
      imageId: meta.imageId ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: recipes.id });
  await insertChildren(tx, created!.id, input);
  return created!.id;
}

/** Full recipes for rows already read, stages and events in two queries. */
export async function recipeDetails(db: DbOrTx, rows: RecipeRow[]): Promise<RecipeDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stages, events] = await readTogether(
    db,
    () => db.select().from(recipeStages).where(inArray(recipeStages.recipeId, ids)),
    () => db.select().from(recipeEvents).where(inArray(recipeEvents.recipeId, ids)),
  );
  const byRecipe = <T extends { recipeId: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      const own = map.get(item.recipeId);
      if (own) own.push(item);
      else map.set(item.recipeId, [item]);
    }
    return map;
  };
  const stagesOf = byRecipe(stages);
  const eventsOf = byRecipe(events);
  return rows.map((r) => toDetail(r, stagesOf.get(r.id) ?? [], eventsOf.get(r.id) ?? []));
}

/**
 * Recipes by id in the order asked, read as one JSON document per table: tens of thousands of rows (a full MiLO
 * menu) cost three queries, not three per recipe.
 */
export async function recipesByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, RecipeDetail>> {
  const out = new Map<number, RecipeDetail>();
  if (ids.length === 0) return out;
  const list = JSON.stringify([...new Set(ids)]);
  const wanted = sql`(select value::int from json_array_elements_text(${list}::json))`;
  const [rows, stages, events] = await readTogether(
    db,
    () => db.select().from(recipes).where(sql`${recipes.id} in ${wanted}`),
    () => db.select().from(recipeStages).where(sql`${recipeStages.recipeId} in ${wanted}`),
    () => db.select().from(recipeEvents).where(sql`${recipeEvents.recipeId} in ${wanted}`),
  );
  const stagesOf = new Map<number, StageRow[]>();
  for (const s of stages) stagesOf.set(s.recipeId, [...(stagesOf.get(s.recipeId) ?? []), s]);
  const eventsOf = new Map<number, EventRow[]>();
  for (const e of events) eventsOf.set(e.recipeId, [...(eventsOf.get(e.recipeId) ?? []), e]);
  for (const r of rows) out.set(r.id, toDetail(r, stagesOf.get(r.id) ?? [], eventsOf.get(r.id) ?? []));
  return out;
}

/** A user's own recipes of one type whose names (any case) are among `names`, with their stages: what an import is deduplicated against. */
export async function ownRecipesNamed(
  db: DbOrTx,
  scope: Scope,
  ovenType: string,
  names: readonly string[],
): Promise<{ id: number; name: string; oven_type: string; stages: Stage[] }[]> {
  if (names.length === 0) return [];
  const list = JSON.stringify([...new Set(names.map((n) => n.trim().toLowerCase()))]);
  const rows = await rowsOf<{ id: number; name: string; stages: StageRow[] | string }>(
    db,
    sql`
    select r.id, r.name,
      coalesce((select json_agg(json_build_object(
          'order', s."order", 'hours', s.hours, 'minutes', s.minutes, 'seconds', s.seconds, 'temp', s.temp,
          'percentAirTop', s.percent_air_top, 'percentAirBottom', s.percent_air_bottom,
          'blowerPercent', s.blower_percent, 'microwavePercent', s.microwave_percent,
          'irLvlTop', s.ir_lvl_top, 'irLvlBottom', s.ir_lvl_bottom, 'forceVentOpen', s.force_vent_open
        ) order by s."order") from recipe_stages s where s.recipe_id = r.id), '[]'::json)::text as stages
    from recipes r
    where ${inScopeSql.ownRecipes(scope, 'r')} and r.oven_type = ${ovenType}
      and lower(btrim(r.name)) in (select value from json_array_elements_text(${list}::json))
    order by r.id`,
  );
  // Stages come as text and are read here in slices: a full MiLO's 32,000 rows parsed by the driver as they
  // arrive held the event loop for 140 ms.
  return mapInTurns(rows, (r) => ({
    id: Number(r.id),
    name: r.name,
    oven_type: ovenType,
    stages: (typeof r.stages === 'string' ? (JSON.parse(r.stages) as StageRow[]) : r.stages).map(toStage),
  }));
}

/**
 * Writes many recipes of one owner in one transaction, one statement per table: the ids are drawn from the
 * recipes' sequence first, so stages and events can name their recipe without reading anything back. Answers the
 * ids in the order given.
 */
// The import's one statement per table, its columns from the schema.
const RECIPE_BULK = bulkInsert(recipes, { withIdentity: true });
const STAGE_BULK = bulkInsert(recipeStages);
const EVENT_BULK = bulkInsert(recipeEvents);

export async function insertRecipesBulk(
  tx: DbOrTx,
  list: readonly RecipeData[],
  meta: { teamId: number; createdBy: number; at?: Date },
): Promise<number[]> {
  if (list.length === 0) return [];
  const at = (meta.at ?? new Date()).toISOString();
  const ids = await drawIds(tx, 'recipes', list.length);
  const recipeRows = await jsonArrayInTurns(list, (r, i) =>
    RECIPE_BULK.row({
      id: ids[i],
      teamId: meta.teamId,
      createdBy: meta.createdBy,
      ...recipeColumns(r),
      createdAt: at,
      updatedAt: at,
    }),
  );
  await tx.execute(RECIPE_BULK.insert(recipeRows));
  const stageRows = await jsonArrayInTurns(
    list.flatMap((r, i) => r.stages.map((s) => [i, s] as const)),
    ([i, s]) => STAGE_BULK.row(stageColumns(ids[i]!, s)),
  );
  if (stageRows !== '[]') await tx.execute(STAGE_BULK.insert(stageRows));
  const eventRows = await jsonArrayInTurns(
    list.flatMap((r, i) => r.events.map((e, p) => [i, p, e] as const)),
    ([i, p, e]) =>
      EVENT_BULK.row({
        recipeId: ids[i],
        position: p + 1,
        name: e.name,
        minutes: e.minutes,
        seconds: e.seconds,
      }),
  );
  if (eventRows !== '[]') await tx.execute(EVENT_BULK.insert(eventRows));
  return ids;
}

/** Serializes imports of one user, so two at once cannot both add the same recipes. */
export async function lockTeam(tx: DbOrTx, teamId: number): Promise<void> {
  // 'no key update': imports into one team queue behind each other (each dedupes against the team's recipes), but
  // not behind the team's other writes, whose references to the team (a recipe's, an oven's) only share the key.
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
}
