/**
 * Applying a template: a batch of ovens in one transaction and a fixed number of statements (their menus replaced,
 * the menus they had kept as versions, the template's version saved), and the rules of batches and results the
 * templates service shares.
 */

import { and, asc, inArray, sql } from 'drizzle-orm';
import type { ApplyResult } from '../../../shared/contracts/chains';
import { MENU_VERSION_LIMIT } from '../../../shared/contracts/menus';
import {
  beforeTemplateVersionName,
  beforeTemplateVersionSaid,
  templateVersionName,
} from '../../../shared/domain/fleet';
import {
  buttonCount,
  containers,
  diffMenus,
  type MenuTree,
  menuRecipeIds,
} from '../../../shared/domain/menu';
import type { Actor } from '../../../shared/domain/permissions';
import { english } from '../../../shared/i18n/english';
import { listOf, type Said, said } from '../../../shared/i18n/said';
import type { Db, DbOrTx } from '../../db/client';
import { recipesByIds } from '../../db/recipe-store';
import { type menuTemplates, ovens } from '../../db/schema/index';
import { inScope, scopeOf } from '../../db/scope';
import { ValidationError } from '../../lib/errors';
import { lineOut } from '../../lib/said-out';
import {
  markAtVersions,
  type OvenRow,
  replaceMenus,
  saveVersions,
  treeFromRows,
  versionCounts,
  withCurrentNames,
} from '../ovens';

export type TemplateRow = typeof menuTemplates.$inferSelect;

/**
 * Ovens per transaction when a template is applied: every statement covers the whole batch, so 5 ovens and 200
 * cost the same statements; a batch holds at most about 50,000 menu rows, so a big template takes fewer ovens.
 */
export const APPLY_BATCH = 250;
export const ROWS_PER_BATCH = 50_000;
export const batchSize = (tree: MenuTree) =>
  Math.min(
    APPLY_BATCH,
    Math.floor(ROWS_PER_BATCH / Math.max(1, buttonCount(tree) + containers(tree).length)),
  );

/** One oven's outcome, said (and in English beside it). */
export const applied = (
  ovenId: number,
  name: string,
  status: ApplyResult['status'],
  says: Said,
): ApplyResult => ({
  oven_id: ovenId,
  name,
  status,
  message: english(says),
  said: says,
});

export const deletedBefore = (ovenId: number, name = `Oven ${ovenId}`): ApplyResult =>
  applied(ovenId, name, 'skipped', said('ruleMessages.ovenDeletedBefore'));

/** A template of an empty menu would empty every oven it is applied to: refused, saying so. */
export function notEmpty(ovenName: string, tree: MenuTree): MenuTree {
  if (buttonCount(tree) === 0)
    throw ValidationError.field('oven_id', said('ruleMessages.templateEmptyOven', { oven: ovenName }));
  return tree;
}

/** Two menus compared by their buttons only: both open the same recipes, whose contents are not the template's. */
export const structuralDiff = (from: MenuTree, to: MenuTree) =>
  diffMenus({ tree: from, recipes: {} }, { tree: to, recipes: {} }).lines.map(lineOut);

/**
 * Keeps the menu each oven had before the template as the version "Before <template> v<n>", for the ovens whose
 * menu was not a saved version already and that have room for one more (and for the template's own after it, when
 * that is saved too). Answers per oven: 'kept', 'saved-before' (it was a version already) or 'full'.
 */
async function keepReplaced(
  tx: DbOrTx,
  actor: Actor,
  template: TemplateRow,
  locked: OvenRow[],
  changed: Map<number, { replaced: Parameters<typeof treeFromRows>[0] }>,
  counts: Map<number, number>,
  saveVersion: boolean,
  found: Awaited<ReturnType<typeof recipesByIds>>,
): Promise<Map<number, 'kept' | 'saved-before' | 'full'>> {
  const out = new Map<number, 'kept' | 'saved-before' | 'full'>();
  const unsaved = locked.filter((o) => {
    const atSaved = o.atVersionId !== null && o.atOvenVersion === o.version;
    if (atSaved) out.set(o.id, 'saved-before');
    return !atSaved;
  });
  const saved = await saveVersions(tx, {
    userId: actor.id,
    name: beforeTemplateVersionName(template.name, template.version),
    nameSaid: beforeTemplateVersionSaid(template.name, template.version),
    note: said('ruleMessages.versionBeforeNote', { template: template.name }),
    ovens: unsaved.map((o) => ({ id: o.id, tree: treeFromRows(changed.get(o.id)!.replaced, o.type, found) })),
    counts,
    reserve: saveVersion ? 1 : 0,
    found,
  });
  for (const [ovenId, v] of saved)
    if (v.status === 'saved') out.set(ovenId, 'kept');
    else if (v.status === 'full') out.set(ovenId, 'full');
  return out;
}

