/**
 * A menu's history: the state of Undo and Redo, and taking a change back or doing it again, each from the
 * revision rows its change wrote (the menu store writes them).
 */
/**
 * An oven's menu in the database: read as the domain's tree, changed in one locked transaction that writes only the
 * rows that differ, with one revision row per change (docs/decisions/0015-menu-model.md). Used by the ovens, menus
 * and settings-files features.
 */

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MenuTree } from '../../../shared/domain/menu';
import { english } from '../../../shared/i18n/english';
import { asWritten, isSaid, type Said, said } from '../../../shared/i18n/said';
import { type Db, type DbOrTx, readTogether } from '../../db/client';
import {
  menuButtons,
  menuCategories,
  menuRevisions,
  menuScreens,
  ovens,
  recipes,
  users,
} from '../../db/schema/index';
import type { Scope } from '../../db/scope';
import { recordActivity } from '../../db/team-activity-store';
import { publishEvents } from '../../db/webhook-events';
import { ConflictError } from '../../lib/errors';
import { modelOf, type OvenRow, ownOven } from './menu-access';
import {
  BASE_ACTIONS,
  checkMenu,
  insertRows,
  loadMenu,
  type MenuRows,
  STALE_MESSAGE,
  same,
  updateRows,
} from './menu-store';

/* ---------- History and undo ---------- */

/** What Undo would revert, and who made the last change. */
export async function menuHistoryState(
  db: DbOrTx,
  ovenId: number,
): Promise<{
  canUndo: boolean;
  canRedo: boolean;
  last: { summary: string; said: Said; at: string; by: string | null } | null;
}> {
  const [[last], undoable, redoable] = await readTogether(
    db,
    () =>
      db
        .select({
          summary: menuRevisions.summary,
          said: menuRevisions.summarySaid,
          at: menuRevisions.createdAt,
          by: users.username,
        })
        .from(menuRevisions)
        .leftJoin(users, eq(users.id, menuRevisions.userId))
        .where(eq(menuRevisions.ovenId, ovenId))
        .orderBy(desc(menuRevisions.id))
        .limit(1),
    () => nextUndo(db, ovenId),
    () => nextRedo(db, ovenId),
  );
  return {
    canUndo: undoable !== undefined,
    canRedo: redoable !== undefined,
    last: last
      ? {
          summary: last.summary,
          said: last.said ?? asWritten(last.summary),
          at: last.at.toISOString(),
          by: last.by,
        }
      : null,
  };
}

/** Undo and redo steps looked back over for Redo; a trail longer than this is not redone further. */
const REDO_DEPTH = 100;

/**
 * The undo Redo would take back: walking back from the newest revision over redos and spent undos, the first undo
 * not yet redone; none once an ordinary change comes first.
 */
async function nextRedo(db: DbOrTx, ovenId: number): Promise<number | undefined> {
  // Only the pointers are walked: a revision's rows (a whole menu, for a template) are read for the one redone.
  const rows = await db
    .select({
      id: menuRevisions.id,
      action: menuRevisions.action,
      undoesId: menuRevisions.undoesId,
      undoneById: menuRevisions.undoneById,
    })
    .from(menuRevisions)
    .where(eq(menuRevisions.ovenId, ovenId))
    .orderBy(desc(menuRevisions.id))
    .limit(REDO_DEPTH);
  for (const row of rows) {
    if (row.action === 'redo') continue;
    if (row.undoesId === null) return undefined;
    if (row.undoneById === null) return row.id;
  }
  return undefined;
}

/** The latest change not yet undone (never the base of the history), by id. */
async function nextUndo(db: DbOrTx, ovenId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: menuRevisions.id, action: menuRevisions.action })
    .from(menuRevisions)
    .where(
      and(eq(menuRevisions.ovenId, ovenId), isNull(menuRevisions.undoesId), isNull(menuRevisions.undoneById)),
    )
    .orderBy(desc(menuRevisions.id))
    .limit(1);
  return row && !BASE_ACTIONS.has(row.action) ? row.id : undefined;
}

/** One revision with the rows it keeps, for the undo or redo that reverts it. */
async function revisionRows(db: DbOrTx, id: number) {
  const [row] = await db.select().from(menuRevisions).where(eq(menuRevisions.id, id)).limit(1);
  return row!;
}

