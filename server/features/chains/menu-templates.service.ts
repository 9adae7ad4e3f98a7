import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type {
  ApplyResult,
  ApplyTemplateResponse,
  MenuTemplate,
  MenuTemplateDetail,
  TemplateOven,
  TemplatePreview,
  TemplatePreviewOven,
} from '../../../shared/contracts/chains';
import { layoutOf, TEMPLATE_PREVIEW_DETAIL } from '../../../shared/contracts/chains';
import { TEMPLATE_APPLY_MAX, TEMPLATE_LIMIT } from '../../../shared/domain/fleet';
import { buttonCount, type MenuTree, menuRecipeIds } from '../../../shared/domain/menu';
import type { Actor } from '../../../shared/domain/permissions';
import { countSaid } from '../../../shared/domain/words';
import { type Said, said } from '../../../shared/i18n/said';
import type { Db } from '../../db/client';
import { ownLocationRef, ownOvensRef } from '../../db/location-store';
import { recipesByIds } from '../../db/recipe-store';
import { locations, menuTemplates, ovens, ovenTemplates, recipes } from '../../db/schema/index';
import { inScope, ownedId, ownerColumns, type Scope, scopeOf } from '../../db/scope';
import { publishEvents } from '../../db/webhook-events';
import { DomainError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';
import { saidOut } from '../../lib/said-out';
import { loadMenu, loadMenus, type OvenRow, ownOven, withCurrentNames, withoutIds } from '../ovens';
import {
  applied,
  applyBatch,
  batchSize,
  deletedBefore,
  notEmpty,
  structuralDiff,
  type TemplateRow,
} from './menu-template-apply';

export function createMenuTemplatesService(deps: {
  db: Db;
  /** Where an unexpected failure on one oven is logged (the answer says only that it failed). */
  report?: (error: unknown, ovenId: number) => void;
}) {
  const { db } = deps;

  async function own(scope: Scope, id: number): Promise<TemplateRow> {
    const [row] = await db.select().from(menuTemplates).where(ownedId.template(scope, id)).limit(1);
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
    ValidationError.field('name', said('ruleMessages.templateExists', { name }));

  /** A template's recipes must still be yours or the library's: a recipe deleted since cannot be put back. */
  async function checkRecipes(row: TemplateRow, scope: Scope) {
    const ids = menuRecipeIds(row.tree);
    if (ids.length === 0) return;
    const present = await db
      .select({ id: recipes.id })
      .from(recipes)
      .where(and(inArray(recipes.id, ids), inScope.menuRecipes(scope)));
    const usable = new Set(present.map((r) => r.id));
    const gone = ids.filter((id) => !usable.has(id));
    if (gone.length > 0)
      throw ValidationError.field(
        'template',
        said('ruleMessages.templateRecipesGone', {
          name: row.name,
          recipes: countSaid(gone.length, 'recipe'),
        }),
      );
  }

  return {
    async list(actor: Actor): Promise<MenuTemplate[]> {
      const rows = await db
        .select({ template: menuTemplates, applied: count(ovenTemplates.ovenId) })
        .from(menuTemplates)
        .leftJoin(ovenTemplates, eq(ovenTemplates.templateId, menuTemplates.id))
        .where(inScope.templates(scopeOf(actor)))
        .groupBy(menuTemplates.id)
        // Numbers by value ("Menu 2" before "Menu 10"), case and accents aside, as the other lists: a team keeps
        // a few templates, so the rule runs here without a column of its own.
        .orderBy(sql`natural_sort_key(${menuTemplates.name})`, asc(menuTemplates.id));
      return rows.map((r) => toWire(r.template, Number(r.applied)));
    },

    async create(actor: Actor, input: { name: string; oven_id: number }): Promise<MenuTemplate> {
      const oven = await ownOven(db, scopeOf(actor), input.oven_id);
      const tree = notEmpty(oven.name, withoutIds(await loadMenu(db, oven.id, oven.type)));
      try {
        const row = await db.transaction(async (tx) => {
          const [kept] = await tx
            .select({ n: count() })
            .from(menuTemplates)
            .where(inScope.templates(scopeOf(actor)));
          if (Number(kept?.n) >= TEMPLATE_LIMIT)
            throw ValidationError.field('name', said('ruleMessages.templateLimit', { n: TEMPLATE_LIMIT }));
          const [made] = await tx
            .insert(menuTemplates)
            .values({ ...ownerColumns(scopeOf(actor)), name: input.name, ovenType: oven.type, tree })
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
      const row = await own(scopeOf(actor), id);
      const linked = await db
        .select({ oven: ovens, link: ovenTemplates, location: { id: locations.id, name: locations.name } })
        .from(ovenTemplates)
        .innerJoin(ovens, eq(ovens.id, ovenTemplates.ovenId))
        .leftJoin(locations, eq(locations.id, ovens.locationId))
        .where(eq(ovenTemplates.templateId, row.id))
        .orderBy(asc(locations.sortKey), asc(ovens.sortKey), asc(ovens.id));
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
      return { ...toWire(row, linked.length), ovens_applied: out, layout: layoutOf(row.tree) };
    },

    /** A new name and/or a new menu (from one of your ovens of the same model): a new menu is a new version. */
    async update(
      actor: Actor,
      id: number,
      input: { name?: string; oven_id?: number },
    ): Promise<MenuTemplate> {
      const row = await own(scopeOf(actor), id);
      let tree: MenuTree | undefined;
      if (input.oven_id !== undefined) {
        const oven = await ownOven(db, scopeOf(actor), input.oven_id);
        if (oven.type !== row.ovenType)
          throw ValidationError.field(
            'oven_id',
            said('ruleMessages.otherModel', { oven: oven.name, type: oven.type, templateType: row.ovenType }),
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
      const row = await own(scopeOf(actor), id);
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
      const template = await own(scopeOf(actor), id);
      let ids: number[];
      if (input.location_id !== undefined) {
        const place = await ownLocationRef(db, scopeOf(actor), input.location_id);
        const rows = await db
          .select({ id: ovens.id })
          .from(ovens)
          .where(and(inScope.ovens(scopeOf(actor)), eq(ovens.locationId, place.id)))
          .orderBy(asc(ovens.sortKey), asc(ovens.id))
          .limit(TEMPLATE_APPLY_MAX + 1);
        if (rows.length === 0)
          throw ValidationError.field(
            'location_id',
            said('ruleMessages.placeNoOvens', { place: place.name }),
          );
        if (rows.length > TEMPLATE_APPLY_MAX)
          throw ValidationError.field(
            'location_id',
            said('ruleMessages.placeTooManyApply', {
              place: place.name,
              n: TEMPLATE_APPLY_MAX,
              max: TEMPLATE_APPLY_MAX,
            }),
          );
        ids = rows.map((r) => r.id);
      } else {
        ids = (await ownOvensRef(db, scopeOf(actor), input.oven_ids ?? [])).map((o) => o.id);
      }
      await checkRecipes(template, scopeOf(actor));
      return { templateId: template.id, ovenIds: ids };
    },

    /**
     * What an application would do, oven by oven, before anything changes: the lines that change on each oven's
     * menu, that it matches the template already, or why it is skipped. The first TEMPLATE_PREVIEW_DETAIL ovens of
     * the model are compared (their menus read together, so the statements do not grow with the ovens); the others
     * of a big location are listed as not compared.
     */
    async preview(
      actor: Actor,
      id: number,
      input: { oven_ids?: number[]; location_id?: number },
    ): Promise<TemplatePreview> {
      const { ovenIds } = await this.applyTargets(actor, id, input);
      const template = await own(scopeOf(actor), id);
      const rows = await db
        .select({
          oven: ovens,
          location: { id: locations.id, name: locations.name },
          link: { templateVersion: ovenTemplates.templateVersion, ovenVersion: ovenTemplates.ovenVersion },
        })
        .from(ovens)
        .leftJoin(locations, eq(locations.id, ovens.locationId))
        .leftJoin(
          ovenTemplates,
          and(eq(ovenTemplates.ovenId, ovens.id), eq(ovenTemplates.templateId, template.id)),
        )
        .where(and(inScope.ovens(scopeOf(actor)), inArray(ovens.id, ovenIds)))
        .orderBy(asc(locations.sortKey), asc(ovens.sortKey), asc(ovens.id));
      const fit = rows.filter((r) => r.oven.type === template.ovenType);
      // An oven that has the template's current version, untouched since, matches without being read.
      const untouched = (r: (typeof rows)[number]) =>
        r.link?.templateVersion === template.version && r.link.ovenVersion === r.oven.version;
      const toCompare = fit.filter((r) => !untouched(r)).slice(0, TEMPLATE_PREVIEW_DETAIL);
      const menus = await loadMenus(
        db,
        toCompare.map((r) => r.oven),
      );
      const tree = withCurrentNames(template.tree, await recipesByIds(db, menuRecipeIds(template.tree)));
      const out: TemplatePreviewOven[] = rows.map((row) => {
        const { oven, location } = row;
        const base = { id: oven.id, name: oven.name, location: location?.id ? location : null, lines: [] };
        if (oven.type !== template.ovenType)
          return {
            ...base,
            outcome: 'skipped',
            ...saidOut(
              said('ruleMessages.otherModel', {
                oven: oven.name,
                type: oven.type,
                templateType: template.ovenType,
              }),
            ),
          };
        const menu = menus.get(oven.id);
        if (!menu) return { ...base, outcome: untouched(row) ? 'matches' : 'not_compared' };
        const lines = structuralDiff(menu, tree);
        return lines.length === 0 ? { ...base, outcome: 'matches' } : { ...base, outcome: 'changes', lines };
      });
      const tally = (o: TemplatePreviewOven['outcome']) => out.filter((x) => x.outcome === o).length;
      return {
        ovens: out,
        compared: menus.size,
        changes: tally('changes'),
        matches: tally('matches'),
        skipped: tally('skipped'),
      };
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
      const template = await own(scopeOf(actor), id);
      const rows = input.ovenIds.length
        ? await db
            .select()
            .from(ovens)
            .where(and(inScope.ovens(scopeOf(actor)), inArray(ovens.id, input.ovenIds)))
        : [];
      const byId = new Map(rows.map((o) => [o.id, o]));
      const outcome = new Map<number, ApplyResult>();
      const targets: OvenRow[] = [];
      for (const ovenId of new Set(input.ovenIds)) {
        const oven = byId.get(ovenId);
        if (!oven) outcome.set(ovenId, deletedBefore(ovenId));
        else if (oven.type !== template.ovenType)
          outcome.set(
            ovenId,
            applied(
              oven.id,
              oven.name,
              'skipped',
              said('ruleMessages.otherModel', {
                oven: oven.name,
                type: oven.type,
                templateType: template.ovenType,
              }),
            ),
          );
        else targets.push(oven);
      }
      const total = input.ovenIds.length;
      let done = total - targets.length;
      const size = Math.max(1, batchSize(template.tree));
      /** A batch applied, or each oven's failure said. */
      const attempt = async (batch: OvenRow[]) => {
        const done = await applyBatch(
          db,
          actor,
          template,
          batch.map((o) => o.id),
          input.save_version,
        );
        // Queued a moment ago, deleted since: the others still get the template.
        for (const o of batch) outcome.set(o.id, done.get(o.id) ?? deletedBefore(o.id, o.name));
      };
      const failed = (o: OvenRow, why: Said): ApplyResult =>
        applied(o.id, o.name, 'failed', said('ruleMessages.notChanged', { why }));
      for (let i = 0; i < targets.length; i += size) {
        const batch = targets.slice(i, i + size);
        try {
          await attempt(batch);
        } catch (error) {
          // A rule the template breaks is the same on every oven of the batch; anything else is found out oven by
          // oven, so one oven's failure leaves the others applied.
          if (error instanceof DomainError) for (const o of batch) outcome.set(o.id, failed(o, error.said));
          else
            for (const o of batch) {
              try {
                await attempt([o]);
              } catch (again) {
                if (!(again instanceof DomainError)) deps.report?.(again, o.id);
                const why = again instanceof DomainError ? again.said : said('ruleParts.dbRefused');
                outcome.set(o.id, failed(o, why));
              }
            }
        }
        done += batch.length;
        await step(done, total);
      }
      const results = input.ovenIds.map((ovenId) => outcome.get(ovenId)!);
      const tally = (s: ApplyResult['status']) => results.filter((r) => r.status === s).length;
      // Each oven changed said `menu.changed` as it was written; this says the whole run once it ended.
      await publishEvents(db, {
        event: 'template.applied',
        teamId: template.teamId,
        userId: actor.id,
        data: {
          template: { id: template.id, name: template.name, version: template.version },
          applied: tally('applied'),
          matched: tally('matched'),
          failed: tally('failed'),
          skipped: tally('skipped'),
          ovens: results.map((r) => ({ id: r.oven_id, name: r.name, status: r.status })),
        },
      });
      return {
        template: toWire(template, await appliedCount(template.id)),
        results,
        applied: tally('applied'),
        matched: tally('matched'),
        failed: tally('failed'),
        skipped: tally('skipped'),
      };
    },
  };
}

export type MenuTemplatesService = ReturnType<typeof createMenuTemplatesService>;
