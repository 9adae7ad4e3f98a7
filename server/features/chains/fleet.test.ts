import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetPage } from '../../../shared/contracts/chains';
import type { SettingsDownload } from '../../../shared/contracts/settings-files';
import { createOven, createSignedInUser } from '../../test/factories';
import {
  createLocationWith,
  createTestContext,
  importGoldenOven,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let token: string;
let ownerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ id: ownerId, token } = await createSignedInUser(ctx.db));
});
afterAll(() => ctx?.close());

const fleet = async (query = '', as = token) =>
  (await ctx.api('GET', `/api/fleet${query}`, undefined, { token: as })).json<FleetPage>();
const row = async (id: number) => (await fleet('?per_page=200')).data.find((o) => o.id === id)!;
const save = (id: number, name: string) => ctx.api('POST', `/api/ovens/${id}/versions`, { name }, { token });
async function download(id: number) {
  const { file } = (await ctx.api('GET', `/api/files/${id}`, undefined, { token })).json<SettingsDownload>();
  return (await ctx.api('GET', `/storage/settings/${file}`, undefined, { token })).body;
}

describe('GET /api/fleet', () => {
  it('follows an oven from no version to up to date to a newer version waiting', async () => {
    const oven = await importGoldenOven(ctx, token, 'Line');
    expect(await row(oven.id)).toMatchObject({ status: 'no_version', should_run: null, last_seen: null });
    await save(oven.id, 'Spring');
    expect(await row(oven.id)).toMatchObject({
      status: 'never_checked',
      should_run: { name: 'Spring' },
      edited_since: false,
    });
    const file = await download(oven.id);
    await ctx.api('POST', `/api/ovens/${oven.id}/check-file`, { data: file }, { token });
    expect(await row(oven.id)).toMatchObject({
      status: 'up_to_date',
      last_seen: { version: { name: 'Spring' }, source: 'file' },
      last_download: { version: 'Spring' },
    });
    const button = oven.screens[0]!.screen_content.find((b) => b.type === 'recipe')!;
    await ctx.api('DELETE', `/api/buttons/${button.id}`, undefined, { token });
    expect(await row(oven.id)).toMatchObject({ status: 'up_to_date', edited_since: true });
    await save(oven.id, 'Summer');
    expect(await row(oven.id)).toMatchObject({
      status: 'waiting',
      should_run: { name: 'Summer' },
      edited_since: false,
    });
  });

  it('counts a download a manager marked as loaded', async () => {
    const oven = await importGoldenOven(ctx, token, 'Marked');
    const early = await ctx.api('POST', `/api/ovens/${oven.id}/loaded`, undefined, { token });
    expect(early.statusCode).toBe(422);
    await save(oven.id, 'Autumn');
    await download(oven.id);
    const res = await ctx.api('POST', `/api/ovens/${oven.id}/loaded`, undefined, { token });
    expect(res.json<{ data: { version: string } }>().data.version).toBe('Autumn');
    expect(await row(oven.id)).toMatchObject({
      status: 'up_to_date',
      last_seen: { version: { name: 'Autumn' }, source: 'reported' },
    });
  });

  it('filters by location, status and search, counts every status, and pages like Laravel', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createOven(ctx.db, ownerId, { name: `Filter ${i}` })).id);
    const place = await createLocationWith(ctx, token, 'Filter store', ids);
    await save(ids[0]!, 'One');
    const page = await fleet(`?location=${place.id}&per_page=2`);
    expect(page).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2, from: 1, to: 2 });
    expect(page.counts).toEqual({ waiting: 0, never_checked: 1, up_to_date: 0, no_version: 2 });
    expect(page.next_page_url).toBe(`/api/fleet?location=${place.id}&per_page=2&page=2`);
    const waiting = await fleet(`?location=${place.id}&status=never_checked`);
    expect(waiting.data.map((o) => o.id)).toEqual([ids[0]]);
    expect((await fleet('?search=filter%201')).data.map((o) => o.name)).toEqual(['Filter 1']);
    expect((await fleet(`?location=${place.id}`)).data[0]!.location).toEqual({
      id: place.id,
      name: 'Filter store',
    });
  });

  it('lists locations and ovens with their numbers by value (Store 9 before Store 10)', async () => {
    const { id: chain, token: as } = await createSignedInUser(ctx.db);
    const oven = async (name: string) => (await createOven(ctx.db, chain, { name })).id;
    await createLocationWith(ctx, as, 'Store 10', [await oven('Line 10'), await oven('line 2')]);
    await createLocationWith(ctx, as, 'Store 9', [await oven('Line 1')]);
    await oven('Loose 3');
    const names = (rows: { name: string }[]) => rows.map((r) => r.name);
    // By location (none last), then name; and by name within one location.
    expect(names((await fleet('', as)).data)).toEqual(['Line 1', 'line 2', 'Line 10', 'Loose 3']);
    const list = async (path: string) =>
      names((await ctx.api('GET', path, undefined, { token: as })).json<{ data: { name: string }[] }>().data);
    expect(await list('/api/ovens')).toEqual(['Line 1', 'line 2', 'Line 10', 'Loose 3']);
    expect(await list('/api/ovens?page=1&per_page=2')).toEqual(['Line 1', 'line 2']);
    expect(await list('/api/locations?page=1')).toEqual(['Store 9', 'Store 10']);
  });

  it("shows none of another user's ovens", async () => {
    const other = (await createSignedInUser(ctx.db)).token;
    await createOven(ctx.db, ownerId, { name: 'Private' });
    const theirs = await fleet('', other);
    expect(theirs.total).toBe(0);
  });

  it('refuses an unknown status, naming the field', async () => {
    const res = await ctx.api('GET', '/api/fleet?status=sleeping', undefined, { token });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['status']);
  });
});
