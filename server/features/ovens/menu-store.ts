/**
 * An oven's menu in the database: read as the domain's tree, changed in one locked transaction that writes only the
 * rows that differ, with one revision row per change (docs/decisions/0015-menu-model.md). Used by the ovens, menus
 * and settings-files features.
 */

import { eq, inArray, sql } from 'drizzle-orm';
import {
  type CategoryButton,
  type MenuButton,
  type MenuTree,
  mapMenu,
  menuIssues,
  type RecipeButton,
} from '../../../shared/domain/menu';
import { findOvenModel, type OvenModel } from '../../../shared/domain/oven-models';
import { english } from '../../../shared/i18n/english';
import { type Said, said } from '../../../shared/i18n/said';
import { type DbOrTx, readTogether } from '../../db/client';
import { drawIds } from '../../db/draw-ids';
import { menuButtons, menuCategories, menuRevisions, menuScreens, ovens } from '../../db/schema/index';
import { ownerColumns, type Scope } from '../../db/scope';
import { recordActivity } from '../../db/team-activity-store';
import { publishEvents } from '../../db/webhook-events';
import { ConflictError, ValidationError } from '../../lib/errors';
import { jsonArrayInTurns, nextTurn } from '../../lib/in-turns';
import { modelOf, type OvenRow, ownOven } from './menu-access';

export interface ScreenRow {
  id: number;
  categoryId: number | null;
  position: number;
}
export interface CategoryRow {
  id: number;
  name: string;
  icon: string;
}
export interface ButtonRow {
  id: number;
  screenId: number;
  position: number;
  recipeId: number | null;
  categoryId: number | null;
  icon: string;
  color: string;
  favorite: boolean;
}
/** Rows of one menu, by kind: what a revision keeps of the rows a change touched. */
export interface MenuRows {
  screens: ScreenRow[];
  categories: CategoryRow[];
  buttons: ButtonRow[];
}

/** Changes that make a menu from nothing: the base of its history, not undone by Undo. */
export const BASE_ACTIONS = new Set(['created', 'duplicated', 'imported']);

/* ---------- Reading ---------- */

/** The oven's menu as the domain's tree, with the name and type of each recipe on it. */
export async function loadMenu(db: DbOrTx, ovenId: number, ovenType: string): Promise<MenuTree> {
  // Each table comes back as one JSON array of arrays: for a full oven (11,000 buttons) this is several times
  // faster than row by row, on PGlite especially.
  const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = (await db.execute(query)) as unknown as { rows: { list: T[] | string | null }[] };
    const list = result.rows[0]?.list ?? [];
    return typeof list === 'string' ? (JSON.parse(list) as T[]) : list;
  };
  const [screenRows, categoryRows, buttonRows] = await readTogether(
    db,
    () =>
      rowsOf<[number, number | null, number]>(sql`
      select json_agg(json_build_array(id, category_id, position) order by position) as list
      from menu_screens where oven_id = ${ovenId}`),
    () =>
      rowsOf<[number, string, string]>(sql`
      select json_agg(json_build_array(id, name, icon)) as list from menu_categories where oven_id = ${ovenId}`),
    () =>
      rowsOf<
        [
          number,
          number,
          number,
          number | null,
          number | null,
          string,
          string,
          boolean,
          string | null,
          string | null,
        ]
      >(sql`
      select json_agg(json_build_array(b.id, b.screen_id, b.position, b.recipe_id, b.category_id, b.icon, b.color,
        b.favorite, r.name, r.oven_type) order by b.position) as list
      from menu_buttons b left join recipes r on r.id = b.recipe_id where b.oven_id = ${ovenId}`),
  );
  // Rows as a revision keeps them, and the names of the recipes the buttons open: one tree-building for both.
  const recipes = new Map<number, { name: string; oven_type: string }>();
  const buttons: ButtonRow[] = buttonRows.map(
    ([id, screenId, position, recipeId, categoryId, icon, color, favorite, recipeName, recipeType]) => {
      if (recipeId !== null && recipeName !== null)
        recipes.set(recipeId, { name: recipeName, oven_type: recipeType ?? ovenType });
      return { id, screenId, position, recipeId, categoryId, icon, color, favorite };
    },
  );
  return treeFromRows(
    {
      screens: screenRows.map(([id, categoryId, position]) => ({ id, categoryId, position })),
      categories: categoryRows.map(([id, name, icon]) => ({ id, name, icon })),
      buttons,
    },
    ovenType,
    recipes,
  );
}

