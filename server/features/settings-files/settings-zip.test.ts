import { eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOf } from '../../../shared/contracts/jobs';
import type { CheckFileResult } from '../../../shared/contracts/settings-files';
import type { Actor } from '../../../shared/domain/permissions';
import { createActivityRecorder } from '../../db/activity-store';
import { UnfinishedDownload } from '../../db/download-store';
import { ovens, settingsDownloadParts, settingsDownloads, settingsFingerprints } from '../../db/schema/index';
import { NotFoundError } from '../../lib/errors';
import { createOven, createOvenWithRecipe, createSession, createSignedInUser } from '../../test/factories';
import {
  createLocationWith,
  createTestContext,
  importGoldenOven,
  jobResult,
  type TestContext,
} from '../../test/harness';
import { pdfToText } from '../../test/pdf-text';
import { createSettingsFilesService } from './settings-files.service';

let ctx: TestContext;
let token: string;
let ownerId: number;
let ownerTeam: Actor['team'];

beforeAll(async () => {
  ctx = await createTestContext();
  let teamId: number;
  ({ id: ownerId, token, teamId } = await createSignedInUser(ctx.db));
  ownerTeam = { id: teamId, name: 'Kitchen', role: 'owner', location_ids: [] };
});
afterAll(() => ctx?.close());

const place = (name: string, ovens: number[]) => createLocationWith(ctx, token, name, ovens);
const fetchBytes = async (file: string) => {
  const res = await ctx.api('GET', `/storage/settings/${file}`, undefined, { token });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
};

const zipService = () =>
  createSettingsFilesService({
    db: ctx.db,
    activity: createActivityRecorder({ db: ctx.db, timeZone: 'UTC' }),
    mailer: ctx.mailer,
    provider: 'Hearth',
  });
const owner = () => ({ id: ownerId, role: 'other' as const, team: ownerTeam });
const partsOf = async (token: string) =>
  (await ctx.db.select().from(settingsDownloadParts).where(eq(settingsDownloadParts.token, token))).length;
