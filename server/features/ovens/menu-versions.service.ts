import { and, desc, eq, inArray } from 'drizzle-orm';
import { MENU_VERSION_LIMIT, type MenuDiffResponse, type MenuVersion } from '../../../shared/contracts/menus';
import { buttonCount, diffMenus, type MenuSnapshot, menuRecipeIds } from '../../../shared/domain/menu';
import { type Actor, canPutOnMenu } from '../../../shared/domain/permissions';
import { english } from '../../../shared/i18n/english';
import { said } from '../../../shared/i18n/said';
import type { Db } from '../../db/client';
import { menuVersions, ovens, recipes, users } from '../../db/schema/index';
import { scopeOf } from '../../db/scope';
import { recordActivity } from '../../db/team-activity-store';
import { ConflictError, NotFoundError, pgCode, ValidationError } from '../../lib/errors';
import { lineOut } from '../../lib/said-out';
import { ownOven } from './menu-access';
import { currentMenuSnapshot } from './menu-snapshot';
import { changeMenu, loadMenu, withoutIds } from './menu-store';
import { markAtVersions, saveVersions, versionCounts } from './menu-versions-bulk';

type VersionRow = typeof menuVersions.$inferSelect;

/**
 * Named versions of an oven's menu (kept immutably with their recipes as they were), the difference between any
 * two or between one and the current menu, and restoring one as a change of its own (so Undo takes it back).
 */
export function createMenuVersionsService(deps: { db: Db }) {
  const { db } = deps;

  async function versionOf(ovenId: number, versionId: number): Promise<VersionRow> {
    const [row] = await db
      .select()
      .from(menuVersions)
      .where(and(eq(menuVersions.id, versionId), eq(menuVersions.ovenId, ovenId)))
      .limit(1);
    if (!row) throw new NotFoundError('Version');
    return row;
  }

  const toWire = (row: VersionRow, by: string | null): MenuVersion => ({
    id: row.id,
    name: row.name,
    note: row.note,
    name_said: row.nameSaid ?? null,
    note_said: row.noteSaid ?? null,
    created_at: row.createdAt.toISOString(),
    created_by: by,
    buttons: buttonCount(row.tree),
    recipes: Object.keys(row.recipes).length,
  });

  return {
    async list(actor: Actor, ovenId: number): Promise<MenuVersion[]> {
      await ownOven(db, scopeOf(actor), ovenId);
      const rows = await db
        .select({ version: menuVersions, by: users.username })
        .from(menuVersions)
        .leftJoin(users, eq(users.id, menuVersions.createdBy))
        .where(eq(menuVersions.ovenId, ovenId))
        .orderBy(desc(menuVersions.id));
      return rows.map((r) => toWire(r.version, r.by));
    },

    async save(actor: Actor & { username: string }, ovenId: number, input: { name: string; note: string }) {
      return db.transaction(async (tx) => {
        // Locked, so two saves of one oven count its versions one after the other.
        const oven = await ownOven(tx, scopeOf(actor), ovenId, true);
        const tree = await loadMenu(tx, oven.id, oven.type);
        const saved = (
          await saveVersions(tx, {
            userId: actor.id,
            name: input.name,
            note: input.note,
            ovens: [{ id: oven.id, tree }],
            counts: await versionCounts(tx, [oven.id]),
          })
        ).get(oven.id);
        if (saved?.status === 'full')
          throw ValidationError.field('name', said('ruleMessages.versionsFull', { n: MENU_VERSION_LIMIT }));
        if (saved?.status !== 'saved')
          throw ValidationError.field('name', said('ruleMessages.versionExists', { name: input.name }));
        await markAtVersions(tx, [{ ovenId: oven.id, versionId: saved.id, ovenVersion: oven.version }]);
        await recordActivity(tx, {
          userId: actor.id,
          action: 'version.saved',
          summary: said('ruleMessages.savedVersion', { name: input.name }),
          ovenId: oven.id,
        });
        const wire: MenuVersion = {
          id: saved.id,
          name: input.name,
          note: input.note,
          name_said: null,
          note_said: null,
          created_at: saved.createdAt.toISOString(),
          created_by: actor.username,
          buttons: buttonCount(tree),
          recipes: saved.recipes,
        };
        return wire;
      });
    },

    /** From the version to `against` (the current menu, or another version of the same oven). */
    async diff(
      actor: Actor,
      ovenId: number,
      versionId: number,
      against: 'current' | number,
    ): Promise<MenuDiffResponse> {
      const oven = await ownOven(db, scopeOf(actor), ovenId);
      const from = await versionOf(ovenId, versionId);
      let to: MenuSnapshot;
      let toRef: MenuDiffResponse['to'];
      if (against === 'current') {
        to = await currentMenuSnapshot(db, oven.id, oven.type);
        toRef = { id: null, name: 'Current menu' };
      } else {
        const other = await versionOf(ovenId, against);
        to = { tree: other.tree, recipes: other.recipes };
        toRef = { id: other.id, name: other.name };
      }
      const diff = diffMenus({ tree: from.tree, recipes: from.recipes }, to);
      return {
        from: { id: from.id, name: from.name },
        to: toRef,
        lines: diff.lines.map(lineOut),
        highlight: against === 'current' ? diff.highlight : [],
        removed:
          against === 'current'
            ? diff.vacated.map((v) => ({
                screen_id: v.screenId,
                position: v.position,
                name: english(v.label),
                name_said: v.label,
              }))
            : [],
      };
    },

    /**
     * The oven's menu becomes the version's again, in one transaction, logged as a change (Undo reverts it). The
     * buttons open today's recipes: a recipe deleted since cannot come back, and the restore says which.
     */
    async restore(actor: Actor, ovenId: number, versionId: number, expectVersion?: number) {
      await ownOven(db, scopeOf(actor), ovenId);
      const version = await versionOf(ovenId, versionId);
      const ids = menuRecipeIds(version.tree);
      const present = ids.length
        ? await db
            .select({ id: recipes.id, teamId: recipes.teamId })
            .from(recipes)
            .where(inArray(recipes.id, ids))
        : [];
      const usable = new Set(present.filter((r) => canPutOnMenu(actor, r)).map((r) => r.id));
      const gone = ids.filter((id) => !usable.has(id));
      if (gone.length > 0) {
        const names = gone.slice(0, 5).map((id) => version.recipes[id]?.name ?? `#${id}`);
        throw ValidationError.field(
          'version',
          said(gone.length === 1 ? 'ruleMessages.restoreGoneOne' : 'ruleMessages.restoreGoneMany', {
            name: version.name,
            list: `${names.join(', ')}${gone.length > 5 ? ', …' : ''}`,
          }),
        );
      }
      try {
        const result = await changeMenu(db, {
          scope: scopeOf(actor),
          userId: actor.id,
          ovenId,
          expectVersion,
          action: 'version-restored',
          mutate: () => ({
            tree: withoutIds(version.tree),
            summary: said('ruleMessages.restoredVersion', { name: version.name }),
          }),
          afterWrite: async (tx, oven) => {
            const [row] = await tx
              .update(ovens)
              .set({ atVersionId: version.id, atOvenVersion: oven.version })
              .where(eq(ovens.id, oven.id))
              .returning();
            return row!;
          },
        });
        return { ...result, restored: version.name };
      } catch (error) {
        // A recipe deleted between the check and the write: nothing was changed.
        if (pgCode(error) === '23503') throw new ConflictError(said('ruleMessages.versionRecipeDeleted'));
        throw error;
      }
    },
  };
}

export type MenuVersionsService = ReturnType<typeof createMenuVersionsService>;
