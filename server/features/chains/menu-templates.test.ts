import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplyTemplateResponse,
  MenuTemplate,
  MenuTemplateDetail,
  TemplatePreview,
} from '../../../shared/contracts/chains';
import type { Job } from '../../../shared/contracts/jobs';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import { jobs } from '../../db/schema/index';
import { createOven, createSignedInUser } from '../../test/factories';
import {
  createLocationWith,
  createTestContext,
  finishedJob,
  importGoldenOven,
  jobResult,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let token: string;
let ownerId: number;
let otherToken: string;
let otherId: number;
let source: OvenDetail;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ id: ownerId, token } = await createSignedInUser(ctx.db));
  ({ id: otherId, token: otherToken } = await createSignedInUser(ctx.db));
  source = await importGoldenOven(ctx, token, 'Source');
});
afterAll(() => ctx?.close());

let n = 0;
async function template(as = token, ovenId = source.id) {
  const res = await ctx.api(
    'POST',
    '/api/templates',
    { name: `Spring ${++n}`, oven_id: ovenId },
    { token: as },
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ data: MenuTemplate }>().data;
}
const location = (ovens: number[]) => createLocationWith(ctx, token, `Store ${++n}`, ovens);
const apply = (id: number, body: unknown, as = token) =>
  ctx.api('POST', `/api/templates/${id}/apply`, body, { token: as });
/** Applies and waits for the job: its result per oven. */
const applied = async (id: number, body: unknown, as = token) =>
  jobResult<'template-apply'>(ctx, as, await apply(id, body, as));
const detail = async (id: number) =>
  (await ctx.api('GET', `/api/templates/${id}`, undefined, { token })).json<{ data: MenuTemplateDetail }>()
    .data;
const names = (o: OvenDetail) => o.screens.flatMap((s) => s.screen_content.map((b) => b.buttonable_name));
const read = async (id: number) =>
  (await ctx.api('GET', `/api/ovens/${id}`, undefined, { token })).json<{ data: OvenDetail }>().data;

/** An oven of the golden menu with its first button removed, so the golden menu's template changes it. */
async function differing(name: string) {
  const oven = await importGoldenOven(ctx, token, name);
  const first = (await read(oven.id)).screens[0]!.screen_content[0]!;
  expect((await ctx.api('DELETE', `/api/buttons/${first.id}`, undefined, { token })).statusCode).toBe(200);
  return oven;
}

