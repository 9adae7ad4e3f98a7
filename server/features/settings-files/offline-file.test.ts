import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { settingsFileFromWire } from '../../../shared/contracts/settings-file-from-wire';
import type {
  ImportStats,
  OfflineDownloadResult,
  SettingsDownload,
} from '../../../shared/contracts/settings-files';
import { EXAMPLE_TYPES, exampleSettings } from '../../../shared/domain/settings-file/examples';
import { serializeSettings } from '../../../shared/domain/settings-file/serialize';
import { settingsFingerprints, teamActivity } from '../../db/schema/index';
import { createSession, createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let userId: number;
const as = () => ({ token });

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db);
  userId = user.id;
  token = await createSession(ctx.db, user.id);
});
afterAll(() => ctx?.close());

async function importExample(type: (typeof EXAMPLE_TYPES)[number]): Promise<number> {
  const res = await ctx.api(
    'POST',
    '/api/files',
    {
      oven_name: `Offline ${EXAMPLE_TYPES.indexOf(type)}`,
      oven_type: type,
      data: serializeSettings(exampleSettings(type)),
    },
    as(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportStats>().oven.id;
}

/** What a tablet keeps of an oven seen online: the oven and its menu's recipes. */
async function seenOnline(ovenId: number) {
  const oven = (await ctx.api('GET', `/api/ovens/${ovenId}`, undefined, as())).json<{ data: OvenDetail }>()
    .data;
  const res = await ctx.api('GET', `/api/ovens/${ovenId}/recipes`, undefined, as());
  expect(res.statusCode, res.body).toBe(200);
  return { oven, recipes: res.json<{ data: RecipeDetail[] }>().data };
}

async function serverFile(ovenId: number) {
  const info = (await ctx.api('GET', `/api/files/${ovenId}`, undefined, as())).json<SettingsDownload>();
  const file = await ctx.api('GET', `/storage/settings/${info.file}`, undefined, as());
  return { name: info.name, bytes: new Uint8Array(file.rawPayload) };
}

describe('a settings file built offline', () => {
  for (const type of EXAMPLE_TYPES) {
    it(`is byte for byte the server's download for a ${type}`, async () => {
      const ovenId = await importExample(type);
      const seen = await seenOnline(ovenId);
      const offline = settingsFileFromWire(seen.oven, seen.recipes);
      const online = await serverFile(ovenId);
      expect(offline.ok).toBe(true);
      if (!offline.ok) return;
      expect(offline.problems).toEqual([]);
      expect(offline.fileName).toBe(online.name);
      expect(Buffer.from(offline.bytes).equals(Buffer.from(online.bytes))).toBe(true);
    });
  }

  it('names the recipes it has not seen instead of writing a file without them', async () => {
    const ovenId = await importExample(EXAMPLE_TYPES[0]!);
    const seen = await seenOnline(ovenId);
    const offline = settingsFileFromWire(seen.oven, seen.recipes.slice(1));
    expect(offline).toEqual({ ok: false, missing: [seen.recipes[0]!.id] });
  });

  it('is recorded once when the tablet is online again, at the time it was built', async () => {
    const ovenId = await importExample(EXAMPLE_TYPES[1]!);
    const seen = await seenOnline(ovenId);
    const offline = settingsFileFromWire(seen.oven, seen.recipes);
    if (!offline.ok) throw new Error('not built');
    const builtAt = new Date(Date.now() - 3_600_000).toISOString();
    const body = { checksum: offline.checksum, built_at: builtAt };
    const first = await ctx.api('POST', `/api/ovens/${ovenId}/downloaded`, body, as());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: OfflineDownloadResult }>().data).toMatchObject({
      current: true,
      downloaded_at: builtAt,
    });
    // The answer was lost and the tablet sends it again.
    await ctx.api('POST', `/api/ovens/${ovenId}/downloaded`, body, as());
    const rows = await ctx.db
      .select()
      .from(settingsFingerprints)
      .where(and(eq(settingsFingerprints.ovenId, ovenId), eq(settingsFingerprints.createdBy, userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt.toISOString()).toBe(builtAt);
    const trail = await ctx.db
      .select()
      .from(teamActivity)
      .where(and(eq(teamActivity.ovenId, ovenId), eq(teamActivity.action, 'settings.downloaded')));
    expect(trail).toHaveLength(1);
  });

  it('says a file of an older menu is not the current one', async () => {
    const ovenId = await importExample(EXAMPLE_TYPES[2]!);
    const res = await ctx.api(
      'POST',
      `/api/ovens/${ovenId}/downloaded`,
      { checksum: '0badf00d', built_at: new Date().toISOString() },
      as(),
    );
    expect(res.json<{ data: OfflineDownloadResult }>().data).toMatchObject({ current: false, version: null });
  });

  it('refuses a checksum that is not one, naming the field', async () => {
    const ovenId = await importExample(EXAMPLE_TYPES[3]!);
    const res = await ctx.api(
      'POST',
      `/api/ovens/${ovenId}/downloaded`,
      { checksum: 'zz', built_at: new Date().toISOString() },
      as(),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ issues: { path: string; key: string }[] }>().issues[0]).toMatchObject({
      path: 'checksum',
      key: 'ruleMessages.checksumFormat',
    });
  });
});