/* ---------- Writing ---------- */

interface Flat {
  screens: Map<number, ScreenRow>;
  categories: Map<number, CategoryRow>;
  buttons: Map<number, ButtonRow>;
}

/** The tree's rows by id; nodes not saved yet get negative ids, to be replaced by real ones on insert. */
export function flatten(tree: MenuTree): Flat {
  let temp = 0;
  const idOf = (node: { id: number | null }) => {
    node.id ??= --temp;
    return node.id;
  };
  const flat: Flat = { screens: new Map(), categories: new Map(), buttons: new Map() };
  const addButton = (b: MenuButton, screenId: number) => {
    const id = idOf(b);
    let categoryId: number | null = null;
    if (b.kind === 'category') {
      categoryId = idOf(b.category);
      flat.categories.set(categoryId, { id: categoryId, name: b.category.name, icon: b.category.icon });
      b.category.pages.forEach((page, p) => {
        const pageId = idOf(page);
        flat.screens.set(pageId, { id: pageId, categoryId, position: p + 1 });
        for (const pb of page.buttons) addButton(pb, pageId);
      });
    }
    flat.buttons.set(id, {
      id,
      screenId,
      position: b.position,
      recipeId: b.kind === 'recipe' ? b.recipe.id : null,
      categoryId,
      icon: b.icon,
      color: b.color,
      favorite: b.favorite,
    });
  };
  tree.screens.forEach((screen, i) => {
    const id = idOf(screen);
    flat.screens.set(id, { id, categoryId: null, position: i + 1 });
    for (const b of screen.buttons) addButton(b, id);
  });
  return flat;
}

/** Two rows hold the same values, whatever the order of their keys (jsonb keeps its own order). */
export function same(a: object, b: object): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/** Rows that exist, set to the values given: one statement per table, whatever the number of rows. */
export async function updateRows(tx: DbOrTx, rows: MenuRows): Promise<void> {
  if (rows.categories.length > 0)
    await tx.execute(sql`
      update menu_categories c set name = x.name, icon = x.icon
      from json_to_recordset(${JSON.stringify(rows.categories)}::json) as x(id int, name text, icon text)
      where c.id = x.id`);
  if (rows.screens.length > 0)
    await tx.execute(sql`
      update menu_screens s set category_id = x."categoryId", position = x.position
      from json_to_recordset(${JSON.stringify(rows.screens)}::json)
        as x(id int, "categoryId" int, position int)
      where s.id = x.id`);
  if (rows.buttons.length > 0)
    await tx.execute(sql`
      update menu_buttons b set screen_id = x."screenId", position = x.position, recipe_id = x."recipeId",
        category_id = x."categoryId", icon = x.icon, color = x.color, favorite = x.favorite
      from json_to_recordset(${await jsonArrayInTurns(rows.buttons, (b) => b)}::json)
        as x(id int, "screenId" int, position int, "recipeId" int, "categoryId" int, icon text, color text,
          favorite boolean)
      where b.id = x.id`);
}

/** Rows that were deleted, back with their ids: one statement per table (categories, screens, then buttons). */
export async function insertRows(tx: DbOrTx, ovenId: number, rows: MenuRows): Promise<void> {
  if (rows.categories.length > 0)
    await tx.execute(sql`
      insert into menu_categories (id, oven_id, name, icon)
      select id, ${ovenId}, name, icon
      from json_to_recordset(${JSON.stringify(rows.categories)}::json) as x(id int, name text, icon text)`);
  if (rows.screens.length > 0)
    await tx.execute(sql`
      insert into menu_screens (id, oven_id, category_id, position)
      select id, ${ovenId}, "categoryId", position
      from json_to_recordset(${JSON.stringify(rows.screens)}::json) as x(id int, "categoryId" int, position int)`);
  if (rows.buttons.length > 0)
    await tx.execute(sql`
      insert into menu_buttons (id, oven_id, screen_id, position, recipe_id, category_id, icon, color, favorite)
     
      select id, ${ovenId}, "screenId", position, "recipeId", "categoryId", icon, color, favorite
      from json_to_recordset(${await jsonArrayInTurns(rows.buttons, (b) => b)}::json)
        as x(id int, "screenId" int, position int, "recipeId" int, "categoryId" int, icon text, color text,
          favorite boolean)`);
}

/**
 * Writes the difference between two trees of one oven (ids of new nodes are filled in on `after`), and answers the
 * rows it touched, before and after.
 */
