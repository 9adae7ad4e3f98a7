/**
 * Menus of many ovens at once, in a fixed number of statements whatever their count: read together, and replaced
 * together (a template over a batch of ovens), each change kept for Undo as a single change would be.
 */
/**
 * An oven's menu in the database: read as the domain's tree, changed in one locked transaction that writes only the
 * rows that differ, with one revision row per change (docs/decisions/0015-menu-model.md). Used by the ovens, menus
 * and settings-files features.
 */

import { sql } from 'drizzle-orm';
import { type MenuTree, mapMenu } from '../../../shared/domain/menu';
import { english } from '../../../shared/i18n/english';
import type { Said } from '../../../shared/i18n/said';
import { type DbOrTx, readTogether, rowsOf } from '../../db/client';
import { drawIds } from '../../db/draw-ids';
import { recordActivity } from '../../db/team-activity-store';
import { publishEvents } from '../../db/webhook-events';
import { jsonArrayInTurns } from '../../lib/in-turns';
import { modelOf, type OvenRow } from './menu-access';
import {
  type ButtonRow,
  type CategoryRow,
  checkMenu,
  flatten,
  type MenuRows,
  type ScreenRow,
  treeFromRows,
  withoutIds,
} from './menu-store';

/** The rows of many ovens' menus, by oven, read in one statement per table. */
async function rowsByOven(tx: DbOrTx, ovenIds: number[]): Promise<Map<number, MenuRows>> {
  const list = JSON.stringify(ovenIds);
  const wanted = sql`(select value::int from json_array_elements_text(${list}::json))`;
  const byOven = async <T>(query: ReturnType<typeof sql>): Promise<Record<string, T[]>> => {
    const [row] = await rowsOf<{ rows: string | null }>(tx, query);
    return row?.rows ? (JSON.parse(row.rows) as Record<string, T[]>) : {};
  };
  const [screens, categories, buttons] = await readTogether(
    tx,
    () =>
      byOven<ScreenRow>(sql`
      select json_object_agg(oven_id, rows)::text as rows from (
        select oven_id, json_agg(json_build_object('id', id, 'categoryId', category_id, 'position', position)) rows
        from menu_screens where oven_id in ${wanted} group by oven_id) t`),
    () =>
      byOven<CategoryRow>(sql`
      select json_object_agg(oven_id, rows)::text as rows from (
        select oven_id, json_agg(json_build_object('id', id, 'name', name, 'icon', icon)) rows
        from menu_categories where oven_id in ${wanted} group by oven_id) t`),
    () =>
      byOven<ButtonRow>(sql`
      select json_object_agg(oven_id, rows)::text as rows from (
        select oven_id, json_agg(json_build_object('id', id, 'screenId', screen_id, 'position', position,
          'recipeId', recipe_id, 'categoryId', category_id, 'icon', icon, 'color', color, 'favorite', favorite)) rows
        from menu_buttons where oven_id in ${wanted} group by oven_id) t`),
  );
  return new Map(
    ovenIds.map((id) => [
      id,
      { screens: screens[id] ?? [], categories: categories[id] ?? [], buttons: buttons[id] ?? [] },
    ]),
  );
}

/**
 * The menus of many ovens, read in a fixed number of statements (their rows per table, then the names of the
 * recipes they open): for comparing many menus at once, where `loadMenu` per oven would grow with the fleet.
 */