/**
 * The template on a batch of ovens in one transaction and a fixed number of statements: their menus replaced
 * (`replaceMenus`, so Undo takes it back on each oven), each linked to the template's version, and by default
 * saved as the named version (the one of that name if the oven has it, else a new one while it keeps fewer than
 * MENU_VERSION_LIMIT). Answers the result of each oven found.
 */
export async function applyBatch(
  db: Db,
  actor: Actor,
  template: TemplateRow,
  ovenIds: number[],
  saveVersion: boolean,
): Promise<Map<number, ApplyResult>> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(ovens)
      .where(and(inScope.ovens(scopeOf(actor)), inArray(ovens.id, ovenIds)))
      .orderBy(asc(ovens.id))
      .for('update');
    const results = new Map<number, ApplyResult>();
    if (locked.length === 0) return results;
    const changed = await replaceMenus(tx, {
      ovens: locked,
      tree: template.tree,
      userId: actor.id,
      action: 'template-applied',
      summary: said('ruleMessages.appliedTemplate', { name: template.name, version: template.version }),
    });
    const links = JSON.stringify(locked.map((o) => ({ ovenId: o.id, version: changed.get(o.id)!.version })));
    await tx.execute(sql`
      insert into oven_templates (oven_id, template_id, template_version, oven_version, applied_by, applied_at)
      select "ovenId", ${template.id}, ${template.version}, version, ${actor.id}, now()
      from json_to_recordset(${links}::json) as x("ovenId" int, version int)
      on conflict (oven_id) do update set template_id = excluded.template_id,
        template_version = excluded.template_version, oven_version = excluded.oven_version,
        applied_by = excluded.applied_by, applied_at = excluded.applied_at`);

    const versionName = templateVersionName(template.name, template.version);
    const ids = locked.map((o) => o.id);
    // The ovens whose menu already was the template's (what the preview calls "already matches"): only the
    // template's link and version change on them, and an identical menu is not kept as a "Before" version.
    const current = await recipesByIds(tx, [
      ...new Set([
        ...menuRecipeIds(template.tree),
        ...locked.flatMap((o) =>
          changed.get(o.id)!.replaced.buttons.flatMap((b) => (b.recipeId ? [b.recipeId] : [])),
        ),
      ]),
    ]);
    const target = withCurrentNames(template.tree, current);
    const matched = new Set(
      locked
        .filter(
          (o) =>
            structuralDiff(treeFromRows(changed.get(o.id)!.replaced, o.type, current), target).length === 0,
        )
        .map((o) => o.id),
    );
    // The menu each oven had is kept as a version first, unless it was saved as one already (the oven is still
    // at the version it last saved or restored) or the oven keeps as many versions as it may.
    const counts = await versionCounts(tx, ids);
    const kept = await keepReplaced(
      tx,
      actor,
      template,
      locked.filter((o) => !matched.has(o.id)),
      changed,
      counts,
      saveVersion,
      current,
    );
    const saved = new Map<number, number>();
    if (saveVersion) {
      const versions = await saveVersions(tx, {
        userId: actor.id,
        name: versionName,
        note: said('ruleMessages.versionApplied'),
        ovens: locked.map((o) => ({ id: o.id, tree: changed.get(o.id)!.tree })),
        counts,
        found: current,
      });
      for (const [ovenId, v] of versions) if (v.status !== 'full') saved.set(ovenId, v.id);
      await markAtVersions(
        tx,
        [...saved].map(([ovenId, versionId]) => ({
          ovenId,
          versionId,
          ovenVersion: changed.get(ovenId)!.version,
        })),
      );
    }
    for (const oven of locked) {
      const before = kept.get(oven.id);
      const sentences: Said[] = [
        matched.has(oven.id)
          ? !saveVersion
            ? said('ruleMessages.menuMatched')
            : saved.has(oven.id)
              ? said('ruleMessages.menuMatchedSaved', { name: versionName })
              : said('ruleMessages.menuMatchedNotSaved', { max: MENU_VERSION_LIMIT })
          : !saveVersion
            ? said('ruleMessages.menuReplaced')
            : saved.has(oven.id)
              ? said('ruleMessages.menuReplacedSaved', { name: versionName })
              : said('ruleMessages.menuReplacedNotSaved', { max: MENU_VERSION_LIMIT }),
      ];
      if (before === 'kept')
        sentences.push(
          said('ruleMessages.menuKeptAs', {
            name: beforeTemplateVersionSaid(template.name, template.version),
          }),
        );
      else if (before === 'full')
        sentences.push(said('ruleMessages.menuNotKept', { max: MENU_VERSION_LIMIT }));
      results.set(
        oven.id,
        // Linked to the template like the others, but its menu did not change: counted apart, as the preview did.
        applied(
          oven.id,
          oven.name,
          matched.has(oven.id) ? 'matched' : 'applied',
          sentences.length === 1
            ? sentences[0]!
            : said('ruleMessages.sentences', { sentences: listOf(sentences, ' ') }),
        ),
      );
    }
    return results;
  });
}