async function writeDifference(
  tx: DbOrTx,
  ovenId: number,
  before: MenuTree,
  after: MenuTree,
): Promise<{ before: MenuRows; after: MenuRows }> {
  const old = flatten(before);
  await nextTurn();
  const next = flatten(after);
  // Positions may be exchanged (a swap, a list closing up): uniqueness is checked when the transaction ends.
  await tx.execute(sql`set constraints all deferred`);

  const real = new Map<number, number>();
  const resolve = (id: number | null) => (id === null ? null : id < 0 ? real.get(id)! : id);

  const newCategories = [...next.categories.values()].filter((c) => c.id < 0);
  if (newCategories.length > 0) {
    const made = await tx
      .insert(menuCategories)
      .values(newCategories.map((c) => ({ ovenId, name: c.name, icon: c.icon })))
      .returning({ id: menuCategories.id });
    for (const [i, c] of newCategories.entries()) real.set(c.id, made[i]!.id);
  }
  const newScreens = [...next.screens.values()].filter((s) => s.id < 0);
  if (newScreens.length > 0) {
    const made = await tx
      .insert(menuScreens)
      .values(newScreens.map((s) => ({ ovenId, categoryId: resolve(s.categoryId), position: s.position })))
      .returning({ id: menuScreens.id });
    for (const [i, s] of newScreens.entries()) real.set(s.id, made[i]!.id);
  }
  const newButtons = [...next.buttons.values()].filter((b) => b.id < 0);
  if (newButtons.length > 0) {
    // Ids drawn first, then every new button in one statement from one JSON parameter: a full MiLO's 32,000
    // buttons cost two statements, and no query builder walks 290,000 parameters on the event loop.
    const ids = await drawIds(tx, 'menu_buttons', newButtons.length);
    const rows = await jsonArrayInTurns(newButtons, (b, i) => ({
      id: ids[i],
      oven_id: ovenId,
      screen_id: resolve(b.screenId)!,
      position: b.position,
      recipe_id: b.recipeId,
      category_id: resolve(b.categoryId),
      icon: b.icon,
      color: b.color,
      favorite: b.favorite,
    }));
    await tx.execute(sql`
      insert into menu_buttons (id, oven_id, screen_id, position, recipe_id, category_id, icon, color, favorite)
      select id, oven_id, screen_id, position, recipe_id, category_id, icon, color, favorite
      from json_to_recordset(${rows}::json) as x(id int, oven_id int, screen_id int,
        position int, recipe_id int, category_id int, icon text, color text, favorite boolean)`);
    for (const [i, b] of newButtons.entries()) real.set(b.id, ids[i]!);
  }

  // Ids on the tree, so the caller shows the saved menu.
  const fill = (node: { id: number | null }) => {
    if (node.id !== null && node.id < 0) node.id = real.get(node.id)!;
  };
  for (const screen of after.screens) {
    fill(screen);
    for (const b of screen.buttons) {
      fill(b);
      if (b.kind !== 'category') continue;
      fill(b.category);
      for (const page of b.category.pages) {
        fill(page);
        for (const pb of page.buttons) fill(pb);
      }
    }
  }

  const touched: { before: MenuRows; after: MenuRows } = {
    before: { screens: [], categories: [], buttons: [] },
    after: { screens: [], categories: [], buttons: [] },
  };
  const resolved = {
    screens: (s: ScreenRow): ScreenRow => ({ ...s, id: resolve(s.id)!, categoryId: resolve(s.categoryId) }),
    categories: (c: CategoryRow): CategoryRow => ({ ...c, id: resolve(c.id)! }),
    buttons: (b: ButtonRow): ButtonRow => ({
      ...b,
      id: resolve(b.id)!,
      screenId: resolve(b.screenId)!,
      categoryId: resolve(b.categoryId),
    }),
  };

  // Changed rows, each table in one statement whatever the number (a move in a 300-button list shifts them all).
  const changed = {
    categories: [] as CategoryRow[],
    screens: [] as ScreenRow[],
    buttons: [] as ButtonRow[],
  };
  for (const [id, row] of next.categories) {
    const was = old.categories.get(id);
    if (id < 0) touched.after.categories.push(resolved.categories(row));
    else if (was && !same(was, row)) {
      changed.categories.push(row);
      touched.before.categories.push(was);
      touched.after.categories.push(row);
    }
  }
  for (const [id, row] of next.screens) {
    const was = old.screens.get(id);
    const now = resolved.screens(row);
    if (id < 0) touched.after.screens.push(now);
    else if (was && !same(was, now)) {
      changed.screens.push(now);
      touched.before.screens.push(was);
      touched.after.screens.push(now);
    }
  }
  let seen = 0;
  for (const [id, row] of next.buttons) {
    if (++seen % 1_000 === 0) await nextTurn();
    const was = old.buttons.get(id);
    const now = resolved.buttons(row);
    if (id < 0) touched.after.buttons.push(now);
    else if (was && !same(was, now)) {
      changed.buttons.push(now);
      touched.before.buttons.push(was);
      touched.after.buttons.push(now);
    }
  }
  await updateRows(tx, changed);
  // Removed rows (buttons first: a category's button goes before the category).
  const gone = {
    buttons: [...old.buttons.values()].filter((b) => !next.buttons.has(b.id)),
    screens: [...old.screens.values()].filter((s) => !next.screens.has(s.id)),
    categories: [...old.categories.values()].filter((c) => !next.categories.has(c.id)),
  };
  if (gone.buttons.length > 0)
    await tx.delete(menuButtons).where(
      inArray(
        menuButtons.id,
        gone.buttons.map((b) => b.id),
      ),
    );
  if (gone.screens.length > 0)
    await tx.delete(menuScreens).where(
      inArray(
        menuScreens.id,
        gone.screens.map((s) => s.id),
      ),
    );
  if (gone.categories.length > 0)
    await tx.delete(menuCategories).where(
      inArray(
        menuCategories.id,
        gone.categories.map((c) => c.id),
      ),
    );
  touched.before.buttons.push(...gone.buttons);
  touched.before.screens.push(...gone.screens);
  touched.before.categories.push(...gone.categories);
  await tx.execute(sql`set constraints all immediate`);
  return touched;
}