export async function loadMenus(
  db: DbOrTx,
  list: readonly { id: number; type: string }[],
): Promise<Map<number, MenuTree>> {
  const out = new Map<number, MenuTree>();
  if (list.length === 0) return out;
  const rows = await rowsByOven(
    db,
    list.map((o) => o.id),
  );
  const ids = [...new Set([...rows.values()].flatMap((r) => r.buttons.map((b) => b.recipeId)))].filter(
    (id): id is number => id !== null,
  );
  const recipes = new Map<number, { name: string; oven_type: string }>();
  if (ids.length > 0)
    for (const r of await rowsOf<{ id: number; name: string; oven_type: string }>(
      db,
      sql`select id, name, oven_type from recipes
          where id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
    ))
      recipes.set(r.id, { name: r.name, oven_type: r.oven_type });
  for (const o of list) out.set(o.id, treeFromRows(rows.get(o.id)!, o.type, recipes));
  return out;
}

/**
 * Gives many ovens of one model the same menu, replacing theirs, in a fixed number of statements whatever the
 * number of ovens: each oven's old rows go, the tree's rows go in with new ids, each version is raised and each
 * change logged with its rows (so Undo takes it back on that oven). The ovens must be locked by the caller.
 * Answers each oven's new version and its tree with its ids.
 */
export async function replaceMenus(
  tx: DbOrTx,
  input: { ovens: OvenRow[]; tree: MenuTree; userId: number; action: string; summary: Said },
): Promise<Map<number, { version: number; tree: MenuTree; replaced: MenuRows }>> {
  const out = new Map<number, { version: number; tree: MenuTree; replaced: MenuRows }>();
  if (input.ovens.length === 0) return out;
  const model = modelOf(input.ovens[0]!);
  checkMenu(input.tree, model);
  const ovenIds = input.ovens.map((o) => o.id);
  const list = JSON.stringify(ovenIds);
  const wanted = sql`(select value::int from json_array_elements_text(${list}::json))`;
  const before = await rowsByOven(tx, ovenIds);

  // The tree's rows once, with stand-in ids; each oven gets them with ids of its own.
  const shape = withoutIds(input.tree);
  const flat = flatten(shape);
  const kinds = ['categories', 'screens', 'buttons'] as const;
  const order = Object.fromEntries(
    kinds.map((k) => [k, new Map([...flat[k].keys()].map((id, i) => [id, i]))]),
  );
  const count = ovenIds.length;
  const drawn = {
    categories: await drawIds(tx, 'menu_categories', flat.categories.size * count),
    screens: await drawIds(tx, 'menu_screens', flat.screens.size * count),
    buttons: await drawIds(tx, 'menu_buttons', flat.buttons.size * count),
  };
  const after = new Map<number, MenuRows>();
  for (const [k, ovenId] of ovenIds.entries()) {
    const real = (kind: (typeof kinds)[number], id: number | null) =>
      id === null ? null : drawn[kind][k * flat[kind].size + order[kind]!.get(id)!]!;
    after.set(ovenId, {
      categories: [...flat.categories.values()].map((c) => ({ ...c, id: real('categories', c.id)! })),
      screens: [...flat.screens.values()].map((sc) => ({
        ...sc,
        id: real('screens', sc.id)!,
        categoryId: real('categories', sc.categoryId),
      })),
      buttons: [...flat.buttons.values()].map((b) => ({
        ...b,
        id: real('buttons', b.id)!,
        screenId: real('screens', b.screenId)!,
        categoryId: real('categories', b.categoryId),
      })),
    });
    out.set(ovenId, { version: 0, tree: mapMenu(shape, { id: real }), replaced: before.get(ovenId)! });
  }
  const all = <K extends keyof MenuRows>(kind: K) =>
    ovenIds.flatMap((id) => (after.get(id)![kind] as MenuRows[K]).map((r) => ({ ...r, ovenId: id })));

  await tx.execute(sql`set constraints all deferred`);
  await tx.execute(sql`delete from menu_buttons where oven_id in ${wanted}`);
  await tx.execute(sql`delete from menu_screens where oven_id in ${wanted}`);
  await tx.execute(sql`delete from menu_categories where oven_id in ${wanted}`);
  const categories = all('categories');
  if (categories.length > 0)
    await tx.execute(sql`
      insert into menu_categories (id, oven_id, name, icon)
      select id, "ovenId", name, icon
      from json_to_recordset(${await jsonArrayInTurns(categories, (c) => c)}::json)
        as x(id int, "ovenId" int, name text, icon text)`);
  const screens = all('screens');
  if (screens.length > 0)
    await tx.execute(sql`
      insert into menu_screens (id, oven_id, category_id, position)
      select id, "ovenId", "categoryId", position
      from json_to_recordset(${await jsonArrayInTurns(screens, (sc) => sc)}::json)
        as x(id int, "ovenId" int, "categoryId" int, position int)`);
  const buttons = all('buttons');
  if (buttons.length > 0)
    await tx.execute(sql`
      insert into menu_buttons (id, oven_id, screen_id, position, recipe_id, category_id, icon, color, favorite)
      select id, "ovenId", "screenId", position, "recipeId", "categoryId", icon, color, favorite
      from json_to_recordset(${await jsonArrayInTurns(buttons, (b) => b)}::json)
        as x(id int, "ovenId" int, "screenId" int, position int, "recipeId" int, "categoryId" int, icon text,
          color text, favorite boolean)`);
  await tx.execute(sql`set constraints all immediate`);

  const raised = await rowsOf<{ id: number; version: number }>(
    tx,
    sql`update ovens set version = version + 1, updated_at = now() where id in ${wanted}
        returning id, version`,
  );
  for (const r of raised) out.get(Number(r.id))!.version = Number(r.version);
  const revisions = await jsonArrayInTurns(
    ovenIds,
    (id) => ({
      ovenId: id,
      before: before.get(id)!,
      after: after.get(id)!,
    }),
    100,
  );
  await tx.execute(sql`
    insert into menu_revisions (oven_id, user_id, action, summary, summary_said, before, after)
    select "ovenId", ${input.userId}, ${input.action}, ${english(input.summary)},
      ${JSON.stringify(input.summary)}::jsonb, before, after
    from json_to_recordset(${revisions}::json) as x("ovenId" int, before jsonb, after jsonb)`);
  await recordActivity(
    tx,
    ovenIds.map((ovenId) => ({ userId: input.userId, action: input.action, summary: input.summary, ovenId })),
  );
  await publishEvents(
    tx,
    ovenIds.map((ovenId) => ({
      event: 'menu.changed' as const,
      ovenId,
      userId: input.userId,
      data: { action: input.action },
    })),
  );
  return out;
}
