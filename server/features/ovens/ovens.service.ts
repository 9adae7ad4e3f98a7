import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OvenDetail, OvenSummary } from '../../../shared/contracts/ovens';
import { emptyMenu } from '../../../shared/domain/menu';
import { LIMITS } from '../../../shared/domain/messages';
import { copyName } from '../../../shared/domain/names';
import type { Actor } from '../../../shared/domain/permissions';
import { type WarmUp, warmUpsIssues } from '../../../shared/domain/warm-up';
import { said } from '../../../shared/i18n/said';
import type { ActivityRecorder } from '../../db/activity-store';
import { type Db, rowsOf } from '../../db/client';
import { ovenConditions, statusCounts, totalOf } from '../../db/fleet-store';
import { ownLocationRef } from '../../db/location-store';
import { locations, menuButtons, menuScreens, ovens } from '../../db/schema/index';
import { scopeOf } from '../../db/scope';
import { type ActivityLine, movedSummary, recordActivity } from '../../db/team-activity-store';
import { ValidationError } from '../../lib/errors';
import { modelOf, ownOven } from './menu-access';
import { createOvenWithMenu, loadMenu, withoutIds } from './menu-store';
import { ovenDetail } from './oven-detail';

export function createOvensService(deps: { db: Db; activity: ActivityRecorder }) {
  const { db } = deps;

  return {
    /**
     * The team's ovens (spec §7 GET /api/ovens?ovens=All) by name, a page at a time, with a few counts for the
     * picker: filtered by models, location and a search of oven and location names; the total comes from the
     * fleet counts, so neither the page nor the total reads the team's other ovens.
     */
    async list(
      actor: Actor,
      query: {
        types: string[] | 'All';
        location?: number | 'none';
        outside?: number;
        search?: string;
        page: number;
        perPage: number;
      },
    ): Promise<{ data: OvenSummary[]; total: number }> {
      const scope = scopeOf(actor);
      const filter = {
        location: query.location,
        outside: query.outside,
        types: query.types === 'All' ? undefined : query.types,
        search: query.search,
      };
      const [found, counts] = await Promise.all([
        rowsOf<{ id: number }>(
          db,
          sql`select o.id from ovens o where ${sql.join(ovenConditions(scope, filter), sql` and `)}
              order by o.sort_key, o.location_sort, o.id limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
        ),
        statusCounts(db, scope, filter),
      ]);
      const total = totalOf(counts);
      if (found.length === 0) return { data: [], total };
      const pageIds = found.map((r) => Number(r.id));
      const order = new Map(pageIds.map((id, i) => [id, i]));
      const rows = (
        await db
          .select({ oven: ovens, location: { id: locations.id, name: locations.name } })
          .from(ovens)
          .leftJoin(locations, eq(locations.id, ovens.locationId))
          .where(inArray(ovens.id, pageIds))
      )
        .map((r) => ({ ...r.oven, location: r.location }))
        .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      const ids = rows.map((r) => r.id);
      const [screens, recipes] = await Promise.all([
        db
          .select({ ovenId: menuScreens.ovenId, n: count() })
          .from(menuScreens)
          .where(and(inArray(menuScreens.ovenId, ids), isNull(menuScreens.categoryId)))
          .groupBy(menuScreens.ovenId),
        db
          .select({
            ovenId: menuButtons.ovenId,
            n: sql<number>`cast(count(${menuButtons.recipeId}) as integer)`,
            all: sql<number>`cast(count(*) as integer)`,
          })
          .from(menuButtons)
          .where(inArray(menuButtons.ovenId, ids))
          .groupBy(menuButtons.ovenId),
      ]);
      const screensOf = new Map(screens.map((s) => [s.ovenId, Number(s.n)]));
      const recipesOf = new Map(recipes.map((r) => [r.ovenId, Number(r.n)]));
      const buttonsOf = new Map(recipes.map((r) => [r.ovenId, Number(r.all)]));
      return {
        total,
        data: rows.map((o) => ({
          id: o.id,
          name: o.name,
          type: o.type,
          warm_ups: o.warmUps,
          screens: screensOf.get(o.id) ?? 0,
          recipes: recipesOf.get(o.id) ?? 0,
          buttons: buttonsOf.get(o.id) ?? 0,
          version: o.version,
          updated_at: o.updatedAt.toISOString(),
          location: o.location?.id ? { id: o.location.id, name: o.location.name } : null,
        })),
      };
    },

    async get(actor: Actor, id: number): Promise<OvenDetail> {
      return ovenDetail(db, await ownOven(db, scopeOf(actor), id));
    },

    /** A new oven with one empty main screen. */
    async create(
      actor: Actor,
      input: { name: string; type: string; warm_ups: WarmUp[]; location_id?: number | null },
    ): Promise<OvenDetail> {
      const { oven, tree } = await db.transaction(async (tx) => {
        if (input.location_id) await ownLocationRef(tx, scopeOf(actor), input.location_id);
        await deps.activity.created(tx, 'oven_created', input.type);
        return createOvenWithMenu(tx, {
          locationId: input.location_id ?? null,
          scope: scopeOf(actor),
          userId: actor.id,
          name: input.name,
          type: input.type,
          warmUps: input.warm_ups,
          tree: emptyMenu(),
          action: 'created',
          summary: said('ruleMessages.createdOven', { name: input.name }),
        });
      });
      return ovenDetail(db, oven, tree);
    },

    /** Name and warm-ups (the type never changes: the menu's recipes are of that type). */
    async update(
      actor: Actor,
      id: number,
      input: { name: string; warm_ups: WarmUp[]; location_id?: number | null },
    ): Promise<OvenDetail> {
      const oven = await db.transaction(async (tx) => {
        const current = await ownOven(tx, scopeOf(actor), id, true);
        const issues = warmUpsIssues(input.warm_ups, modelOf(current));
        if (issues.length > 0) throw ValidationError.fromIssues(issues, ['warm_ups']);
        const to = input.location_id ? await ownLocationRef(tx, scopeOf(actor), input.location_id) : null;
        // The location is where the oven stands, not what it runs: moving it leaves its version alone.
        const moved = input.location_id !== undefined && (input.location_id ?? null) !== current.locationId;
        const renamed = input.name !== current.name;
        const warmUpsChanged = JSON.stringify(input.warm_ups) !== JSON.stringify(current.warmUps);
        // A move alone is not an edit of the oven's settings: it keeps their version (and the fleet's status).
        const edited = renamed || warmUpsChanged || !moved;
        const [row] = await tx
          .update(ovens)
          .set({
            ...(moved ? { locationId: input.location_id ?? null } : {}),
            ...(edited
              ? {
                  name: input.name,
                  warmUps: input.warm_ups,
                  version: current.version + 1,
                  updatedAt: new Date(),
                }
              : {}),
          })
          .where(eq(ovens.id, id))
          .returning();
        // The trail says who renamed or moved which oven, in the change's transaction.
        const lines: ActivityLine[] = [];
        if (renamed)
          lines.push({
            userId: actor.id,
            action: 'oven.renamed',
            summary: said('ruleMessages.ovenRenamed', { before: current.name, after: input.name }),
            ovenId: id,
          });
        if (warmUpsChanged)
          lines.push({
            userId: actor.id,
            action: 'oven.changed',
            summary: said('ruleMessages.warmUpsChanged'),
            ovenId: id,
          });
        if (moved) {
          const [from] = current.locationId
            ? await tx
                .select({ id: locations.id, name: locations.name })
                .from(locations)
                .where(eq(locations.id, current.locationId))
            : [];
          lines.push({
            userId: actor.id,
            action: 'oven.moved',
            summary: movedSummary(from?.name ?? null, to?.name ?? null),
            ovenId: id,
            // In the trail of the location it left as well as the one it came to.
            ...(from ? { fromLocationId: from.id } : {}),
          });
        }
        await recordActivity(tx, lines);
        return row!;
      });
      return ovenDetail(db, oven);
    },

    /** The oven and its whole menu go (its recipes stay in My Recipes); the trail keeps its name. */
    async remove(actor: Actor, id: number): Promise<{ id: number; name: string }> {
      return db.transaction(async (tx) => {
        const oven = await ownOven(tx, scopeOf(actor), id, true);
        await recordActivity(tx, {
          userId: actor.id,
          action: 'oven.deleted',
          summary: said('ruleMessages.ovenDeleted', { name: oven.name }),
          ovenId: oven.id,
        });
        await tx.delete(ovens).where(eq(ovens.id, oven.id));
        return { id: oven.id, name: oven.name };
      });
    },

    /** A copy with the whole menu (the same recipes on the same buttons), "… Copy", in one transaction. */
    async duplicate(actor: Actor, id: number): Promise<OvenDetail> {
      const { oven, tree } = await db.transaction(async (tx) => {
        const source = await ownOven(tx, scopeOf(actor), id, true);
        const menu = await loadMenu(tx, source.id, source.type);
        const name = copyName(source.name, LIMITS.ovenNameMax);
        await deps.activity.created(tx, 'oven_created', source.type);
        return createOvenWithMenu(tx, {
          scope: scopeOf(actor),
          userId: actor.id,
          name,
          type: source.type,
          warmUps: source.warmUps,
          tree: withoutIds(menu),
          locationId: source.locationId,
          action: 'duplicated',
          summary: said('ruleMessages.duplicatedFrom', { name: source.name }),
        });
      });
      return ovenDetail(db, oven, tree);
    },
  };
}

export type OvensService = ReturnType<typeof createOvensService>;
