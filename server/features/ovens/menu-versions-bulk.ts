/**
 * Named versions of many ovens' menus at once (a template applied to a batch), in a fixed number of statements:
 * the same rules as saving one version (at most MENU_VERSION_LIMIT per oven, one name per oven whatever its
 * case or form, the recipes kept as they are now), written here only.
 */

import { and, count, inArray, sql } from 'drizzle-orm';
import { MENU_VERSION_LIMIT } from '../../../shared/contracts/menus';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { type MenuTree, mapMenu, menuRecipeIds } from '../../../shared/domain/menu';
import type { Said, SaidValue } from '../../../shared/i18n/said';
import { type DbOrTx, rowsOf } from '../../db/client';
import { recipesByIds } from '../../db/recipe-store';
import { menuVersions } from '../../db/schema/index';
import { jsonArrayInTurns } from '../../lib/in-turns';
import { englishValue } from '../../lib/said-out';
import { recipeSnapshot } from './menu-snapshot';

/** How many versions each oven keeps: read once for a batch, and kept up to date by `saveVersions`. */
export async function versionCounts(tx: DbOrTx, ovenIds: number[]): Promise<Map<number, number>> {
  if (ovenIds.length === 0) return new Map();
  const rows = await tx
    .select({ ovenId: menuVersions.ovenId, n: count() })
    .from(menuVersions)
    .where(inArray(menuVersions.ovenId, ovenIds))
    .groupBy(menuVersions.ovenId);
  return new Map(rows.map((r) => [r.ovenId, Number(r.n)]));
}

/** What became of each oven's version: saved now, one of that name kept already, or no room left. */
export type VersionSaved =
  | { status: 'saved'; id: number; createdAt: Date; recipes: number }
  | { status: 'named'; id: number }
  | { status: 'full' };

/** The tree with each recipe's name and type as they are now (a template or a kept menu has them as they were). */
export const withCurrentNames = (
  tree: MenuTree,
  found: Map<number, { name: string; oven_type: string }>,
): MenuTree =>
  mapMenu(tree, {
    recipe: (b) => {
      const r = found.get(b.recipe.id);
      return r ? { ...b, recipe: { id: b.recipe.id, name: r.name, ovenType: r.oven_type } } : b;
    },
  });

/**
 * Saves the menu of each oven as the version `name`, unless it keeps a version of that name already ('named',
 * with its id) or has no room for it: `reserve` more versions are to follow (a template's own after the menu it
 * replaced). `counts` (from `versionCounts`) is updated, so a second call in the transaction counts the first.
 * `found` holds the recipes already read, if the caller has them (no statement then).
 */
export async function saveVersions(
  tx: DbOrTx,
  input: {
    userId: number;
    /** The name as typed, or the English of one Hearth gave (`nameSaid`): names are unique by it. */
    name: string;
    nameSaid?: Said;
    note: SaidValue;
    ovens: { id: number; tree: MenuTree }[];
    counts: Map<number, number>;
    reserve?: number;
    found?: Map<number, RecipeDetail>;
  },
): Promise<Map<number, VersionSaved>> {
  const out = new Map<number, VersionSaved>();
  if (input.ovens.length === 0) return out;
  const named = await tx
    .select({ id: menuVersions.id, ovenId: menuVersions.ovenId })
    .from(menuVersions)
    .where(
      and(
        inArray(
          menuVersions.ovenId,
          input.ovens.map((o) => o.id),
        ),
        // The unique index's own comparison: "Lunch" and "LUNCH" are one name.
        sql`lower(normalize(${menuVersions.name}, NFKC)) = lower(normalize(${input.name}, NFKC))`,
      ),
    );
  for (const v of named) out.set(v.ovenId, { status: 'named', id: v.id });
  const fresh = input.ovens.filter((o) => {
    if (out.has(o.id)) return false;
    const fits = (input.counts.get(o.id) ?? 0) + 1 + (input.reserve ?? 0) <= MENU_VERSION_LIMIT;
    if (!fits) out.set(o.id, { status: 'full' });
    return fits;
  });
  if (fresh.length === 0) return out;
  const ids = [...new Set(fresh.flatMap((o) => menuRecipeIds(o.tree)))];
  const found = input.found ?? (await recipesByIds(tx, ids));
  const rows = await rowsOf<{ id: number; oven_id: number; created_at: string | Date; recipes: number }>(
    tx,
    sql`
    insert into menu_versions (oven_id, name, note, name_said, note_said, created_by, tree, recipes)
    select "ovenId", ${input.name}, ${typeof input.note === 'string' ? input.note : englishValue(input.note)},
      ${input.nameSaid ? JSON.stringify(input.nameSaid) : null}::jsonb,
      ${typeof input.note === 'string' ? null : JSON.stringify(input.note)}::jsonb, ${input.userId}, tree, recipes
    from json_to_recordset(${await jsonArrayInTurns(
      fresh,
      (o) => ({
        ovenId: o.id,
        tree: withCurrentNames(o.tree, found),
        recipes: Object.fromEntries(
          menuRecipeIds(o.tree).flatMap((id) => {
            const r = found.get(id);
            return r ? [[id, recipeSnapshot(r)]] : [];
          }),
        ),
      }),
      50,
    )}::json) as x("ovenId" int, tree jsonb, recipes jsonb)
    on conflict do nothing
    returning id, oven_id, created_at, (select count(*) from jsonb_object_keys(recipes))::int as recipes`,
  );
  for (const r of rows) {
    const ovenId = Number(r.oven_id);
    out.set(ovenId, {
      status: 'saved',
      id: Number(r.id),
      createdAt: new Date(r.created_at),
      recipes: Number(r.recipes),
    });
    input.counts.set(ovenId, (input.counts.get(ovenId) ?? 0) + 1);
  }
  return out;
}

/** Each oven's menu is the given version now (until the oven's version moves on): the fleet page reads it. */
export async function markAtVersions(
  tx: DbOrTx,
  entries: { ovenId: number; versionId: number; ovenVersion: number }[],
) {
  if (entries.length === 0) return;
  await tx.execute(sql`
    update ovens o set at_version_id = x.version_id, at_oven_version = x.oven_version
    from json_to_recordset(${JSON.stringify(
      entries.map((e) => ({ id: e.ovenId, version_id: e.versionId, oven_version: e.ovenVersion })),
    )}::json) as x(id int, version_id int, oven_version int)
    where o.id = x.id`);
}