export function checkMenu(tree: MenuTree, model: OvenModel): void {
  const issues = menuIssues(tree, model);
  if (issues.length > 0) {
    throw ValidationError.of({ [issues[0]!.path.join('.')]: [issues[0]!.said] });
  }
}

export interface MenuChange {
  /** The oven version the editor last saw: a newer one answers 409. */
  expectVersion?: number;
  action: string;
  /** Makes the new tree from the current one, and says in a sentence what it did. */
  mutate(
    tree: MenuTree,
    model: OvenModel,
    oven: OvenRow,
  ): Promise<{ tree: MenuTree; summary: Said }> | { tree: MenuTree; summary: Said };
  /** Runs in the change's transaction once it is written; returns the oven row as it then is. */
  afterWrite?(tx: DbOrTx, oven: OvenRow): Promise<OvenRow>;
}

export const STALE_MESSAGE = said('ruleMessages.changedElsewhere');

/**
 * One change to one oven's menu, all or nothing: the oven is locked, its tree read, the change applied and every
 * rule checked again, the differing rows written, the version raised and the change logged.
 */
export async function changeMenu(
  db: DbOrTx,
  input: { scope: Scope; userId: number; ovenId: number } & MenuChange,
): Promise<{ oven: OvenRow; tree: MenuTree }> {
  return db.transaction(async (tx) => {
    const oven = await ownOven(tx, input.scope, input.ovenId, true);
    if (input.expectVersion !== undefined && input.expectVersion !== oven.version)
      throw new ConflictError(STALE_MESSAGE, {}, { version: oven.version });
    const model = modelOf(oven);
    const before = await loadMenu(tx, oven.id, oven.type);
    // The domain's operations never change the tree they are given; a rule they refuse (MenuError) rolls back.
    const result = await input.mutate(before, model, oven);
    checkMenu(result.tree, model);
    const touched = await writeDifference(tx, oven.id, before, result.tree);
    const [updated] = await tx
      .update(ovens)
      .set({ version: oven.version + 1, updatedAt: new Date() })
      .where(eq(ovens.id, oven.id))
      .returning();
    await tx.insert(menuRevisions).values({
      ovenId: oven.id,
      userId: input.userId,
      action: input.action,
      summary: english(result.summary),
      summarySaid: result.summary,
      before: touched.before,
      after: touched.after,
    });
    await recordActivity(tx, {
      userId: input.userId,
      action: input.action,
      summary: result.summary,
      ovenId: oven.id,
    });
    await publishEvents(tx, {
      event: 'menu.changed',
      ovenId: oven.id,
      userId: input.userId,
      data: { action: input.action },
    });
    // What belongs with the change (a version pointer, a template link) commits or rolls back with it.
    const after = input.afterWrite ? await input.afterWrite(tx, updated!) : updated!;
    return { oven: after, tree: result.tree };
  });
}