async function currentRows(tx: DbOrTx, ids: { screens: number[]; categories: number[]; buttons: number[] }) {
  const [screens, categories, buttons] = await readTogether(
    tx,
    () =>
      ids.screens.length
        ? tx
            .select({
              id: menuScreens.id,
              categoryId: menuScreens.categoryId,
              position: menuScreens.position,
            })
            .from(menuScreens)
            .where(inArray(menuScreens.id, ids.screens))
        : [],
    () =>
      ids.categories.length
        ? tx
            .select({ id: menuCategories.id, name: menuCategories.name, icon: menuCategories.icon })
            .from(menuCategories)
            .where(inArray(menuCategories.id, ids.categories))
        : [],
    () =>
      ids.buttons.length
        ? tx
            .select({
              id: menuButtons.id,
              screenId: menuButtons.screenId,
              position: menuButtons.position,
              recipeId: menuButtons.recipeId,
              categoryId: menuButtons.categoryId,
              icon: menuButtons.icon,
              color: menuButtons.color,
              favorite: menuButtons.favorite,
            })
            .from(menuButtons)
            .where(inArray(menuButtons.id, ids.buttons))
        : [],
  );
  return { screens, categories, buttons } as MenuRows;
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

/** Why an undo or a redo is refused, whole sentences (the screens translate each). */
const REFUSALS = {
  undone: {
    changed: said('ruleMessages.cannotUndo'),
    deleted: said('ruleMessages.cannotUndoDeleted'),
    deletedMany: (n: number) => said('ruleMessages.cannotUndoDeletedMany', { n }),
  },
  redone: {
    changed: said('ruleMessages.cannotRedo'),
    deleted: said('ruleMessages.cannotRedoDeleted'),
    deletedMany: (n: number) => said('ruleMessages.cannotRedoDeletedMany', { n }),
  },
};

/**
 * Puts back what `revision` found (its `before` rows): what it created goes, what it changed or deleted comes back
 * with its ids, each table in one statement. Refused (409) when those rows no longer look as it left them.
 */
async function revert(
  tx: DbOrTx,
  oven: OvenRow,
  revision: { before: unknown; after: unknown },
  verb: 'undone' | 'redone',
) {
  const refused = REFUSALS[verb];
  const before = revision.before as MenuRows;
  const after = revision.after as MenuRows;
  const ids = (kind: keyof MenuRows) => [...new Set([...before[kind], ...after[kind]].map((r) => r.id))];
  const now = await currentRows(tx, {
    screens: ids('screens'),
    categories: ids('categories'),
    buttons: ids('buttons'),
  });
  for (const kind of ['screens', 'categories', 'buttons'] as const) {
    const current = byId(now[kind] as { id: number }[]);
    const expected = byId(after[kind] as { id: number }[]);
    const drifted =
      [...expected.values()].some((row) => !current.has(row.id) || !same(current.get(row.id)!, row)) ||
      (before[kind] as { id: number }[]).some((row) => !expected.has(row.id) && current.has(row.id));
    if (drifted) throw new ConflictError(refused.changed);
  }
  // A button that comes back must open a recipe that still exists: one deleted since makes the change final.
  // The rows found are held (key share) so a delete cannot slip in before this commits.
  const wanted = [
    ...new Set(before.buttons.map((b) => b.recipeId).filter((id): id is number => id !== null)),
  ];
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: recipes.id })
      .from(recipes)
      .where(inArray(recipes.id, wanted))
      .for('key share');
    const gone = wanted.length - found.length;
    if (gone > 0) throw new ConflictError(gone === 1 ? refused.deleted : refused.deletedMany(gone));
  }

  await tx.execute(sql`set constraints all deferred`);
  // What the change created goes (buttons first).
  const created = (kind: keyof MenuRows) => {
    const was = byId(before[kind] as { id: number }[]);
    return (after[kind] as { id: number }[]).filter((r) => !was.has(r.id)).map((r) => r.id);
  };
  if (created('buttons').length)
    await tx.delete(menuButtons).where(inArray(menuButtons.id, created('buttons')));
  if (created('screens').length)
    await tx.delete(menuScreens).where(inArray(menuScreens.id, created('screens')));
  if (created('categories').length)
    await tx.delete(menuCategories).where(inArray(menuCategories.id, created('categories')));
  const present = {
    screens: byId(now.screens),
    categories: byId(now.categories),
    buttons: byId(now.buttons),
  };
  const split = <K extends keyof MenuRows>(kind: K) => {
    const rows = before[kind] as MenuRows[K];
    const here = present[kind] as Map<number, unknown>;
    return {
      back: rows.filter((r) => !here.has(r.id)) as MenuRows[K],
      set: rows.filter((r) => here.has(r.id)) as MenuRows[K],
    };
  };
  const [categories, screens, buttons] = [split('categories'), split('screens'), split('buttons')];
  await insertRows(tx, oven.id, {
    categories: categories.back,
    screens: screens.back,
    buttons: buttons.back,
  });
  await updateRows(tx, { categories: categories.set, screens: screens.set, buttons: buttons.set });
  await tx.execute(sql`set constraints all immediate`);

  const tree = await loadMenu(tx, oven.id, oven.type);
  checkMenu(tree, modelOf(oven));
  const [updated] = await tx
    .update(ovens)
    .set({ version: oven.version + 1, updatedAt: new Date() })
    .where(eq(ovens.id, oven.id))
    .returning();
  return { oven: updated!, tree };
}

