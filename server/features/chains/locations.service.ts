import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Location } from '../../../shared/contracts/chains';
import { LOCATION_LIMIT } from '../../../shared/domain/fleet';
import type { Actor } from '../../../shared/domain/permissions';
import { said } from '../../../shared/i18n/said';
import type { Db } from '../../db/client';
import { ownOvensRef } from '../../db/location-store';
import { locations, ovens } from '../../db/schema/index';
import { inScope, ownedId, ownerColumns, type Scope, scopeOf } from '../../db/scope';
import { containsFolded } from '../../db/search';
import { movedSummary, recordActivity } from '../../db/team-activity-store';
import { isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';

type LocationInput = { name: string; address: string };

/** Where a chain's ovens stand: named places, each holding some of the user's ovens (an oven in at most one). */
export function createLocationsService(deps: { db: Db }) {
  const { db } = deps;

  /** The user's location; `locked` (inside a transaction) holds it until the change is written, so the trail's
   * "before" is the row that was changed, not one a racing edit replaced. */
  async function own(scope: Scope, id: number, locked?: Db) {
    const query = (locked ?? db).select().from(locations).where(ownedId.location(scope, id)).limit(1);
    const [row] = locked ? await query.for('update') : await query;
    if (!row) throw new NotFoundError('Location');
    return row;
  }

  const taken = (name: string) =>
    ValidationError.field('name', said('ruleMessages.locationExists', { name }));

  async function withCount(row: typeof locations.$inferSelect): Promise<Location> {
    const [n] = await db.select({ n: count() }).from(ovens).where(eq(ovens.locationId, row.id));
    return { id: row.id, name: row.name, address: row.address, ovens: Number(n?.n ?? 0) };
  }

  const service = {
    /**
     * A page of the team's locations (those a store manager or crew member is given, for them) by name, with how
     * many ovens each holds, and the total; `search` finds a part of the name or address. Two statements at any
     * number of locations: the page by the name index, and the count.
     */
    async list(
      actor: Actor,
      query: { search?: string; page: number; perPage: number; type?: string; id?: number },
    ): Promise<{ data: Location[]; total: number }> {
      const scope = scopeOf(actor);
      const where = [query.id === undefined ? inScope.locations(scope) : ownedId.location(scope, query.id)];
      if (query.search) {
        where.push(
          sql`(${containsFolded(locations.nameKey, query.search)} or ${containsFolded(locations.addressKey, query.search)})`,
        );
      }
      // Each location's ovens from the fleet counts (a few rows each), not by counting the ovens.
      const rows = await db
        .select({
          id: locations.id,
          name: locations.name,
          address: locations.address,
          ovens: sql<number>`coalesce((select sum(c.n) from fleet_counts c
            where c.team_id = ${locations.teamId} and c.location_id = ${locations.id}
            ${query.type ? sql`and c.type = ${query.type}` : sql``}), 0)::int`,
        })
        .from(locations)
        .where(and(...where))
        // By the folded name: "São Paulo" among the S's, not after "Z" as its letter's code would put it.
        .orderBy(locations.sortKey, asc(locations.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const data = rows.map((r) => ({ ...r, ovens: Number(r.ovens) }));
      // A first page that is not full holds them all: no count needed.
      const total =
        query.page === 1 && data.length < query.perPage
          ? data.length
          : Number(
              (
                await db
                  .select({ n: count() })
                  .from(locations)
                  .where(and(...where))
              )[0]?.n ?? 0,
            );
      return { data, total };
    },

    /** One location, as the list shows it: a picker's chosen one, which the first page of a search may not hold. */
    async get(actor: Actor, id: number, type?: string): Promise<Location> {
      const { data } = await service.list(actor, { id, type, page: 1, perPage: 1 });
      if (!data[0]) throw new NotFoundError('Location');
      return data[0];
    },

    async create(actor: Actor, input: LocationInput): Promise<Location> {
      try {
        const row = await db.transaction(async (tx) => {
          const [kept] = await tx
            .select({ n: count() })
            .from(locations)
            .where(inScope.locations(scopeOf(actor)));
          if (Number(kept?.n) >= LOCATION_LIMIT)
            throw ValidationError.field('name', said('ruleMessages.locationLimit', { n: LOCATION_LIMIT }));
          const [made] = await tx
            .insert(locations)
            .values({ ...ownerColumns(scopeOf(actor)), name: input.name, address: input.address })
            .returning();
          await recordActivity(tx, {
            teamId: scopeOf(actor).teamId,
            userId: actor.id,
            action: 'location.created',
            summary: said('ruleMessages.locationAdded', { name: input.name }),
            locationId: made!.id,
          });
          return made!;
        });
        return { id: row.id, name: row.name, address: row.address, ovens: 0 };
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.name);
        throw error;
      }
    },

    async update(actor: Actor, id: number, input: LocationInput): Promise<Location> {
      try {
        const row = await db.transaction(async (tx) => {
          const before = await own(scopeOf(actor), id, tx);
          const [row] = await tx
            .update(locations)
            .set({ name: input.name, address: input.address })
            .where(eq(locations.id, id))
            .returning();
          const line = { teamId: scopeOf(actor).teamId, userId: actor.id, locationId: id };
          await recordActivity(tx, [
            ...(before.name !== input.name
              ? [
                  {
                    ...line,
                    action: 'location.renamed',
                    summary: said('ruleMessages.locationRenamed', { before: before.name, after: input.name }),
                  },
                ]
              : []),
            ...(before.address !== input.address
              ? [
                  {
                    ...line,
                    action: 'location.changed',
                    summary: said('ruleMessages.locationAddressChanged', { name: input.name }),
                  },
                ]
              : []),
          ]);
          return row!;
        });
        return withCount(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.name);
        throw error;
      }
    },

    /** The location goes; its ovens stay, in no location. */
    async remove(actor: Actor, id: number): Promise<{ id: number; name: string; ovens: number }> {
      const { row, n } = await db.transaction(async (tx) => {
        const row = await own(scopeOf(actor), id, tx);
        const [counted] = await tx.select({ n: count() }).from(ovens).where(eq(ovens.locationId, id));
        await recordActivity(tx, {
          teamId: scopeOf(actor).teamId,
          userId: actor.id,
          action: 'location.deleted',
          summary: said('ruleMessages.locationDeleted', { name: row.name }),
        });
        await tx.delete(locations).where(eq(locations.id, id));
        return { row, n: Number(counted?.n ?? 0) };
      });
      return { id, name: row.name, ovens: n };
    },

    /** Several ovens into this location at once: all of them, or none when one is not the user's. */
    async assign(actor: Actor, id: number, ovenIds: number[]): Promise<Location> {
      const row = await own(scopeOf(actor), id);
      await db.transaction(async (tx) => {
        const mine = await ownOvensRef(tx, scopeOf(actor), ovenIds);
        const moving = mine.filter((o) => o.locationId !== id);
        // Where each came from, named in one statement, for the trail's line per oven.
        const fromIds = [...new Set(moving.flatMap((o) => (o.locationId ? [o.locationId] : [])))];
        const from = new Map(
          fromIds.length
            ? (
                await tx
                  .select({ id: locations.id, name: locations.name })
                  .from(locations)
                  .where(inArray(locations.id, fromIds))
              ).map((l) => [l.id, l.name])
            : [],
        );
        await tx
          .update(ovens)
          .set({ locationId: id })
          .where(
            inArray(
              ovens.id,
              moving.map((o) => o.id),
            ),
          );
        await recordActivity(
          tx,
          moving.map((o) => ({
            userId: actor.id,
            action: 'oven.moved',
            summary: movedSummary(o.locationId ? (from.get(o.locationId) ?? null) : null, row.name),
            ovenId: o.id,
            ...(o.locationId ? { fromLocationId: o.locationId } : {}),
          })),
        );
      });
      return withCount(row);
    },
  };
  return service;
}

export type LocationsService = ReturnType<typeof createLocationsService>;