/** A build that stops after its first oven until `release` is called (or fails, if `fail` is). */
function gate() {
  let open: (() => void) | undefined;
  let shut: ((error: Error) => void) | undefined;
  const waiting = new Promise<void>((resolve, reject) => {
    open = resolve;
    shut = reject;
  });
  // The build may reach its pause only after `fail`: the rejection waits for it, not reported as unhandled.
  waiting.catch(() => {});
  return {
    step: async (done: number) => {
      if (done === 1) await waiting;
    },
    release: () => open!(),
    fail: () => shut!(new Error('killed')),
  };
}
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('a zip streams as it is built', () => {
  it("answers the zip's address with the job, before it is built", async () => {
    const oven = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Early' });
    const queued = await ctx.api('POST', '/api/files/zip', { oven_ids: [oven.id] }, { token });
    const download = queued.json<{ data: JobOf<'settings-zip'> }>().data.download;
    expect(download?.name).toMatch(/^hearth-settings-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await jobResult<'settings-zip'>(ctx, token, queued);
    expect(zip.file).toBe(download?.file);
  });

  it('a download begun while the zip is built gets every oven, whole', async () => {
    const list = [];
    for (let i = 0; i < 3; i++)
      list.push(await createOvenWithRecipe(ctx.db, ownerId, { name: `Streamed ${i}` }));
    const files = zipService();
    const started = await files.startZip(owner(), 'stream-session');
    const paused = gate();
    const building = files.buildZip(
      owner(),
      {
        ovenIds: list.map((o) => o.id),
        sessionHash: 'stream-session',
        token: started.token,
        fileName: started.name,
      },
      paused.step,
    );
    // The first oven's file is written before the build goes on.
    await until(async () => (await partsOf(started.token)) > 0);
    expect(await partsOf(started.token)).toBe(1);
    const opened = await files.openDownload(started.token, started.name, 'stream-session');
    if (!('parts' in opened)) throw new Error('expected a streamed zip');
    expect(opened.size).toBeNull();
    const reading = (async () => {
      const chunks: Buffer[] = [];
      for await (const part of opened.parts) chunks.push(part);
      return Buffer.concat(chunks);
    })();
    paused.release();
    const zip = await building;
    const bytes = await reading;
    expect(bytes.length).toBe(zip.size);
    expect(Object.keys(unzipSync(bytes)).sort()).toEqual(
      [...zip.ovens.map((o) => o.path), 'USB checklist.pdf'].sort(),
    );
  });

  it('a download of a zip whose build fails is cut off, and no oven counts as downloaded', async () => {
    const list = [];
    for (let i = 0; i < 3; i++) list.push(await createOvenWithRecipe(ctx.db, ownerId, { name: `Cut ${i}` }));
    const files = zipService();
    const started = await files.startZip(owner(), 'cut-session');
    const paused = gate();
    const building = files.buildZip(
      owner(),
      {
        ovenIds: list.map((o) => o.id),
        sessionHash: 'cut-session',
        token: started.token,
        fileName: started.name,
      },
      paused.step,
    );
    await until(async () => (await partsOf(started.token)) > 0);
    const opened = await files.openDownload(started.token, started.name, 'cut-session');
    if (!('parts' in opened)) throw new Error('expected a streamed zip');
    const reading = (async () => {
      for await (const _ of opened.parts);
    })();
    paused.fail();
    await expect(building).rejects.toThrow('killed');
    await expect(reading).rejects.toThrow(UnfinishedDownload);
    expect(await partsOf(started.token)).toBe(0);
    const printed = await ctx.db
      .select()
      .from(settingsFingerprints)
      .where(
        inArray(
          settingsFingerprints.ovenId,
          list.map((o) => o.id),
        ),
      );
    expect(printed).toEqual([]);
    await expect(files.openDownload(started.token, started.name, 'cut-session')).rejects.toThrow(
      NotFoundError,
    );
  });
});

describe('POST /api/files/zip', () => {
  it('records no oven as downloaded when the build is killed midway', async () => {
    const list = [];
    for (let i = 0; i < 3; i++)
      list.push(await createOvenWithRecipe(ctx.db, ownerId, { name: `Killed ${i}` }));
    const files = createSettingsFilesService({
      db: ctx.db,
      activity: createActivityRecorder({ db: ctx.db, timeZone: 'UTC' }),
      mailer: ctx.mailer,
      provider: 'Hearth',
    });
    const ids = list.map((o) => o.id);
    const printed = async () =>
      (await ctx.db.select().from(settingsFingerprints).where(inArray(settingsFingerprints.ovenId, ids)))
        .length;
    const kept = async () => (await ctx.db.select().from(settingsDownloads)).length;
    const keptBefore = await kept();
    // The second oven's step is where the process dies: two ovens are built and fingerprinted by then.
    const killed = files.buildZip(
      { id: ownerId, role: 'other' as const, team: ownerTeam },
      { ovenIds: ids, sessionHash: 'x' },
      async (done) => {
        if (done === 2) throw new Error('killed');
      },
    );
    await expect(killed).rejects.toThrow('killed');
    expect(await printed()).toBe(0);
    expect(await kept()).toBe(keptBefore);
    // Built whole, all three count as downloaded.
    await files.buildZip(
      { id: ownerId, role: 'other' as const, team: ownerTeam },
      { ovenIds: ids, sessionHash: 'x' },
    );
    expect(await printed()).toBe(3);
  });

  it('puts each oven in a folder per location and stick, under the exact file name, with the checklist', async () => {
    const front = await importGoldenOven(ctx, token, 'Front');
    const misa = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Back', type: 'MiSA' });
    const loose = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Spare' });
    await place('Main St: North', [front.id, misa.id]);
    await ctx.api('POST', `/api/ovens/${front.id}/versions`, { name: 'Spring' }, { token });
    const res = await ctx.api(
      'POST',
      '/api/files/zip',
      { oven_ids: [loose.id, misa.id, front.id] },
      { token },
    );
    expect(res.statusCode).toBe(202);
    const zip = await jobResult<'settings-zip'>(ctx, token, res);
    expect(zip.name).toMatch(/^hearth-settings-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(await fetchBytes(zip.file));
    expect(Object.keys(entries).sort()).toEqual(
      [
        'Main St North/01 Back/MISA.RCP',
        'Main St North/02 Front/MATCHBOX.AI2',
        'No location/03 Spare/MATCHBOX.AI2',
        'USB checklist.pdf',
      ].sort(),
    );
    expect(zip.ovens.map((o) => [o.name, o.stick, o.version])).toEqual([
      ['Back', 1, null],
      ['Front', 2, 'Spring'],
      ['Spare', 3, null],
    ]);
    const checklist = pdfToText(await fetchBytes(zip.checklist.file));
    expect(checklist).toContain('Stick 2: Front');
    expect(checklist).toMatch(/version\s+"Spring"/);
    // A file from the zip, copied off the oven later, is recognised.
    const file = new TextDecoder().decode(entries['Main St North/02 Front/MATCHBOX.AI2']);
    const check = await ctx.api('POST', `/api/ovens/${front.id}/check-file`, { data: file }, { token });
    expect(check.json<CheckFileResult>()).toMatchObject({ recognized: true, version: { name: 'Spring' } });
  });

  it('takes every oven of a location', async () => {
    const a = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Left' });
    const b = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Right' });
    const store = await place('Harbour', [a.id, b.id]);
    const zip = await jobResult<'settings-zip'>(
      ctx,
      token,
      await ctx.api('POST', '/api/files/zip', { location_id: store.id }, { token }),
    );
    expect(zip.ovens.map((o) => o.path)).toEqual([
      'Harbour/01 Left/MATCHBOX.AI2',
      'Harbour/02 Right/MATCHBOX.AI2',
    ]);
  });

  it("names the location in the zip's file name", async () => {
    const a = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Solo' });
    const long = 'Pier: 7, the Harbour Front Building on Waterside Road';
    const store = await place(long, [a.id]);
    const zip = await jobResult<'settings-zip'>(
      ctx,
      token,
      await ctx.api('POST', '/api/files/zip', { location_id: store.id }, { token }),
    );
    expect(zip.name).toMatch(
      /^hearth-settings-Pier 7, the Harbour Front Building on Waterside Road-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    // Served under that name, however long.
    expect(Object.keys(unzipSync(await fetchBytes(zip.file)))).toHaveLength(2);
  });

  it('serves a zip named for a location in another script', async () => {
    const a = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Tokyo' });
    const store = await place('東京 駅前', [a.id]);
    const zip = await jobResult<'settings-zip'>(
      ctx,
      token,
      await ctx.api('POST', '/api/files/zip', { location_id: store.id }, { token }),
    );
    const res = await ctx.api('GET', `/storage/settings/${encodeURI(zip.file)}`, undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(zip.name)}`);
  });

  it('leaves out an oven whose menu holds no recipe, names it in the result and on the checklist', async () => {
    const full = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Filled' });
    const empty = await createOven(ctx.db, ownerId, { name: 'Blank' });
    const store = await place('Wharf', [full.id, empty.id]);
    const zip = await jobResult<'settings-zip'>(
      ctx,
      token,
      await ctx.api('POST', '/api/files/zip', { location_id: store.id }, { token }),
    );
    expect(zip.ovens.map((o) => [o.name, o.stick])).toEqual([['Filled', 1]]);
    expect(zip.skipped).toEqual([{ id: empty.id, name: 'Blank', location: 'Wharf', reason: 'empty_menu' }]);
    const entries = unzipSync(await fetchBytes(zip.file));
    expect(Object.keys(entries).sort()).toEqual(['USB checklist.pdf', 'Wharf/01 Filled/MATCHBOX.AI2']);
    const checklist = pdfToText(await fetchBytes(zip.checklist.file)).replace(/\s+/g, ' ');
    expect(checklist).toContain('Left out of this zip: 1 oven');
    expect(checklist).toContain(
      "Blank (Wharf): its menu has no recipe, and its file would empty the oven's menu.",
    );
    expect(checklist).not.toContain('Stick 2');
  });

  it('refuses a zip whose every oven has an empty menu, saying so', async () => {
    const empty = await createOven(ctx.db, ownerId, { name: 'Void' });
    const res = await ctx.api('POST', '/api/files/zip', { oven_ids: [empty.id] }, { token });
    const job = res.json<{ data: { id: number } }>().data;
    let status = '';
    let error = '';
    for (let i = 0; i < 200 && status !== 'failed'; i++) {
      const read = (await ctx.api('GET', `/api/jobs/${job.id}`, undefined, { token })).json<{
        data: { status: string; error: string | null };
      }>().data;
      status = read.status;
      error = read.error ?? '';
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe('failed');
    expect(error).toBe(
      "1 oven chosen, and no menu holds a recipe: their files would empty the ovens' menus. Nothing was downloaded.",
    );
  });

  it('puts stores and lines on the sticks in number order (Store 9 before Store 10, Line 2 before Line 10)', async () => {
    const ten = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Line 10' });
    const two = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Line 2' });
    const one = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Line 1' });
    await place('Store 10', [ten.id, two.id]);
    await place('Store 9', [one.id]);
    const zip = await jobResult<'settings-zip'>(
      ctx,
      token,
      await ctx.api('POST', '/api/files/zip', { oven_ids: [ten.id, two.id, one.id] }, { token }),
    );
    expect(zip.ovens.map((o) => o.path)).toEqual([
      'Store 9/01 Line 1/MATCHBOX.AI2',
      'Store 10/02 Line 2/MATCHBOX.AI2',
      'Store 10/03 Line 10/MATCHBOX.AI2',
    ]);
  });

  it('answers the zip and its checklist only to the session that asked for them', async () => {
    const oven = await createOvenWithRecipe(ctx.db, ownerId, { name: 'Mine' });
    const zip = await jobResult<'settings-zip'>(
      ctx,
      token,
      await ctx.api('POST', '/api/files/zip', { oven_ids: [oven.id] }, { token }),
    );
    const elsewhere = await createSession(ctx.db, ownerId);
    for (const file of [zip.file, zip.checklist.file]) {
      expect((await ctx.api('GET', `/storage/settings/${file}`)).statusCode).toBe(404);
      expect(
        (await ctx.api('GET', `/storage/settings/${file}`, undefined, { token: elsewhere })).statusCode,
      ).toBe(404);
      expect((await ctx.api('GET', `/storage/settings/${file}`, undefined, { token })).statusCode).toBe(200);
    }
  });

  it('refuses a location of more than 200 ovens by field, as it refuses 201 oven ids', async () => {
    const many = [];
    for (let i = 0; i < 201; i++) many.push((await createOven(ctx.db, ownerId, { name: `Big ${i}` })).id);
    const big = await place('Warehouse', []);
    // Moving ovens in takes 200 at a time; the table takes any number.
    await ctx.db.update(ovens).set({ locationId: big.id }).where(inArray(ovens.id, many));
    const res = await ctx.api('POST', '/api/files/zip', { location_id: big.id }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.location_id).toEqual([
      'Warehouse has more than 200 ovens; one zip holds at most 200. Choose ovens from it on the Fleet page.',
    ]);
    const byIds = await ctx.api('POST', '/api/files/zip', { oven_ids: many }, { token });
    expect(byIds.statusCode).toBe(422);
  });

  it("refuses another user's oven, and a location with no ovens by field", async () => {
    const theirs = await createOven(ctx.db, (await createSignedInUser(ctx.db)).id);
    expect((await ctx.api('POST', '/api/files/zip', { oven_ids: [theirs.id] }, { token })).statusCode).toBe(
      404,
    );
    const empty = await place('Empty', []);
    const res = await ctx.api('POST', '/api/files/zip', { location_id: empty.id }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      location_id: ['Empty has no ovens.'],
    });
  });
});