/**
 * A new oven with its whole menu (created, duplicated or imported), logged as the base of its history. The tree
 * given is the caller's own new one: its nodes get their ids in place (a copy of a full MiLO's cost 60 ms).
 */
export async function createOvenWithMenu(
  tx: DbOrTx,
  input: {
    scope: Scope;
    userId: number;
    name: string;
    type: string;
    warmUps: { name: string; temperature: number }[];
    tree: MenuTree;
    locationId?: number | null;
    action: 'created' | 'duplicated' | 'imported';
    summary: Said;
  },
): Promise<{ oven: OvenRow; tree: MenuTree }> {
  const model = findOvenModel(input.type);
  if (!model) throw ValidationError.field('type', said('rules.ovenType'));
  checkMenu(input.tree, model);
  const [oven] = await tx
    .insert(ovens)
    .values({
      ...ownerColumns(input.scope),
      createdBy: input.userId,
      name: input.name,
      type: input.type,
      warmUps: input.warmUps,
      locationId: input.locationId ?? null,
    })
    .returning();
  const tree = input.tree;
  await writeDifference(tx, oven!.id, { screens: [] }, tree);
  await tx.insert(menuRevisions).values({
    ovenId: oven!.id,
    userId: input.userId,
    action: input.action,
    summary: english(input.summary),
    summarySaid: input.summary,
    before: {},
    after: {},
  });
  await recordActivity(tx, {
    userId: input.userId,
    action: input.action,
    summary: input.summary,
    ovenId: oven!.id,
  });
  return { oven: oven!, tree };
}

/**
 * A menu's rows (as a revision or `replaceMenus` keeps them) as the domain's tree, its recipes named from
 * `recipes` (a recipe no longer there keeps its id, with no name).
 */
export function treeFromRows(
  rows: MenuRows,
  ovenType: string,
  recipes: ReadonlyMap<number, { name: string; oven_type: string }>,
): MenuTree {
  const categories = new Map(rows.categories.map((c) => [c.id, c]));
  // Grouped, then put in position order where they are not already (rows read from the tables come in order).
  const byPosition = <T extends { position: number }>(groups: Map<number, T[]>) => {
    for (const list of groups.values())
      for (let i = 1; i < list.length; i++)
        if (list[i - 1]!.position > list[i]!.position) {
          list.sort((x, y) => x.position - y.position);
          break;
        }
    return groups;
  };
  const pagesOf = new Map<number, ScreenRow[]>();
  for (const sc of rows.screens) {
    if (sc.categoryId === null) continue;
    const list = pagesOf.get(sc.categoryId);
    if (list) list.push(sc);
    else pagesOf.set(sc.categoryId, [sc]);
  }
  byPosition(pagesOf);
  const buttonsOf = new Map<number, ButtonRow[]>();
  for (const b of rows.buttons) {
    const list = buttonsOf.get(b.screenId);
    if (list) list.push(b);
    else buttonsOf.set(b.screenId, [b]);
  }
  byPosition(buttonsOf);
  const toButton = (b: ButtonRow): MenuButton => {
    const base = {
      id: b.id,
      position: b.position,
      icon: b.icon,
      color: b.color as MenuButton['color'],
      favorite: b.favorite,
    };
    if (b.categoryId !== null) {
      const c = categories.get(b.categoryId)!;
      return {
        ...base,
        kind: 'category',
        category: {
          id: c.id,
          name: c.name,
          icon: c.icon,
          pages: (pagesOf.get(c.id) ?? []).map((p) => ({
            id: p.id,
            buttons: (buttonsOf.get(p.id) ?? []).map(toButton) as RecipeButton[],
          })),
        },
      };
    }
    const r = recipes.get(b.recipeId!);
    return {
      ...base,
      kind: 'recipe',
      recipe: { id: b.recipeId!, name: r?.name ?? '', ovenType: r?.oven_type ?? ovenType },
    };
  };
  return {
    screens: rows.screens
      .filter((sc) => sc.categoryId === null)
      .sort((a, b) => a.position - b.position)
      .map((sc) => ({ id: sc.id, buttons: (buttonsOf.get(sc.id) ?? []).map(toButton) })),
  };
}

/** A copy of a tree with no ids, to be saved as a new menu. */
export function withoutIds(tree: MenuTree): MenuTree {
  return mapMenu(tree, { id: () => null });
}

export type { CategoryButton };