/**
 * Reverts the latest change not yet undone (a redo included). The undo is itself logged, pointing at what it
 * reverted, so Redo can put that change back.
 */
export async function undoLastChange(
  db: Db,
  input: { scope: Scope; userId: number; ovenId: number; expectVersion?: number },
): Promise<{ oven: OvenRow; tree: MenuTree; undone: Said }> {
  return db.transaction(async (tx) => {
    const oven = await ownOven(tx, input.scope, input.ovenId, true);
    if (input.expectVersion !== undefined && input.expectVersion !== oven.version)
      throw new ConflictError(STALE_MESSAGE, {}, { version: oven.version });
    const undoable = await nextUndo(tx, oven.id);
    if (undoable === undefined) throw new ConflictError(said('ruleMessages.nothingToUndo'));
    const revision = await revisionRows(tx, undoable);
    const result = await revert(tx, oven, revision, 'undone');
    const undone = revision.summarySaid ?? asWritten(revision.summary);
    const summary = said('ruleMessages.undid', { what: undone });
    const [undo] = await tx
      .insert(menuRevisions)
      .values({
        ovenId: oven.id,
        userId: input.userId,
        action: 'undo',
        summary: english(summary),
        summarySaid: summary,
        before: revision.after,
        after: revision.before,
        undoesId: revision.id,
      })
      .returning({ id: menuRevisions.id });
    await tx.update(menuRevisions).set({ undoneById: undo!.id }).where(eq(menuRevisions.id, revision.id));
    await recordActivity(tx, {
      userId: input.userId,
      action: 'undo',
      summary,
      ovenId: oven.id,
    });
    await publishEvents(tx, {
      event: 'menu.changed',
      ovenId: oven.id,
      userId: input.userId,
      data: { action: 'undo' },
    });
    return { ...result, undone };
  });
}

/**
 * Puts back the change the latest undo took away, as long as nothing new was changed since (a new change ends the
 * redo trail, as in every editor). The redo is an ordinary change: Undo takes it back again.
 */
export async function redoLastUndo(
  db: Db,
  input: { scope: Scope; userId: number; ovenId: number; expectVersion?: number },
): Promise<{ oven: OvenRow; tree: MenuTree; redone: Said }> {
  return db.transaction(async (tx) => {
    const oven = await ownOven(tx, input.scope, input.ovenId, true);
    if (input.expectVersion !== undefined && input.expectVersion !== oven.version)
      throw new ConflictError(STALE_MESSAGE, {}, { version: oven.version });
    const redoable = await nextRedo(tx, oven.id);
    if (redoable === undefined) throw new ConflictError(said('ruleMessages.nothingToRedo'));
    const undo = await revisionRows(tx, redoable);
    const result = await revert(tx, oven, undo, 'redone');
    // What the undo took away: its "Undid: …" holds it (a row from before keeps its English).
    const undid = undo.summarySaid;
    const summary =
      undid?.key === 'ruleMessages.undid' && undid.params && isSaid(undid.params.what)
        ? undid.params.what
        : asWritten(undo.summary.replace(/^Undid: /, ''));
    const [redo] = await tx
      .insert(menuRevisions)
      .values({
        ovenId: oven.id,
        userId: input.userId,
        action: 'redo',
        summary: english(summary),
        summarySaid: summary,
        before: undo.after,
        after: undo.before,
      })
      .returning({ id: menuRevisions.id });
    // The undo is spent: marked as taken back by this redo.
    await tx.update(menuRevisions).set({ undoneById: redo!.id }).where(eq(menuRevisions.id, undo.id));
    await recordActivity(tx, {
      userId: input.userId,
      action: 'redo',
      summary: said('ruleMessages.redid', { what: summary }),
      ovenId: oven.id,
    });
    await publishEvents(tx, {
      event: 'menu.changed',
      ovenId: oven.id,
      userId: input.userId,
      data: { action: 'redo' },
    });
    return { ...result, redone: summary };
  });
}
