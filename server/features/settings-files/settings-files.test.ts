import { readFileSync } from 'node:fs';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/contracts/jobs';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { ImportStats, SettingsDownload } from '../../../shared/contracts/settings-files';
import { OVEN_MODELS, type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import {
  EXAMPLE_TYPES,
  exampleSettings,
  maximalMiloSettings,
} from '../../../shared/domain/settings-file/examples';
import { goldenFileName, reseal } from '../../../shared/domain/settings-file/golden';
import { serializeSettings } from '../../../shared/domain/settings-file/serialize';
import { outbox, ovens, recipes } from '../../db/schema/index';
import { createOven, createRecipe, createSession, createUser } from '../../test/factories';
import { createTestContext, finishedJob, jobResult, type TestContext, waitForMail } from '../../test/harness';
import { pdfToText } from '../../test/pdf-text';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof createUser>> & { token: string };

async function signedIn(): Promise<Signed> {
  const user = await createUser(ctx.db);
  return { ...user, token: await createSession(ctx.db, user.id) };
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const as = (user: Signed) => ({ token: user.token });
const golden = (type: OvenType) =>
  readFileSync(
    new URL(`../../../shared/domain/settings-file/fixtures/${goldenFileName(type)}`, import.meta.url),
    'utf8',
  );

function importFile(user: Signed, data: string, type: OvenType = 'Matchbox 1718/1313', name = 'Front Line') {
  return ctx.api('POST', '/api/files', { oven_name: name, oven_type: type, data }, as(user));
}
async function download(user: Signed, ovenId: number): Promise<{ info: SettingsDownload; bytes: Buffer }> {
  const res = await ctx.api('GET', `/api/files/${ovenId}`, undefined, as(user));
  expect(res.statusCode, res.body).toBe(200);
  const info = res.json<SettingsDownload>();
  const file = await ctx.api('GET', `/storage/settings/${info.file}`, undefined, as(user));
  expect(file.statusCode).toBe(200);
  return { info, bytes: file.rawPayload };
}
async function readOven(user: Signed, id: number): Promise<OvenDetail> {
  return (await ctx.api('GET', `/api/ovens/${id}`, undefined, as(user))).json<{ data: OvenDetail }>().data;
}
async function totals(userId: number) {
  const [o] = await ctx.db.select({ n: count() }).from(ovens).where(eq(ovens.createdBy, userId));
  const [r] = await ctx.db.select({ n: count() }).from(recipes).where(eq(recipes.createdBy, userId));
  return { ovens: Number(o!.n), recipes: Number(r!.n) };
}
/** The menu as names and positions only: two imports of one file give the same. */
function shape(oven: OvenDetail) {
  return oven.screens.map((s) =>
    s.screen_content.map((b) => ({
      position: b.position,
      name: b.buttonable_name,
      type: b.type,
      icon: b.icon,
      color: b.background_color,
      favorite: b.is_favorite,
      pages: b.data?.pages.map((p) => p.screen_content.map((pb) => `${pb.position}:${pb.buttonable_name}`)),
    })),
  );
}

describe('import', () => {
  it.each(EXAMPLE_TYPES)('imports the golden %s file with its whole menu and recipes', async (type) => {
    const cook = await signedIn();
    const settings = exampleSettings(type);
    const res = await importFile(cook, golden(type), type);
    expect(res.statusCode, res.body).toBe(201);
    const stats = res.json<ImportStats>();
    expect(stats.imported_recipes.total).toBe(settings.recipes.length);
    expect(stats.not_imported_recipes.total).toBe(0);
    expect(stats.imported_recipes.recipes.map((r) => r.name)).toEqual(settings.recipes.map((r) => r.name));
    expect(stats.imported_recipes.recipes[0]!.stages).toEqual(settings.recipes[0]!.stages);
    expect(stats.oven).toMatchObject({ name: 'Front Line', type });
    const oven = await readOven(cook, stats.oven.id);
    expect(oven.warm_ups).toEqual(settings.warmUps);
    expect(oven.screens).toHaveLength(settings.screens.length);
    expect(stats.menu.categories).toBe(settings.categories.length);
    // Every recipe is in the user's My Recipes, complete.
    const first = await ctx.api(
      'GET',
      `/api/recipes/${stats.imported_recipes.recipes[0]!.id}`,
      undefined,
      as(cook),
    );
    expect(first.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      owner: 'community',
      oven_type: type,
      product_name: settings.recipes[0]!.product_name,
      ingredients: settings.recipes[0]!.ingredients,
      events: settings.recipes[0]!.events,
    });
  });

  it('imports the maximal MiLO file: 32 categories of 1,024 recipes', { timeout: 120_000 }, async () => {
    const cook = await signedIn();
    const settings = maximalMiloSettings();
    const res = await importFile(cook, serializeSettings(settings), 'MiLO/Double MiLO', 'Big MiLO');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const stats = res.json<ImportStats>();
    expect(stats.imported_recipes.total).toBe(32 * 1024);
    expect(stats.menu).toEqual({ screens: 1, categories: 32, buttons: 32 + 32 * 1024 });
    expect(await totals(cook.id)).toEqual({ ovens: 1, recipes: 32 * 1024 });
  });

  it('accepts the file as raw bytes too', async () => {
    const cook = await signedIn();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/files/raw?oven_name=Raw%20Oven&oven_type=${encodeURIComponent('MiSA')}`,
      headers: {
        authorization: `Bearer ${cook.token}`,
        'content-type': 'application/octet-stream',
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
      },
      payload: Buffer.from(golden('MiSA')),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ImportStats>().oven.name).toBe('Raw Oven');
  });

  it('checks the name and type like the form does', async () => {
    const cook = await signedIn();
    const res = await ctx.api('POST', '/api/files', { oven_name: 'Bad/Name', data: 'x' }, as(cook));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      oven_name: ['Please input a valid oven name. "/" cannot be shown on the oven.'],
      oven_type: ['Please select an oven type to start'],
    });
  });
});

describe('a bad file creates nothing and says why', () => {
  const mb = () => golden('Matchbox 1718/1313');
  const cases: [string, () => string, OvenType, RegExp][] = [
    [
      'of the wrong family',
      mb,
      'MiLO/Double MiLO',
      /\.ai2 file for Matchbox 1718\/1313; MiLO\/Double MiLO ovens use \.rcp files/,
    ],
    [
      'of another model of the same family',
      mb,
      'Shuttle 1200/1600/2000/2600',
      /for a Matchbox 1718\/1313 oven, not a Shuttle/,
    ],
    ['cut short', () => mb().slice(0, mb().length - 300), 'Matchbox 1718/1313', /ends early/],
    [
      'changed after it was written',
      () => mb().replace('temp=400', 'temp=405'),
      'Matchbox 1718/1313',
      /checksum does not match/,
    ],
    [
      'binary',
      () => '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000',
      'Matchbox 1718/1313',
      /binary data/,
    ],
    ['not a settings file', () => 'Pizza 400F 2 min\n', 'Matchbox 1718/1313', /not a Hearth settings file/],
  ];
  it.each(cases)('a file %s', async (_label, file, type, message) => {
    const cook = await signedIn();
    const before = await totals(cook.id);
    const res = await importFile(cook, file(), type);
    expect(res.statusCode).toBe(422);
    const body = res.json<{
      message: string;
      problems: { line: number; field: string; message: string }[];
    }>();
    expect(body.problems[0]!.message).toMatch(message);
    expect(body.problems[0]!.line).toBeGreaterThanOrEqual(1);
    expect(body.message).toMatch(/^Line \d+/);
    expect(await totals(cook.id)).toEqual(before);
  });

  it('an empty file is refused with the spec message', async () => {
    const cook = await signedIn();
    const res = await importFile(cook, '');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.data).toEqual([
      'No valid file detected. Please verify your inputs.',
    ]);
  });

  it('lists every problem, each with its line, column and field', async () => {
    const cook = await signedIn();
    const file = reseal(
      mb()
        .replace('settemp=400', 'settemp=0')
        .replace(
          'blower=60 microwave=0 irtop=OFF irbottom=OFF vent=1',
          'blower=61 microwave=0 irtop=OFF irbottom=OFF vent=1',
        )
        .replace('name="Garlic Knots"', 'name="Garlic/Knots"'),
    );
    const res = await importFile(cook, file);
    expect(res.statusCode).toBe(422);
    const { problems, message } = res.json<{
      message: string;
      problems: { line: number; column: number; field: string; message: string }[];
    }>();
    expect(problems.length).toBeGreaterThanOrEqual(3);
    expect(message).toMatch(/The file has \d+ problems/);
    for (const p of problems) {
      expect(p.line).toBeGreaterThan(1);
      expect(p.column).toBeGreaterThan(0);
      expect(p.field).not.toBe('');
    }
    expect(problems.map((p) => p.message).join('\n')).toContain('Set Temp cannot be 0.');
    expect(problems.some((p) => /recipe 2 "Garlic\/Knots", name/.test(p.field))).toBe(true);
  });

  it('a file over the limit is refused with 413 naming the limit', async () => {
    const cook = await signedIn();
    const res = await importFile(cook, 'x'.repeat(24 * 1024 * 1024 + 10));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/at most 24 MB/);
  });
});

describe('duplicates', () => {
  it('skips recipes already in My Recipes, and their buttons point at the saved ones', async () => {
    const cook = await signedIn();
    const first = (await importFile(cook, golden('Matchbox 1718/1313'))).json<ImportStats>();
    const again = await importFile(cook, golden('Matchbox 1718/1313'), 'Matchbox 1718/1313', 'Second');
    expect(again.statusCode).toBe(201);
    const stats = again.json<ImportStats>();
    expect(stats.imported_recipes.total).toBe(0);
    expect(stats.not_imported_recipes.total).toBe(first.imported_recipes.total);
    expect(stats.not_imported_recipes.recipes.every((r) => r.reason === 'already_saved')).toBe(true);
    expect(stats.not_imported_recipes.recipes.map((r) => r.id).sort()).toEqual(
      first.imported_recipes.recipes.map((r) => r.id).sort(),
    );
    const oven = await readOven(cook, stats.oven.id);
    const ids = oven.screens.flatMap((s) => s.screen_content.map((b) => b.buttonable_id)).filter(Boolean);
    for (const id of ids) expect(first.imported_recipes.recipes.map((r) => r.id)).toContain(id);
    expect(shape(oven)).toEqual(shape(await readOven(cook, first.oven.id)));
  });

  it('skips a recipe repeated in the file; both buttons open the one kept', async () => {
    const cook = await signedIn();
    const settings = exampleSettings('Matchbox 1718/1313');
    settings.recipes.push({ ...settings.recipes[0]! });
    settings.screens[1]!.buttons.push({
      ...settings.screens[1]!.buttons[0]!,
      position: 2,
      ref: settings.recipes.length,
    });
    const res = await importFile(cook, serializeSettings(settings));
    expect(res.statusCode, res.body).toBe(201);
    const stats = res.json<ImportStats>();
    expect(stats.not_imported_recipes.recipes).toEqual([
      expect.objectContaining({ name: settings.recipes[0]!.name, reason: 'repeated_in_file' }),
    ]);
    const kept = stats.imported_recipes.recipes.find((r) => r.name === settings.recipes[0]!.name)!;
    expect(stats.not_imported_recipes.recipes[0]!.id).toBe(kept.id);
    const oven = await readOven(cook, stats.oven.id);
    expect(oven.screens[1]!.screen_content.find((b) => b.position === 2)!.buttonable_id).toBe(kept.id);
  });

  it('a recipe of the same name with other stages is imported', async () => {
    const cook = await signedIn();
    const settings = exampleSettings('Matchbox 1718/1313');
    await createRecipe(ctx.db, {
      ownerId: cook.id,
      name: settings.recipes[0]!.name,
      stages: [{ order: 1, minutes: '02', seconds: '00', temp: 450 }],
    });
    const stats = (await importFile(cook, golden('Matchbox 1718/1313'))).json<ImportStats>();
    expect(stats.not_imported_recipes.total).toBe(0);
  });
});

describe('download for USB', () => {
  it('gives the same bytes twice for an unchanged oven, under the name the oven reads', async () => {
    const cook = await signedIn();
    const stats = (
      await importFile(cook, golden('MiLO/Double MiLO'), 'MiLO/Double MiLO')
    ).json<ImportStats>();
    const a = await download(cook, stats.oven.id);
    const b = await download(cook, stats.oven.id);
    expect(a.info.name).toBe('MILO.RCP');
    expect(a.info.file).toMatch(/^[\w-]{20,}\/MILO\.RCP$/);
    expect(a.info.file).not.toBe(b.info.file);
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
    const res = await ctx.api('GET', `/storage/settings/${a.info.file}`, undefined, as(cook));
    expect(res.headers['content-disposition']).toBe('attachment; filename="MILO.RCP"');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(OVEN_MODELS.map((m) => m.type))(
    'a downloaded %s file imports back as the same oven',
    async (type) => {
      const cook = await signedIn();
      const stats = (await importFile(cook, golden(type), type)).json<ImportStats>();
      const { bytes } = await download(cook, stats.oven.id);
      const again = await importFile(cook, bytes.toString('utf8'), type, 'Front Line');
      expect(again.statusCode, again.body).toBe(201);
      const copy = again.json<ImportStats>();
      expect(copy.not_imported_recipes.total).toBe(stats.imported_recipes.total);
      const original = await readOven(cook, stats.oven.id);
      expect(shape(await readOven(cook, copy.oven.id))).toEqual(shape(original));
      // And its file is byte for byte the first one.
      expect(Buffer.compare((await download(cook, copy.oven.id)).bytes, bytes)).toBe(0);
    },
  );

  it('a changed oven gives a new file', async () => {
    const cook = await signedIn();
    const stats = (await importFile(cook, golden('Matchbox 1718/1313'))).json<ImportStats>();
    const before = await download(cook, stats.oven.id);
    await ctx.api('PUT', `/api/ovens/${stats.oven.id}`, { name: 'Renamed', warm_ups: [] }, as(cook));
    const after = await download(cook, stats.oven.id);
    expect(after.bytes.toString()).toContain('OVEN name="Renamed"');
    expect(Buffer.compare(before.bytes, after.bytes)).not.toBe(0);
  });

  it('a download link expires, and answers only under its own file name', async () => {
    const cook = await signedIn();
    const oven = await createOven(ctx.db, cook.id);
    const { info } = await download(cook, oven.id);
    const token = info.file.split('/')[0];
    expect(
      (await ctx.api('GET', `/storage/settings/${token}/MILO.RCP`, undefined, as(cook))).statusCode,
    ).toBe(404);
    ctx.clock.advance(16 * 60_000);
    const late = await ctx.api('GET', `/storage/settings/${info.file}`, undefined, as(cook));
    expect(late.statusCode).toBe(404);
    expect(late.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('ownership', () => {
  it("another user's oven is not found by any settings-file endpoint", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const oven = await createOven(ctx.db, owner.id);
    expect((await ctx.api('GET', `/api/files/${oven.id}`, undefined, as(stranger))).statusCode).toBe(404);
    for (const kind of ['settings', 'recipes']) {
      const res = await ctx.api(
        'POST',
        `/api/ovens/${kind}/${oven.id}`,
        { email: 'a@example.com' },
        as(stranger),
      );
      expect(res.statusCode, kind).toBe(404);
    }
  });

  it('every endpoint needs a signed-in user', async () => {
    const oven = await createOven(ctx.db, (await signedIn()).id);
    expect(
      (await ctx.api('POST', '/api/files', { oven_name: 'A', oven_type: 'MiSA', data: 'x' })).statusCode,
    ).toBe(401);
    expect((await ctx.api('GET', `/api/files/${oven.id}`)).statusCode).toBe(401);
    expect(
      (await ctx.api('POST', `/api/ovens/settings/${oven.id}`, { email: 'a@example.com' })).statusCode,
    ).toBe(401);
  });
});

describe('share by e-mail', () => {
  it('sends the settings file as an attachment that imports again', async () => {
    const cook = await signedIn();
    const stats = (
      await importFile(cook, golden('Shuttle 1200/1600/2000/2600'), 'Shuttle 1200/1600/2000/2600')
    ).json<ImportStats>();
    const sent = ctx.mail.length;
    const res = await ctx.api(
      'POST',
      `/api/ovens/settings/${stats.oven.id}`,
      { email: `Chef@Example.com` },
      as(cook),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(await jobResult<'share'>(ctx, cook.token, res)).toEqual({
      sent: true,
      to: 'chef@example.com',
      attachment: 'SHUTTLE.AI2',
    });
    const mail = await waitForMail(ctx, sent + 1);
    expect(mail.to).toBe('chef@example.com');
    expect(mail.text).toContain('SHUTTLE.AI2');
    const file = mail.attachments.find((a) => a.fileName === 'SHUTTLE.AI2')!;
    expect(file).toBeDefined();
    const again = await importFile(
      cook,
      file.content.toString('utf8'),
      'Shuttle 1200/1600/2000/2600',
      'From Mail',
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it("sends the menu as a PDF listing every screen, category, page and recipe's stages", async () => {
    const cook = await signedIn();
    const settings = exampleSettings('Matchbox 1718/1313');
    const stats = (await importFile(cook, golden('Matchbox 1718/1313'))).json<ImportStats>();
    const sent = ctx.mail.length;
    const res = await ctx.api(
      'POST',
      `/api/ovens/recipes/${stats.oven.id}`,
      { email: `chef@example.com` },
      as(cook),
    );
    expect((await finishedJob<Job>(ctx, cook.token, res)).status).toBe('done');
    const mail = await waitForMail(ctx, sent + 1);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.fileName).toBe('Front-Line-menu.pdf');
    const text = pdfToText(pdf.content);
    expect(text).toContain('Menu of Front Line');
    expect(text).toContain('Screen 1');
    expect(text).toContain('Screen 2');
    expect(text).toContain(`Screen 1 > ${settings.categories[0]!.name}`);
    expect(text).toMatch(/page 2 of 2/);
    for (const r of settings.recipes) expect(text).toContain(r.name);
    // Every stage: the first recipe's three temperatures and the third stage's time.
    const first = settings.recipes[0]!;
    expect(text).toMatch(
      new RegExp(`3\\s+${first.stages[2]!.minutes}:${first.stages[2]!.seconds}\\s+${first.stages[2]!.temp}`),
    );
    expect(text).toContain('Rotate');
  });

  it('downloads the same menu PDF directly, to save or print, also for crew', async () => {
    const cook = await signedIn();
    const stats = (await importFile(cook, golden('Matchbox 1718/1313'))).json<ImportStats>();
    const res = await ctx.api('GET', `/api/ovens/${stats.oven.id}/menu.pdf`, undefined, as(cook));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Front-Line-menu.pdf"');
    const text = pdfToText(res.rawPayload);
    expect(text).toContain('Menu of Front Line');
    expect(text).toContain('Screen 2');
    const stranger = await signedIn();
    expect(
      (await ctx.api('GET', `/api/ovens/${stats.oven.id}/menu.pdf`, undefined, as(stranger))).statusCode,
    ).toBe(404);
  });

  it('refuses an invalid address with the spec message', async () => {
    const cook = await signedIn();
    const oven = await createOven(ctx.db, cook.id);
    const res = await ctx.api(
      'POST',
      `/api/ovens/settings/${oven.id}`,
      { email: `not-an-address` },
      as(cook),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([
      'Please input a valid email',
    ]);
  });

  it('when the mail server refuses, says so, keeps the message and sends it later', async () => {
    const cook = await signedIn();
    const oven = await createOven(ctx.db, cook.id, { name: 'Kept Oven' });
    ctx.smtp.refuse.on = true;
    try {
      const res = await ctx.api(
        'POST',
        `/api/ovens/settings/${oven.id}`,
        { email: `later@example.com` },
        as(cook),
      );
      const job = await finishedJob<Job>(ctx, cook.token, res);
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/did not accept the message to later@example.com .*sent again/);
    } finally {
      ctx.smtp.refuse.on = false;
    }
    const [row] = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'later@example.com'), isNull(outbox.sentAt)));
    expect(row!.error).toMatch(/451/);
    const sent = ctx.mail.length;
    expect(await ctx.mailer.retryDue()).toEqual({ sent: 0, failed: 0 }); // not due yet
    ctx.clock.advance(61_000);
    expect(await ctx.mailer.retryDue()).toEqual({ sent: 1, failed: 0 });
    const mail = await waitForMail(ctx, sent + 1);
    expect(mail.to).toBe('later@example.com');
    expect(mail.attachments.map((a) => a.fileName)).toEqual(['MATCHBOX.AI2']);
  });

  it("answers the spec's GET with 405 and sends nothing: mail goes out only on a POST that passed the CSRF check", async () => {
    const cook = await signedIn();
    const oven = await createOven(ctx.db, cook.id);
    const before = await ctx.db.select().from(outbox);
    const res = await ctx.api(
      'GET',
      `/api/ovens/settings/${oven.id}?email=a@example.com`,
      undefined,
      as(cook),
    );
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json<{ message: string }>().message).toContain(`POST /api/ovens/settings/${oven.id}`);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: `/api/ovens/settings/${oven.id}?email=a@example.com`,
      headers: { authorization: `Bearer ${cook.token}` },
    });
    expect(head.statusCode).toBe(405);
    const noCsrf = await ctx.api(
      'POST',
      `/api/ovens/settings/${oven.id}`,
      { email: 'a@example.com' },
      { ...as(cook), csrf: false },
    );
    expect(noCsrf.statusCode).toBe(419);
    expect(await ctx.db.select().from(outbox)).toHaveLength(before.length);
  });

  it('refuses an address at an IP literal, naming the field', async () => {
    const cook = await signedIn();
    const oven = await createOven(ctx.db, cook.id);
    const res = await ctx.api('POST', `/api/ovens/settings/${oven.id}`, { email: 'x@[127.0.0.1]' }, as(cook));
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email?.[0]).toMatch(
      /not to an IP address/,
    );
  });

  it('counts plus-addresses of one mailbox against one per-recipient limit', async () => {
    const oven = await createOven(ctx.db, (await signedIn()).id);
    const codes: number[] = [];
    // A different sender each time, so only the per-recipient limit can stop them.
    for (let i = 0; i < 11; i++) {
      const sender = await signedIn();
      await ctx.db.update(ovens).set({ teamId: sender.teamId! }).where(eq(ovens.id, oven.id));
      const res = await ctx.api(
        'POST',
        `/api/ovens/settings/${oven.id}`,
        { email: `victim+${i}@example.com` },
        as(sender),
      );
      codes.push(res.statusCode);
      if (res.statusCode === 202) await finishedJob(ctx, sender.token, res);
    }
    expect(codes.slice(0, 10)).toEqual(new Array(10).fill(202));
    expect(codes[10]).toBe(429);
  });

  it('is rate-limited per user', async () => {
    const cook = await signedIn();
    const oven = await createOven(ctx.db, cook.id);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ctx.api(
        'POST',
        `/api/ovens/settings/${oven.id}`,
        { email: `r${i}@example.com` },
        as(cook),
      );
      codes.push(res.statusCode);
      if (res.statusCode === 202) await finishedJob(ctx, cook.token, res);
    }
    expect(codes.slice(0, 20).every((c) => c === 202)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('USB guides', () => {
  it.each([
    ['milo-misa', 'MILO.RCP'],
    ['matchbox-shuttle-conveyor', 'MATCHBOX.AI2'],
  ])('the %s guide is a step-by-step PDF naming the file', async (guide, fileName) => {
    const res = await ctx.api('GET', `/guides/usb/${guide}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfToText(res.rawPayload);
    expect(text).toContain(fileName);
    expect(text).toContain('Step by step');
    expect(text).toMatch(/replaces every recipe/);
  });

  it('an unknown guide is not found', async () => {
    expect((await ctx.api('GET', '/guides/usb/other.pdf')).statusCode).toBe(404);
  });
});

// The codec's rules and the recipe form's rules agree: every imported recipe reads back as valid input.
describe('imported recipes', () => {
  it('can be edited and saved unchanged', async () => {
    const cook = await signedIn();
    const stats = (await importFile(cook, golden('MiSA'), 'MiSA')).json<ImportStats>();
    for (const r of stats.imported_recipes.recipes) {
      const got = (await ctx.api('GET', `/api/recipes/${r.id}`, undefined, as(cook))).json<{
        data: Record<string, unknown>;
      }>().data;
      const saved = await ctx.api('PUT', `/api/recipes/${r.id}`, got, as(cook));
      expect(saved.statusCode, saved.body).toBe(200);
    }
    expect(ovenModel('MiSA').family).toBe('rcp');
  });
});
