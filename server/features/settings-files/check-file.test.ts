import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckFileResult, SettingsDownload } from '../../../shared/contracts/settings-files';
import { createSession, createUser } from '../../test/factories';
import { createTestContext, importGoldenOven, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let otherToken: string;
const golden = readFileSync(
  new URL('../../../shared/domain/settings-file/fixtures/example-mb.ai2', import.meta.url),
  'utf8',
);

beforeAll(async () => {
  ctx = await createTestContext();
  token = await createSession(ctx.db, (await createUser(ctx.db)).id);
  otherToken = await createSession(ctx.db, (await createUser(ctx.db)).id);
});
afterAll(() => ctx?.close());

const freshOven = () => importGoldenOven(ctx, token, 'Line');
async function download(ovenId: number): Promise<string> {
  const { file } = (
    await ctx.api('GET', `/api/files/${ovenId}`, undefined, { token })
  ).json<SettingsDownload>();
  return (await ctx.api('GET', `/storage/settings/${file}`, undefined, { token })).body;
}
const check = (ovenId: number, data: string, as = token) =>
  ctx.api('POST', `/api/ovens/${ovenId}/check-file`, { data }, { token: as });
const saveVersion = (ovenId: number, name: string) =>
  ctx.api('POST', `/api/ovens/${ovenId}/versions`, { name }, { token });

describe('POST /api/ovens/{id}/check-file', () => {
  it('recognises a file downloaded from a saved version, and names the version', async () => {
    const oven = await freshOven();
    await saveVersion(oven.id, 'Spring menu');
    const file = await download(oven.id);
    const res = await check(oven.id, file);
    expect(res.statusCode).toBe(200);
    const body = res.json<CheckFileResult>();
    expect(body).toMatchObject({ recognized: true, version: { name: 'Spring menu' }, lines: [] });
    expect(body.message).toMatch(/^This is version "Spring menu", downloaded on \d{1,2} \w+ \d{4}\.$/);
  });

  it('still recognises the older file after the menu changed and a new version was saved', async () => {
    const oven = await freshOven();
    await saveVersion(oven.id, 'Spring');
    const old = await download(oven.id);
    const button = oven.screens[0]!.screen_content.find((b) => b.type === 'recipe')!;
    await ctx.api('DELETE', `/api/buttons/${button.id}`, undefined, { token });
    await saveVersion(oven.id, 'Summer');
    await download(oven.id);
    expect((await check(oven.id, old)).json<CheckFileResult>().version?.name).toBe('Spring');
  });

  it('says how a file Hearth did not hand out differs from the latest version', async () => {
    const oven = await freshOven();
    const button = oven.screens[0]!.screen_content.find((b) => b.type === 'recipe')!;
    await ctx.api('DELETE', `/api/buttons/${button.id}`, undefined, { token });
    await saveVersion(oven.id, 'Without one');
    // The imported file still has the button the version no longer has.
    const res = (await check(oven.id, golden)).json<CheckFileResult>();
    expect(res.recognized).toBe(false);
    expect(res.version?.name).toBe('Without one');
    expect(res.message).toBe(
      'This file was not downloaded from Hearth for this oven, and it differs from the latest version "Without one" in 1 place.',
    );
    expect(res.said.key).toBe('ruleMessages.checkDiffers');
    expect(res.lines).toEqual([
      {
        kind: 'added',
        message: `Button "${button.buttonable_name}" added on screen 1, slot ${button.position}.`,
        said: {
          key: 'ruleMessages.diffAdded',
          params: {
            label: { key: 'ruleParts.quoted', params: { name: button.buttonable_name } },
            where: { key: 'ruleParts.screenSlot', params: { n: 1, slot: button.position } },
          },
        },
      },
    ]);
  });

  it('refuses a damaged file with the lines at fault, and another user cannot check your oven', async () => {
    const oven = await freshOven();
    const res = await check(oven.id, golden.replace('END lines=', 'END lines=9'));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ problems: unknown[] }>().problems.length).toBeGreaterThan(0);
    expect((await check(oven.id, golden, otherToken)).statusCode).toBe(404);
  });
});