describe('menu templates', () => {
  it('applies to every oven of its model in a location, skipping another model, each with a result', async () => {
    const t = await template();
    const a = await createOven(ctx.db, ownerId, { name: 'A' });
    const b = await createOven(ctx.db, ownerId, { name: 'B' });
    const misa = await createOven(ctx.db, ownerId, { name: 'C', type: 'MiSA' });
    const place = await location([a.id, b.id, misa.id]);
    const res = await apply(t.id, { location_id: place.id });
    expect(res.statusCode).toBe(202);
    expect(res.json<{ data: Job }>().data).toMatchObject({
      kind: 'template-apply',
      status: 'queued',
      progress: { done: 0, total: 3 },
    });
    const body: ApplyTemplateResponse = await jobResult<'template-apply'>(ctx, token, res);
    expect(body).toMatchObject({ applied: 2, failed: 0, skipped: 1 });
    expect(body.results.map((r) => [r.name, r.status])).toEqual([
      ['A', 'applied'],
      ['B', 'applied'],
      ['C', 'skipped'],
    ]);
    expect(body.results[0]!.message).toBe(
      `Menu replaced and saved as version "${t.name} v1". The menu it had is kept as version "Before ${t.name} v1".`,
    );
    expect(names(await read(a.id))).toEqual(names(source));
    const versions = (await ctx.api('GET', `/api/ovens/${a.id}/versions`, undefined, { token })).json<{
      data: { name: string }[];
    }>().data;
    expect(versions.map((v) => v.name)).toEqual([`${t.name} v1`, `Before ${t.name} v1`]);
  });

  it('shows each oven matching, edited here with how, or on an older template version', async () => {
    const t = await template();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createOven(ctx.db, ownerId)));
    await applied(t.id, { oven_ids: [a!.id, b!.id, c!.id] });
    // B edited on its own; then the template's menu replaced, after which C is applied again.
    const bOven = await read(b!.id);
    const button = bOven.screens[0]!.screen_content.find((x) => x.type === 'recipe')!;
    expect((await ctx.api('DELETE', `/api/buttons/${button.id}`, undefined, { token })).statusCode).toBe(200);
    let got = await detail(t.id);
    const match = (id: number) => got.ovens_applied.find((o) => o.id === id)!;
    expect(match(a!.id)).toMatchObject({ match: 'matches', lines: [] });
    expect(match(b!.id).match).toBe('differs');
    expect(match(b!.id).lines[0]!.message).toMatch(/^Button ".+" removed from screen 1, slot \d+\.$/);
    const updated = await ctx.api('PUT', `/api/templates/${t.id}`, { oven_id: b!.id }, { token });
    expect(updated.json<{ data: MenuTemplate }>().data.version).toBe(2);
    got = await detail(t.id);
    expect(match(a!.id).match).toBe('outdated');
    // B's menu is the template's new one: it matches, though it was applied the older version.
    expect(match(b!.id)).toMatchObject({ match: 'matches', lines: [] });
  });

  it('previews each oven before applying: what changes, what matches already, what is skipped, changing nothing', async () => {
    const t = await template();
    const empty = await createOven(ctx.db, ownerId, { name: 'Empty' });
    const same = await createOven(ctx.db, ownerId, { name: 'Same' });
    const misa = await createOven(ctx.db, ownerId, { name: 'Other', type: 'MiSA' });
    await applied(t.id, { oven_ids: [same.id] });
    const place = await location([empty.id, same.id, misa.id]);
    const res = await ctx.api('POST', `/api/templates/${t.id}/preview`, { location_id: place.id }, { token });
    expect(res.statusCode).toBe(200);
    const preview = res.json<{ data: TemplatePreview }>().data;
    expect(preview).toMatchObject({ changes: 1, matches: 1, skipped: 1, compared: 1 });
    const byName = new Map(preview.ovens.map((o) => [o.name, o]));
    expect(byName.get('Same')).toMatchObject({ outcome: 'matches', lines: [] });
    expect(byName.get('Other')).toMatchObject({
      outcome: 'skipped',
      message: `Other is a MiSA; this template is for ${t.oven_type} ovens.`,
    });
    const lines = byName.get('Empty')!.lines;
    expect(byName.get('Empty')!.outcome).toBe('changes');
    expect(lines.length).toBeGreaterThanOrEqual(names(source).length);
    expect(new Set(lines.map((l) => l.kind))).toEqual(new Set(['added']));
    expect(lines[0]!.message).toMatch(/^Button ".+" added on screen \d+, slot \d+\.$/);
    // Nothing was applied: the empty oven is still empty.
    expect(names(await read(empty.id))).toEqual([]);
  });

  it('a preview names the field when neither ovens nor a location is chosen', async () => {
    const t = await template();
    const res = await ctx.api('POST', `/api/templates/${t.id}/preview`, {}, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.oven_ids).toEqual([
      'Choose some ovens or one location, not both.',
    ]);
  });

  it('refuses a template of an empty menu, which would empty every oven it is applied to', async () => {
    const empty = await createOven(ctx.db, ownerId, { name: 'Bare' });
    const res = await ctx.api('POST', '/api/templates', { name: 'Nothing', oven_id: empty.id }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.oven_id).toEqual([
      'Bare has no buttons on its menu: a template of it would empty every oven it is applied to.',
    ]);
    const t = await template();
    const again = await ctx.api('PUT', `/api/templates/${t.id}`, { oven_id: empty.id }, { token });
    expect(again.statusCode).toBe(422);
    expect((await detail(t.id)).version).toBe(1);
  });

  it('a failure on one oven leaves the others applied, and reports it', async () => {
    const t = await template();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createOven(ctx.db, ownerId)));
    const before = names(await read(b!.id));
    await ctx.db.execute(
      sql.raw(`create function fail_for_oven() returns trigger language plpgsql as $$
        begin if new.oven_id = ${b!.id} then raise exception 'disk on fire'; end if; return new; end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        'create trigger fail_for_oven before insert on menu_buttons for each row execute function fail_for_oven()',
      ),
    );
    try {
      const body = await applied(t.id, { oven_ids: [a!.id, b!.id, c!.id] });
      expect(body).toMatchObject({ applied: 2, failed: 1 });
      const failed = body.results.find((r) => r.status === 'failed')!;
      expect(failed.oven_id).toBe(b!.id);
      expect(failed.message).toBe('Not changed: the database refused the change. Try this oven again.');
    } finally {
      await ctx.db.execute(sql.raw('drop trigger fail_for_oven on menu_buttons'));
      await ctx.db.execute(sql.raw('drop function fail_for_oven()'));
    }
    expect(names(await read(b!.id))).toEqual(before);
    expect(names(await read(a!.id))).toEqual(names(source));
    expect(names(await read(c!.id))).toEqual(names(source));
    const versions = (await ctx.api('GET', `/api/ovens/${b!.id}/versions`, undefined, { token })).json<{
      data: unknown[];
    }>().data;
    expect(versions).toEqual([]);
    expect((await detail(t.id)).ovens_applied.map((o) => o.id).sort()).toEqual([a!.id, c!.id].sort());
  });

  it('Undo gives an oven back the menu the template replaced, with its buttons where they were', async () => {
    const t = await template();
    const own = await importGoldenOven(ctx, token, 'Own');
    const other = await createOven(ctx.db, ownerId);
    const before = await read(own.id);
    await applied(t.id, { oven_ids: [own.id, other.id] });
    expect(names(await read(own.id))).toEqual(names(source));
    expect((await ctx.api('POST', `/api/ovens/${own.id}/undo`, undefined, { token })).statusCode).toBe(200);
    const back = await read(own.id);
    expect(
      back.screens.map((s) => s.screen_content.map((b) => [b.id, b.position, b.buttonable_name])),
    ).toEqual(before.screens.map((s) => s.screen_content.map((b) => [b.id, b.position, b.buttonable_name])));
  });

  it('keeps the menu each oven had as a version "Before …", which restores it', async () => {
    const t = await template();
    const own = await differing('Kept');
    const before = await read(own.id);
    await applied(t.id, { oven_ids: [own.id] });
    const versions = (await ctx.api('GET', `/api/ovens/${own.id}/versions`, undefined, { token })).json<{
      data: { id: number; name: string }[];
    }>().data;
    const kept = versions.find((v) => v.name === `Before ${t.name} v1`)!;
    expect(kept).toBeDefined();
    const restored = await ctx.api('POST', `/api/ovens/${own.id}/versions/${kept.id}/restore`, undefined, {
      token,
    });
    expect(restored.statusCode).toBe(200);
    expect(names(await read(own.id))).toEqual(names(before));
  });

  it('keeps no second copy of a menu that was already a saved version', async () => {
    const t = await template();
    const own = await differing('Saved');
    const save = await ctx.api('POST', `/api/ovens/${own.id}/versions`, { name: 'Lunch' }, { token });
    expect(save.statusCode).toBe(201);
    const result = await applied(t.id, { oven_ids: [own.id] });
    expect(result.results[0]!.message).toBe(`Menu replaced and saved as version "${t.name} v1".`);
    const versions = (await ctx.api('GET', `/api/ovens/${own.id}/versions`, undefined, { token })).json<{
      data: { name: string }[];
    }>().data;
    expect(versions.map((v) => v.name).sort()).toEqual(['Lunch', `${t.name} v1`].sort());
  });

  it('an oven whose menu already matched says so, as the preview did, and keeps no copy of the same menu', async () => {
    const t = await template();
    const same = await importGoldenOven(ctx, token, 'Same');
    const preview = await ctx.api(
      'POST',
      `/api/templates/${t.id}/preview`,
      { oven_ids: [same.id] },
      { token },
    );
    expect(preview.json<{ data: TemplatePreview }>().data.ovens[0]?.outcome).toBe('matches');
    const result = await applied(t.id, { oven_ids: [same.id] });
    expect(result).toMatchObject({ applied: 0, matched: 1 });
    expect(result.results[0]!.status).toBe('matched');
    expect(result.results[0]!.message).toBe(
      `Its menu already matched the template; it is saved as version "${t.name} v1".`,
    );
    const versions = (await ctx.api('GET', `/api/ovens/${same.id}/versions`, undefined, { token })).json<{
      data: { name: string }[];
    }>().data;
    expect(versions.map((v) => v.name)).toEqual([`${t.name} v1`]);
  });

  it('an applied template is one change on each oven, which Undo takes back', async () => {
    const t = await template();
    const a = await createOven(ctx.db, ownerId);
    await applied(t.id, { oven_ids: [a.id] });
    const undo = await ctx.api('POST', `/api/ovens/${a.id}/undo`, undefined, { token });
    expect(undo.statusCode).toBe(200);
    expect(names(await read(a.id))).toEqual([]);
  });

  it('reports how far a job is to its owner, and to nobody else', async () => {
    const t = await template();
    const ovens = await Promise.all([1, 2, 3, 4].map(() => createOven(ctx.db, ownerId)));
    const res = await apply(t.id, { oven_ids: ovens.map((o) => o.id) });
    const job = await finishedJob<Job>(ctx, token, res);
    expect(job).toMatchObject({ status: 'done', progress: { done: 4, total: 4 }, error: null });
    expect(job.finished_at).not.toBeNull();
    const stranger = await ctx.api('GET', `/api/jobs/${job.id}`, undefined, { token: otherToken });
    expect(stranger.statusCode).toBe(404);
  });

  it('lets one user queue at most 3 jobs at once, with a plain 429', async () => {
    const t = await template();
    const oven = await createOven(ctx.db, ownerId);
    // Three jobs of this user already running (in another process, as far as this one knows).
    for (let i = 0; i < 3; i++)
      await ctx.db.insert(jobs).values({
        userId: ownerId,
        sessionHash: 'elsewhere',
        kind: 'template-apply',
        status: 'running',
        params: {},
        leaseUntil: new Date(Date.now() + 60_000),
        expiresAt: new Date(Date.now() + 60_000),
      });
    try {
      const res = await apply(t.id, { oven_ids: [oven.id] });
      expect(res.statusCode).toBe(429);
      expect(res.json<{ message: string }>().message).toBe(
        'You already have 3 jobs waiting or running. Wait for one to finish, then try again.',
      );
    } finally {
      await ctx.db.delete(jobs).where(eq(jobs.sessionHash, 'elsewhere'));
    }
    expect((await apply(t.id, { oven_ids: [oven.id] })).statusCode).toBe(202);
    await ctx.app.jobs.idle();
  });

  it("refuses another user's oven in the list and applies to none", async () => {
    const t = await template();
    const mine = await createOven(ctx.db, ownerId);
    const theirs = await createOven(ctx.db, otherId);
    const res = await apply(t.id, { oven_ids: [mine.id, theirs.id] });
    expect(res.statusCode).toBe(404);
    expect(names(await read(mine.id))).toEqual([]);
  });

  it('asks for ovens or a location, naming the field', async () => {
    const t = await template();
    const res = await apply(t.id, {});
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      oven_ids: ['Choose some ovens or one location, not both.'],
    });
  });

  it("another user's template is not found, to read, change, apply or delete", async () => {
    const theirs = await template(otherToken, (await importGoldenOven(ctx, otherToken, 'Theirs')).id);
    const mine = await createOven(ctx.db, ownerId);
    expect((await ctx.api('GET', `/api/templates/${theirs.id}`, undefined, { token })).statusCode).toBe(404);
    expect((await ctx.api('PUT', `/api/templates/${theirs.id}`, { name: 'x' }, { token })).statusCode).toBe(
      404,
    );
    expect((await apply(theirs.id, { oven_ids: [mine.id] })).statusCode).toBe(404);
    expect((await ctx.api('DELETE', `/api/templates/${theirs.id}`, undefined, { token })).statusCode).toBe(
      404,
    );
    const list = (await ctx.api('GET', '/api/templates', undefined, { token })).json<{
      data: MenuTemplate[];
    }>().data;
    expect(list.map((x) => x.id)).not.toContain(theirs.id);
  });

  it('lists templates with their numbers by value and case aside: "menu 1", "Menu 2", "Menu 10"', async () => {
    const cook = await createSignedInUser(ctx.db);
    const oven = await importGoldenOven(ctx, cook.token, 'Line');
    for (const name of ['Menu 10', 'Menu 2', 'menu 1'])
      expect(
        (await ctx.api('POST', '/api/templates', { name, oven_id: oven.id }, { token: cook.token }))
          .statusCode,
      ).toBe(201);
    const list = (await ctx.api('GET', '/api/templates', undefined, { token: cook.token })).json<{
      data: MenuTemplate[];
    }>().data;
    expect(list.map((x) => x.name)).toEqual(['menu 1', 'Menu 2', 'Menu 10']);
  });

  it('refuses to replace the menu with an oven of another model, naming the field', async () => {
    const t = await template();
    const misa = await createOven(ctx.db, ownerId, { type: 'MiSA', name: 'Misa' });
    const res = await ctx.api('PUT', `/api/templates/${t.id}`, { oven_id: misa.id }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.oven_id).toEqual([
      `Misa is a MiSA; this template is for Matchbox 1718/1313 ovens.`,
    ]);
  });
});
