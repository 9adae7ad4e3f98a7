import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '../../../shared/contracts/chains';
import type { OvenDetail, OvenSummary } from '../../../shared/contracts/ovens';
import type { Paginated } from '../../../shared/contracts/pagination';
import { locations } from '../../db/schema/index';
import { createOven, createSignedInUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let ownerId: number;
let otherToken: string;
let otherId: number;

beforeAll(async () => {
  // No job sweeps while counting statements: only the request's own.
  ctx = await createTestContext({ jobPollMs: 3_600_000 });
  ({ id: ownerId, token } = await createSignedInUser(ctx.db));
  ({ id: otherId, token: otherToken } = await createSignedInUser(ctx.db));
});
afterAll(() => ctx?.close());

let n = 0;
async function addLocation(name = `Store ${++n}`, as = token) {
  const res = await ctx.api('POST', '/api/locations', { name, address: '1 Main St' }, { token: as });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: Location }>().data;
}
const listOvens = async (query: string) =>
  (await ctx.api('GET', `/api/ovens?${query}`, undefined, { token })).json<{ data: OvenSummary[] }>().data;

describe('locations', () => {
  it('adds a location and lists it with its oven count', async () => {
    const place = await addLocation('Downtown');
    const list = (await ctx.api('GET', '/api/locations', undefined, { token })).json<{ data: Location[] }>()
      .data;
    expect(list.find((l) => l.id === place.id)).toEqual({
      id: place.id,
      name: 'Downtown',
      address: '1 Main St',
      ovens: 0,
    });
  });

  it('pages a chain of locations by name, with the total, and finds a part of a name or address', async () => {
    const { token: chain, teamId } = await createSignedInUser(ctx.db);
    await ctx.db.insert(locations).values(
      Array.from({ length: 120 }, (_, i) => ({
        teamId,
        name: `Store ${String(i + 1).padStart(3, '0')}`,
        address: i === 41 ? 'Harbour Road 5' : 'Main St',
      })),
    );
    const get = (query: string) =>
      ctx.api('GET', `/api/locations?${query}`, undefined, { token: chain }).then((r) => {
        expect(r.statusCode, query).toBe(200);
        return r.json<Paginated<Location>>();
      });
    const first = await get('page=1');
    expect([first.total, first.per_page, first.last_page, first.data.length]).toEqual([120, 50, 3, 50]);
    expect(first.data[0]?.name).toBe('Store 001');
    const last = await get('page=3');
    expect(last.data.map((l) => l.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Store ${String(i + 101).padStart(3, '0')}`),
    );
    expect((await get('page=1&search=store 10')).data.map((l) => l.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Store ${100 + i}`),
    );
    const byAddress = await get('page=1&search=HARBOUR');
    expect([byAddress.total, byAddress.data[0]?.name]).toEqual([1, 'Store 042']);
    // A LIKE wildcard typed in the search is a character, not "anything".
    expect((await get('page=1&search=%25')).total).toBe(0);
    // Without a page: every location, for pickers.
    expect((await get('')).data).toHaveLength(120);
  });

  it('finds a location and its ovens by a search that ignores case and accents', async () => {
    const { id: cook, token: chain } = await createSignedInUser(ctx.db);
    const port = (await ctx.api('POST', '/api/locations', { name: 'Café du Port' }, { token: chain })).json<{
      data: Location;
    }>().data;
    await ctx.api(
      'POST',
      '/api/locations',
      { name: 'Main Street', address: 'Rue de la Crémerie' },
      { token: chain },
    );
    await createOven(ctx.db, cook, { name: 'Crêpe line', locationId: port.id });
    const names = async (path: string) =>
      (await ctx.api('GET', path, undefined, { token: chain }))
        .json<{ data: { name: string }[] }>()
        .data.map((l) => l.name);
    expect(await names('/api/locations?page=1&search=CAFE')).toEqual(['Café du Port']);
    // In order of the letters as read, accents aside.
    expect(await names('/api/locations?page=1')).toEqual(['Café du Port', 'Main Street']);
    await ctx.api('POST', '/api/locations', { name: 'Ávila' }, { token: chain });
    expect((await names('/api/locations?page=1'))[0]).toBe('Ávila');
    expect(await names('/api/locations?page=1&search=cremerie')).toEqual(['Main Street']);
    // The fleet's and the Ovens page's search: by the oven's name, or its location's.
    expect(await names('/api/ovens?page=1&search=crepe')).toEqual(['Crêpe line']);
    expect(await names('/api/ovens?page=1&search=cafe du')).toEqual(['Crêpe line']);
  });

  it("counts one model's ovens in each location when asked (a template's)", async () => {
    const place = await addLocation('Models');
    await createOven(ctx.db, ownerId, { name: 'M1', locationId: place.id });
    await createOven(ctx.db, ownerId, { name: 'M2', locationId: place.id });
    await createOven(ctx.db, ownerId, { name: 'S1', type: 'MiSA', locationId: place.id });
    const count = async (query: string) =>
      (await ctx.api('GET', `/api/locations${query}`, undefined, { token }))
        .json<{ data: Location[] }>()
        .data.find((l) => l.id === place.id)?.ovens;
    expect([
      await count(''),
      await count('?ovens=MiSA'),
      await count('?ovens=Matchbox%201718%2F1313'),
    ]).toEqual([3, 1, 2]);
    // One location alone (a picker's chosen one) counts the same way.
    const one = async (query: string) =>
      (await ctx.api('GET', `/api/locations/${place.id}${query}`, undefined, { token })).json<{
        data: Location;
      }>().data;
    expect([(await one('')).ovens, (await one('?ovens=MiSA')).ovens]).toEqual([3, 1]);
    expect((await one('')).name).toBe('Models');
    const res = await ctx.api('GET', '/api/locations?ovens=Toaster', undefined, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      ovens: ['Choose one oven type.'],
    });
  });

  it('lists a page of ovens outside a location, with their total (a picker of ovens to move in)', async () => {
    const { id: cook, token: chain } = await createSignedInUser(ctx.db);
    const here = (await ctx.api('POST', '/api/locations', { name: 'Here' }, { token: chain })).json<{
      data: Location;
    }>().data;
    for (let i = 0; i < 3; i++) await createOven(ctx.db, cook, { name: `In ${i}`, locationId: here.id });
    for (let i = 0; i < 4; i++) await createOven(ctx.db, cook, { name: `Out ${i}` });
    const res = await ctx.api('GET', `/api/ovens?page=1&per_page=2&outside=${here.id}`, undefined, {
      token: chain,
    });
    const page = res.json<Paginated<OvenSummary>>();
    expect([page.total, page.data.map((o) => o.name)]).toEqual([4, ['Out 0', 'Out 1']]);
    expect(page.next_page_url).toContain(`outside=${here.id}`);
    const searched = (
      await ctx.api('GET', `/api/ovens?page=1&search=in&outside=${here.id}`, undefined, { token: chain })
    ).json<Paginated<OvenSummary>>();
    expect(searched.total).toBe(0);
  });

  it('moves 20 ovens from several locations in as many statements as 2, each with its trail line', async () => {
    const statementsToMove = async (count: number) => {
      const target = await addLocation();
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const from = i % 2 === 0 ? (await addLocation()).id : null;
        ids.push(
          (await createOven(ctx.db, ownerId, { name: `Moved ${++n}`, ...(from ? { locationId: from } : {}) }))
            .id,
        );
      }
      // The fewest of three tries: a background job sweep may land in one.
      const counts: number[] = [];
      for (let round = 0; round < 3; round++) {
        const back = await addLocation();
        await ctx.api('POST', `/api/locations/${back.id}/ovens`, { oven_ids: ids }, { token });
        const before = ctx.database.statements();
        const res = await ctx.api('POST', `/api/locations/${target.id}/ovens`, { oven_ids: ids }, { token });
        counts.push(ctx.database.statements() - before);
        expect(res.statusCode).toBe(200);
      }
      return Math.min(...counts);
    };
    expect(await statementsToMove(20)).toBe(await statementsToMove(2));
  });

  it('refuses a page or per_page that is not one, by field', async () => {
    const res = await ctx.api('GET', '/api/locations?page=0&per_page=5001', undefined, { token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual(['page', 'per_page']);
  });

  it('refuses a second location of the same name in any case, naming the field', async () => {
    await addLocation('Harbour');
    const res = await ctx.api('POST', '/api/locations', { name: 'harbour' }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      name: ['You already have a location named "harbour".'],
    });
  });

  it('refuses "Ａ-Store" in full-width letters beside "A-Store": duplicates compare compatibility-folded names', async () => {
    await addLocation('A-Store');
    const res = await ctx.api('POST', '/api/locations', { name: 'Ａ-Store' }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      name: ['You already have a location named "Ａ-Store".'],
    });
  });

  it('takes "Crème" typed with a combining accent as the same name as "Crème", stored composed', async () => {
    const made = await addLocation('Crème Street');
    expect(made.name).toBe('Crème Street');
    const res = await ctx.api('POST', '/api/locations', { name: 'Cre\u0300me Street' }, { token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['name']);
  });

  it('refuses an empty name and a long address by field', async () => {
    const res = await ctx.api('POST', '/api/locations', { name: '  ', address: 'x'.repeat(201) }, { token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'address',
      'name',
    ]);
  });

  it('refuses a name of only signs, which would name no folder in a zip', async () => {
    const res = await ctx.api('POST', '/api/locations', { name: '///' }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.name).toEqual([
      'A location name needs at least one letter or digit.',
    ]);
  });

  it('creates an oven in a location and filters the Ovens page by it', async () => {
    const place = await addLocation();
    const made = await ctx.api(
      'POST',
      '/api/ovens',
      { name: 'Front', type: 'MiSA', warm_ups: [], location_id: place.id },
      { token },
    );
    expect(made.statusCode).toBe(201);
    const oven = made.json<{ data: OvenDetail }>().data;
    expect(oven.location).toEqual({ id: place.id, name: place.name });
    const loose = await createOven(ctx.db, ownerId, { name: 'Loose' });
    expect((await listOvens(`location=${place.id}`)).map((o) => o.name)).toEqual(['Front']);
    const none = (await listOvens('location=none')).map((o) => o.id);
    expect(none).toContain(loose.id);
    expect(none).not.toContain(oven.id);
  });

  it("moving an oven to another location leaves its menu's version alone", async () => {
    const place = await addLocation();
    const oven = await createOven(ctx.db, ownerId, { name: 'Mover' });
    const before = (await ctx.api('GET', `/api/ovens/${oven.id}`, undefined, { token })).json<{
      data: OvenDetail;
    }>().data;
    const res = await ctx.api(
      'PUT',
      `/api/ovens/${oven.id}`,
      { name: 'Mover', warm_ups: [], location_id: place.id },
      { token },
    );
    expect(res.statusCode).toBe(200);
    const after = res.json<{ data: OvenDetail }>().data;
    expect(after.location?.id).toBe(place.id);
    expect(after.version).toBe(before.version);
  });

  it('moves several ovens at once, or none when one is not yours', async () => {
    const place = await addLocation();
    const a = await createOven(ctx.db, ownerId);
    const b = await createOven(ctx.db, ownerId);
    const theirs = await createOven(ctx.db, otherId);
    const refused = await ctx.api(
      'POST',
      `/api/locations/${place.id}/ovens`,
      { oven_ids: [a.id, theirs.id] },
      { token },
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(`No oven of yours has the id ${theirs.id}.`);
    expect(await listOvens(`location=${place.id}`)).toEqual([]);
    const moved = await ctx.api(
      'POST',
      `/api/locations/${place.id}/ovens`,
      { oven_ids: [a.id, b.id] },
      { token },
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ data: Location }>().data.ovens).toBe(2);
  });

  it('deleting a location keeps its ovens, in no location', async () => {
    const place = await addLocation();
    const oven = await createOven(ctx.db, ownerId);
    await ctx.api('POST', `/api/locations/${place.id}/ovens`, { oven_ids: [oven.id] }, { token });
    const res = await ctx.api('DELETE', `/api/locations/${place.id}`, undefined, { token });
    expect(res.json()).toEqual({ deleted: true, data: { id: place.id, name: place.name, ovens: 1 } });
    expect((await listOvens('location=none')).map((o) => o.id)).toContain(oven.id);
  });

  it("another user's location is not found, to read, change, delete, fill or put an oven in", async () => {
    const theirs = await addLocation('Their store', otherToken);
    const mine = await createOven(ctx.db, ownerId);
    expect((await ctx.api('GET', `/api/locations/${theirs.id}`, undefined, { token })).statusCode).toBe(404);
    expect(
      (await ctx.api('PUT', `/api/locations/${theirs.id}`, { name: 'Mine' }, { token })).statusCode,
    ).toBe(404);
    expect((await ctx.api('DELETE', `/api/locations/${theirs.id}`, undefined, { token })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.api('POST', `/api/locations/${theirs.id}/ovens`, { oven_ids: [mine.id] }, { token }))
        .statusCode,
    ).toBe(404);
    const put = await ctx.api(
      'PUT',
      `/api/ovens/${mine.id}`,
      { name: mine.name, warm_ups: [], location_id: theirs.id },
      { token },
    );
    expect(put.statusCode).toBe(404);
    const list = (await ctx.api('GET', '/api/locations', undefined, { token })).json<{ data: Location[] }>()
      .data;
    expect(list.map((l) => l.id)).not.toContain(theirs.id);
  });
});
