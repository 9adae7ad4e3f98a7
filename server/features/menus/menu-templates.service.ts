import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type {
  ApplyResult,
  ApplyTemplateResponse,
  MenuTemplate,
  MenuTemplateDetail,
  TemplateOven,
} from '../../../shared/contracts/menus';
import { MENU_VERSION_LIMIT } from '../../../shared/contracts/menus';
import { TEMPLATE_APPLY_MAX, TEMPLATE_LIMIT, templateVersionName } from '../../../shared/domain/fleet';
import { buttonCount, type MenuTree, menuRecipeIds } from '../../../shared/domain/menu';
import { diffMenus } from '../../../shared/domain/menu-diff';
import type { Actor } from '../../../shared/domain/permissions';
import type { Db, DbOrTx } from '../../db/client';
import { ownLocationRef, ownOvensRef } from '../../db/location-store';
import { currentMenuSnapshot } from '../../db/menu-snapshot';
import { changeMenu, loadMenu, type OvenRow, ownOven, withoutIds } from '../../db/menu-store';
import { locations, menuTemplates, menuVersions, ovens, ovenTemplates, recipes } from '../../db/schema/index';
import { DomainError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';

type TemplateRow = typeof menuTemplates.$inferSelect;

/** A template of an empty menu would empty every oven it is applied to: refused, saying so. */
function notEmpty(ovenName: string, tree: MenuTree): MenuTree {
  if (buttonCount(tree) === 0)
    throw ValidationError.field(
      'oven_id',
      `${ovenName} has no buttons on its menu: a template of it would empty every oven it is applied to.`,
    );
  return tree;
}

/** Two menus compared by their buttons only: both open the same recipes, whose contents are not the template's. */
const structuralDiff = (from: MenuTree, to: MenuTree) =>
  diffMenus({ tree: from, recipes: {} }, { tree: to, recipes: {} }).lines;

/**
 * One menu for many ovens of one model. Applying it changes each oven in its own transaction (the same checked
 * `changeMenu` as every edit, so Undo takes it back on that oven), links the oven to the template's version, and
 * by default saves the result as a named version; one oven failing leaves the others applied, and says so.
 */
export function createMenuTemplatesService(deps: {
  db: Db;
  /** Where an unexpected failure on one oven is logged (the answer says only that it failed). */
  report?: (error: unknown, ovenId: number) => void;
}) {
  const { db } = deps;

  async function own(ownerId: number, id: number): Promise<TemplateRow> {
    const [row] = await db
      .select()
      .from(menuTemplates)
      .where(and(eq(menuTemplates.id, id), eq(menuTemplates.ownerId, ownerId)))
      .limit(1);
    if (!row) throw new NotFoundError('Template');
    return row;
  }

  async function appliedCount(templateId: number): Promise<number> {
    const [n] = await db
      .select({ n: count() })
      .from(ovenTemplates)
      .where(eq(ovenTemplates.templateId, templateId));
    return Number(n?.n ?? 0);
  }

  const toWire = (row: TemplateRow, applied: number): MenuTemplate => ({
    id: row.id,
    name: row.name,
    oven_type: row.ovenType,
    version: row.version,
    buttons: buttonCount(row.tree),
    ovens: applied,
    updated_at: row.updatedAt.toISOString(),
  });

  const taken = (name: string) =>
    ValidationError.field('name', `You already have a template named "${name}".`);

  /** A template's recipes must still be yours or the library's: a recipe deleted since cannot be put back. */
  async function checkRecipes(row: TemplateRow, ownerId: number) {
    const ids = menuRecipeIds(row.tree);
    if (ids.length === 0) return;
    const present = await db
      .select({ id: recipes.id, ownerId: recipes.ownerId, name: recipes.name })
      .from(recipes)
      .where(inArray(recipes.id, ids));
    const usable = new Set(
      present.filter((r) => r.ownerId === null || r.ownerId === ownerId).map((r) => r.id),
    );
    const gone = ids.filter((id) => !usable.has(id));
    if (gone.length > 0)
      throw ValidationError.field(
        'template',
        `"${row.name}" opens ${gone.length} recipe${gone.length === 1 ? '' : 's'} deleted since it was made: replace its menu from an oven first.`,
      );
  }

  /** The named version for this application: the one of that name if the oven has it, else a new one. */
  async function versionFor(tx: DbOrTx, oven: OvenRow, name: string, userId: number): Promise<number | null> {
    const [existing] = await tx
      .select({ id: menuVersions.id })
      .from(menuVersions)
      .where(and(eq(menuVersions.ovenId, oven.id), sql`lower(${menuVersions.name}) = lower(${name})`))
      .limit(1);
    if (existing) return existing.id;
    const [kept] = await tx.select({ n: count() }).from(menuVersions).where(eq(menuVersions.ovenId, oven.id));
    if (Number(kept?.n) >= MENU_VERSION_LIMIT) return null;
    const snapshot = await currentMenuSnapshot(tx, oven.id, oven.type);
    const [row] = await tx
      .insert(menuVersions)
      .values({ ovenId: oven.id, name, note: 'Applied from a template', createdBy: userId, ...snapshot })
      .returning({ id: menuVersions.id });
    return row!.id;
  }

  async function applyTo(
    actor: Actor,
    template: TemplateRow,
    oven: OvenRow,
    saveVersion: boolean,
  ): Promise<ApplyResult> {
    const base = { oven_id: oven.id, name: oven.name };
    if (oven.type !== template.ovenType)
      return {
        ...base,
        status: 'skipped',
        message: `${oven.name} is a ${oven.type}; this template is for ${template.ovenType} ovens.`,
      };
    const versionName = templateVersionName(template.name, template.version);
    let versionSaved: boolean | null = null;
    try {
      await changeMenu(db, {
        ownerId: actor.id,
        userId: actor.id,
        ovenId: oven.id,
        action: 'template-applied',
        mutate: () => ({
          tree: withoutIds(template.tree),
          summary: `Applied template "${template.name}" (v${template.version})`,
        }),
        afterWrite: async (tx, changed) => {
          await tx
            .insert(ovenTemplates)
            .values({
              ovenId: oven.id,
              templateId: template.id,
              templateVersion: template.version,
              ovenVersion: changed.version,
              appliedBy: actor.id,
            })
            .onConflictDoUpdate({
              target: ovenTemplates.ovenId,
              set: {
                templateId: template.id,
                templateVersion: template.version,
                ovenVersion: changed.version,
                appliedBy: actor.id,
                appliedAt: new Date(),
              },
            });
          if (!saveVersion) return changed;
          const versionId = await versionFor(tx, changed, versionName, actor.id);
          versionSaved = versionId !== null;
          if (versionId === null) return changed;
          const [row] = await tx
            .update(ovens)
            .set({ atVersionId: versionId, atOvenVersion: changed.version })
            .where(eq(ovens.id, oven.id))
            .returning();
          return row!;
        },
      });
    } catch (error) {
      if (!(error instanceof DomainError)) deps.report?.(error, oven.id);
      const why =
        error instanceof DomainError
          ? error.message
          : 'the database refused the change. Try this oven again.';
      return { ...base, status: 'failed', message: `Not changed: ${why}` };
    }
    return {
      ...base,
      status: 'applied',
      message:
        versionSaved === null
          ? 'Menu replaced.'
          : versionSaved
            ? `Menu replaced and saved as version "${versionName}".`
            : `Menu replaced, but not saved as a version: the oven keeps at most ${MENU_VERSION_LIMIT}.`,
    };
  }

  return {
    async list(actor: Actor): Promise<MenuTemplate[]> {
      const rows = await db
        .select({ template: menuTemplates, applied: count(ovenTemplates.ovenId) })
        .from(menuTemplates)
        .leftJoin(ovenTemplates, eq(ovenTemplates.templateId, menuTemplates.id))
        .where(eq(menuTemplates.ownerId, actor.id))
        .groupBy(menuTemplates.id)
        .orderBy(asc(menuTemplates.name), asc(menuTemplates.id));
      return rows.map((r) => toWire(r.template, Number(r.applied)));
    },

    async create(actor: Actor, input: { name: string; oven_id: number }): Promise<MenuTemplate> {
      const oven = await ownOven(db, actor.id, input.oven_id);
      const tree = notEmpty(oven.name, withoutIds(await loadMenu(db, oven.id, oven.type)));
      try {
        const row = await db.transaction(async (tx) => {
          const [kept] = await tx
            .select({ n: count() })
            .from(menuTemplates)
            .where(eq(menuTemplates.ownerId, actor.id));
          if (Number(kept?.n) >= TEMPLATE_LIMIT)
            throw ValidationError.field('name', `An account keeps at most ${TEMPLATE_LIMIT} templates.`);
          const [made] = await tx
            .insert(menuTemplates)
            .values({ ownerId: actor.id, name: input.name, ovenType: oven.type, tree })
            .returning();
          return made!;
        });
        return toWire(row, 0);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.name);
        throw error;
      }
    },

    /**
     * The template and the ovens it was applied to, each matching it (its current version, unchanged since), or
     * with the lines of how it differs: an oven whose version has not moved since it was applied is not compared.
     */
    async get(actor: Actor, id: number): Promise<MenuTemplateDetail> {
      const row = await own(actor.id, id);
      const linked = await db
        .select({ oven: ovens, link: ovenTemplates, location: { id: locations.id, name: locations.name } })
        .from(ovenTemplates)
        .innerJoin(ovens, eq(ovens.id, ovenTemplates.ovenId))
        .leftJoin(locations, eq(locations.id, ovens.locationId))
        .where(eq(ovenTemplates.templateId, row.id))
        .orderBy(asc(locations.name), asc(ovens.name), asc(ovens.id));
      const out: TemplateOven[] = [];
      for (const { oven, link, location } of linked) {
        const current = link.templateVersion === row.version;
        const untouched = current && link.ovenVersion === oven.version;
        const lines = untouched ? [] : structuralDiff(row.tree, await loadMenu(db, oven.id, oven.type));
        out.push({
          id: oven.id,
          name: oven.name,
          location: location?.id ? { id: location.id, name: location.name } : null,
          applied_version: link.templateVersion,
          applied_at: link.appliedAt.toISOString(),
          // An oven whose menu is the template's current one matches, even if it got it another way.
          match: lines.length === 0 ? 'matches' : current ? 'differs' : 'outdated',
          lines,
        });
      }
      return { ...toWire(row, linked.length), ovens_applied: out };
    },

    /** A new name and/or a new menu (from one of your ovens of the same model): a new menu is a new version. */
    async update(
      actor: Actor,
      id: number,
      input: { name?: string; oven_id?: number },
    ): Promise<MenuTemplate> {
      const row = await own(actor.id, id);
      let tree: MenuTree | undefined;
      if (input.oven_id !== undefined) {
        const oven = await ownOven(db, actor.id, input.oven_id);
        if (oven.type !== row.ovenType)
          throw ValidationError.field(
            'oven_id',
            `${oven.name} is a ${oven.type}; this template is for ${row.ovenType} ovens.`,
          );
        tree = notEmpty(oven.name, withoutIds(await loadMenu(db, oven.id, oven.type)));
      }
      try {
        const [updated] = await db
          .update(menuTemplates)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(tree ? { tree, version: row.version + 1 } : {}),
            updatedAt: new Date(),
          })
          .where(eq(menuTemplates.id, row.id))
          .returning();
        return toWire(updated!, await appliedCount(row.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.name ?? row.name);
        throw error;
      }
    },

    /** The template goes; the ovens keep their menus as they are. */
    async remove(actor: Actor, id: number): Promise<{ id: number; name: string }> {
      const row = await own(actor.id, id);
      await db.delete(menuTemplates).where(eq(menuTemplates.id, row.id));
      return { id: row.id, name: row.name };
    },

    /**
     * Checks an application before it is queued: the template is the user's, the ovens (by id, or a location's,
     * at most TEMPLATE_APPLY_MAX either way) are theirs, and every recipe the template places still is.
     */
    async applyTargets(
      actor: Actor,
      id: number,
      input: { oven_ids?: number[]; location_id?: number },
    ): Promise<{ templateId: number; ovenIds: number[] }> {
      const template = await own(actor.id, id);
      let ids: number[];
      if (input.location_id !== undefined) {
        const place = await ownLocationRef(db, actor.id, input.location_id);
        const rows = await db
          .select({ id: ovens.id })
          .from(ovens)
          .where(and(eq(ovens.ownerId, actor.id), eq(ovens.locationId, place.id)))
          .orderBy(asc(ovens.name), asc(ovens.id))
          .limit(TEMPLATE_APPLY_MAX + 1);
        if (rows.length === 0) throw ValidationError.field('location_id', `${place.name} has no ovens.`);
        if (rows.length > TEMPLATE_APPLY_MAX)
          throw ValidationError.field(
            'location_id',
            `${place.name} has more than ${TEMPLATE_APPLY_MAX} ovens; apply a template to at most ${TEMPLATE_APPLY_MAX} at once.`,
          );
        ids = rows.map((r) => r.id);
      } else {
        ids = (await ownOvensRef(db, actor.id, input.oven_ids ?? [])).map((o) => o.id);
      }
      await checkRecipes(template, actor.id);
      return { templateId: template.id, ovenIds: ids };
    },

    /**
     * Applies a template to ovens one after another, each in its own transaction (one that fails leaves the others
     * applied), calling `step` after each so the job reports progress and other requests get their turn.
     */
    async apply(
      actor: Actor,
      id: number,
      input: { ovenIds: number[]; save_version: boolean },
      step: (done: number, total: number) => Promise<void> = async () => {},
    ): Promise<ApplyTemplateResponse> {
      const template = await own(actor.id, id);
      const rows = input.ovenIds.length
        ? await db
            .select()
            .from(ovens)
            .where(and(eq(ovens.ownerId, actor.id), inArray(ovens.id, input.ovenIds)))
        : [];
      const byId = new Map(rows.map((o) => [o.id, o]));
      const results: ApplyResult[] = [];
      for (const [i, ovenId] of input.ovenIds.entries()) {
        const oven = byId.get(ovenId);
        // Queued a moment ago, deleted since: the others still get the template.
        results.push(
          oven
            ? await applyTo(actor, template, oven, input.save_version)
            : {
                oven_id: ovenId,
                name: `Oven ${ovenId}`,
                status: 'skipped',
                message: 'This oven was deleted before the template reached it.',
              },
        );
        await step(i + 1, input.ovenIds.length);
      }
      const tally = (s: ApplyResult['status']) => results.filter((r) => r.status === s).length;
      return {
        template: toWire(template, await appliedCount(template.id)),
        results,
        applied: tally('applied'),
        failed: tally('failed'),
        skipped: tally('skipped'),
      };
    },
  };
}

export type MenuTemplatesService = ReturnType<typeof createMenuTemplatesService>;
