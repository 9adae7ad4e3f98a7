import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_STATUSES, type FleetStatus, fleetStatus } from '../../shared/domain/fleet';
import { sortKey } from '../../shared/domain/search';
import { createOven, createSignedInUser } from '../test/factories';
import { createLocationWith, createTestContext, type TestContext } from '../test/harness';
import { rowsOf } from './client';

/**
 * What the fleet page reads off the oven (migration 0014's triggers) must be what the history says: the newest
 * version, the last sighting, the status by the shared rule, and counts equal to counting the ovens afresh.
 */
let ctx: TestContext;
let token: string;
let userId: number;
let teamId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ id: userId, token, teamId } = await createSignedInUser(ctx.db));
});
afterAll(() => ctx?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  ctx.api(method, url, body, { token });

async function stored(ovenId: number) {
  const [row] = await rowsOf<{
    latest_version_id: number | null;
    seen_version_id: number | null;
    seen_at: unknown;
    fleet_status: FleetStatus;
    location_sort: string | null;
  }>(
    ctx.db,
    sql`select latest_version_id, seen_version_id, seen_at, fleet_status, location_sort from ovens where id = ${ovenId}`,
  );
  return row!;
}

/** The counts as the triggers keep them, beside the same counts made afresh from the ovens. */
async function countsBothWays() {
  const kept = await rowsOf<{ key: string; n: number }>(
    ctx.db,
    sql`select location_id || '/' || type || '/' || status as key, n from fleet_counts
        where team_id = ${teamId} and n <> 0 order by 1`,
  );
  const fresh = await rowsOf<{ key: string; n: number }>(
    ctx.db,
    sql`select coalesce(location_id, 0) || '/' || type || '/' || fleet_status as key, count(*)::int as n
        from ovens where team_id = ${teamId} group by 1 order by 1`,
  );
  return { kept: kept.map((r) => [r.key, Number(r.n)]), fresh: fresh.map((r) => [r.key, Number(r.n)]) };
}

describe('the fleet columns', () => {
  it('follow versions and sightings, and give the status the shared rule gives', async () => {
    const oven = await createOven(ctx.db, userId, { name: 'Rule Oven' });
    const expectRule = async () => {
      const row = await stored(oven.id);
      expect(row.fleet_status).toBe(
        fleetStatus({
          latestVersionId: row.latest_version_id,
          seen: row.seen_at === null ? null : { versionId: row.seen_version_id },
        }),
      );
      return row;
    };
    expect((await expectRule()).fleet_status).toBe('no_version');
    const first = (await api('POST', `/api/ovens/${oven.id}/versions`, { name: 'First' })).json<{
      data: { id: number };
    }>().data;
    expect(await expectRule()).toMatchObject({ latest_version_id: first.id, fleet_status: 'never_checked' });
    expect((await api('GET', `/api/files/${oven.id}`)).statusCode).toBe(200);
    expect((await api('POST', `/api/ovens/${oven.id}/loaded`)).statusCode).toBe(200);
    expect(await expectRule()).toMatchObject({ seen_version_id: first.id, fleet_status: 'up_to_date' });
    await api('PUT', `/api/ovens/${oven.id}`, {
      name: 'Rule Oven',
      warm_ups: [{ name: 'A', temperature: 400 }],
    });
    const second = (await api('POST', `/api/ovens/${oven.id}/versions`, { name: 'Second' })).json<{
      data: { id: number };
    }>().data;
    expect(await expectRule()).toMatchObject({ latest_version_id: second.id, fleet_status: 'waiting' });
    // The newest version deleted: the oven should run the one before again, which it was seen running.
    await ctx.db.execute(sql`delete from menu_versions where id = ${second.id}`);
    expect(await expectRule()).toMatchObject({ latest_version_id: first.id, fleet_status: 'up_to_date' });
    expect(FLEET_STATUSES).toContain((await stored(oven.id)).fleet_status);
  });

  it("keep the location's sort key, through a rename and a delete", async () => {
    const oven = await createOven(ctx.db, userId, { name: 'Sorted' });
    const place = await createLocationWith(ctx, token, 'Zeta Street 9', [oven.id]);
    expect((await stored(oven.id)).location_sort).toBe(sortKey('Zeta Street 9'));
    // Accents aside and numbers by value, as the locations list: "Ávila" among the A's, not after "Zeta".
    await api('PUT', `/api/locations/${place.id}`, { name: 'Ávila Road 10' });
    expect((await stored(oven.id)).location_sort).toBe('avila road 000000000010');
    await api('DELETE', `/api/locations/${place.id}`);
    expect((await stored(oven.id)).location_sort).toBeNull();
  });

  it('keep the counts equal to counting the ovens, as ovens come, move, change and go', async () => {
    const ovens = await Promise.all(
      [1, 2, 3, 4].map((i) => createOven(ctx.db, userId, { name: `Count ${i}` })),
    );
    const place = await createLocationWith(ctx, token, 'Counted', [ovens[0]!.id, ovens[1]!.id]);
    await api('POST', `/api/ovens/${ovens[0]!.id}/versions`, { name: 'V' });
    await api('GET', `/api/files/${ovens[0]!.id}`);
    expect((await api('POST', `/api/ovens/${ovens[0]!.id}/loaded`)).statusCode).toBe(200);
    await api('POST', `/api/ovens/${ovens[1]!.id}/versions`, { name: 'V' });
    await api('POST', `/api/locations/${place.id}/ovens`, { oven_ids: [ovens[2]!.id] });
    await api('DELETE', `/api/ovens/${ovens[3]!.id}`);
    let both = await countsBothWays();
    expect(both.kept).toEqual(both.fresh);
    const page = (await api('GET', `/api/fleet?location=${place.id}`)).json<{
      total: number;
      counts: Record<FleetStatus, number>;
    }>();
    expect(page.total).toBe(3);
    expect(page.counts).toEqual({ waiting: 0, never_checked: 1, up_to_date: 1, no_version: 1 });
    await api('DELETE', `/api/locations/${place.id}`);
    both = await countsBothWays();
    expect(both.kept).toEqual(both.fresh);
  });
});
