import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookCreated, WebhookDelivery } from '../../../shared/contracts/integrations';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../../shared/domain/integrations';
import { outbox, teamInvitations, webhooks } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';
import { addMember, createOven, createSession, createUser } from '../../test/factories';
import {
  createTestContext,
  finishedJob,
  importGoldenOven,
  jobResult,
  multipartBody,
  type TestContext,
} from '../../test/harness';

/** A receiver on 127.0.0.1 that records each request and answers as told. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}
function startReceiver() {
  const got: Received[] = [];
  const state = { unansweredClosed: 0 };
  let answer: (r: Received) => { status: number; headers?: Record<string, string> } | null = () => ({
    status: 200,
  });
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const r = { headers: req.headers, body, path: req.url ?? '' };
      got.push(r);
      const a = answer(r);
      // Never answers; Hearth gives up and closes the connection.
      if (a === null) {
        res.on('close', () => {
          state.unansweredClosed++;
        });
        return;
      }
      res.writeHead(a.status, a.headers).end('ok');
    });
  });
  return {
    got,
    state,
    answer: (f: typeof answer) => {
      answer = f;
    },
    async start() {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Standard Webhooks' check, written here from the specification (not with the server's own signer). */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

let ctx: TestContext;
const receiver = startReceiver();
let base = '';
beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' }, webhookTimeoutMs: 3000 });
  base = await receiver.start();
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});
afterEach(() => {
  receiver.got.length = 0;
  receiver.answer(() => ({ status: 200 }));
});

async function team() {
  const owner = await createUser(ctx.db);
  return { owner, session: await createSession(ctx.db, owner.id), teamId: owner.teamId! };
}
async function hook(session: string, teamId: number, events: string[], path = '/hook') {
  const res = await ctx.api(
    'POST',
    `/api/teams/${teamId}/webhooks`,
    { url: `${base}${path}`, events },
    { token: session },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookCreated>().data;
}
/** An event for a webhook, due now (what each change writes; test pings are tried once, not retried). */
async function queued(webhookId: number) {
  await ctx.db.execute(sql`insert into webhook_messages (webhook_id, message_id, event, payload, next_attempt_at)
    values (${webhookId}, 'msg_' || md5(random()::text), 'member.removed',
      '{"type":"member.removed","timestamp":"2026-11-28T00:00:00Z","data":{}}'::jsonb, 'epoch')`);
}
/** What is due, delivered: the runner's own pass (a test ping nudges it) finished, then another. */
async function deliver() {
  await ctx.app.jobs.idle();
  await ctx.app.webhookDelivery.deliverDue();
}
async function log(session: string, teamId: number, id: number) {
  const res = await ctx.api('GET', `/api/teams/${teamId}/webhooks/${id}/deliveries`, undefined, {
    token: session,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: WebhookDelivery[]; total: number }>();
}

describe('webhooks', () => {
  it('answers the signing secret once and lists the webhook without it', async () => {
    const { session, teamId } = await team();
    const made = await hook(session, teamId, ['menu.changed']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await ctx.api('GET', `/api/teams/${teamId}/webhooks`, undefined, { token: session });
    expect(list.body).not.toContain(made.secret);
    expect(list.json()).toMatchObject({
      data: [{ id: made.id, events: ['menu.changed'], disabled_at: null }],
    });
  });

  it('sends a test ping signed as Standard Webhooks says, and logs the attempt', async () => {
    const { session, teamId } = await team();
    const made = await hook(session, teamId, ['member.joined']);
    const res = await ctx.api('POST', `/api/teams/${teamId}/webhooks/${made.id}/test`, undefined, {
      token: session,
    });
    expect(res.statusCode).toBe(202);
    await deliver();
    expect(receiver.got).toHaveLength(1);
    const [got] = receiver.got;
    expect(got!.headers['webhook-id']).toBe(res.json<{ data: { message_id: string } }>().data.message_id);
    expect(verify(made.secret, got!.headers, got!.body)).toBe(true);
    expect(verify(made.secret, got!.headers, `${got!.body} `)).toBe(false);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'webhook.ping', data: { webhook_id: made.id } });
    const { data } = await log(session, teamId, made.id);
    expect(data).toEqual([
      expect.objectContaining({ event: 'webhook.ping', status: 'succeeded', response_code: 200, attempt: 1 }),
    ]);
  });

  it('tells of a menu change with the oven, its version and who made it', async () => {
    const { owner, session, teamId } = await team();
    const oven = await createOven(ctx.db, owner.id, { name: 'Front' });
    await hook(session, teamId, ['menu.changed']);
    const res = await ctx.api('POST', '/api/screens', { type: 'main', oven_id: oven.id }, { token: session });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await deliver();
    const body = JSON.parse(receiver.got[0]!.body);
    expect(body).toMatchObject({
      type: 'menu.changed',
      data: {
        oven: { id: oven.id, name: 'Front' },
        version: 2,
        by: { id: owner.id, username: owner.username },
      },
    });
  });

  it('tells of a template applied, a file read back, a member joining and a file imported', async () => {
    const { owner, session, teamId } = await team();
    await hook(session, teamId, ['template.applied', 'oven.checked', 'member.joined', 'import.finished']);
    const oven = await importGoldenOven(ctx, session, 'Checked');
    const template = (
      await ctx.api('POST', '/api/templates', { name: 'Lunch', oven_id: oven.id }, { token: session })
    ).json<{ data: { id: number } }>().data;
    await jobResult<'template-apply'>(
      ctx,
      session,
      await ctx.api(
        'POST',
        `/api/templates/${template.id}/apply`,
        { oven_ids: [oven.id] },
        { token: session },
      ),
    );
    const golden = readFileSync(
      new URL('../../../shared/domain/settings-file/fixtures/example-mb.ai2', import.meta.url),
      'utf8',
    );
    await ctx.api('POST', `/api/ovens/${oven.id}/check-file`, { data: golden }, { token: session });
    const invited = await createUser(ctx.db, { team: false });
    await ctx.db.insert(teamInvitations).values({
      teamId,
      email: invited.email,
      role: 'crew',
      locationIds: [],
      tokenHash: hashToken(`join-${invited.id}`),
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const joined = await ctx.api('POST', `/api/invitations/join-${invited.id}/accept`, undefined, {
      token: await createSession(ctx.db, invited.id),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const { payload, headers } = multipartBody(
      { kind: 'locations', dry_run: 'false' },
      { name: 'locations.csv', content: 'name,address\nHarbour,1 Quay\n' },
    );
    await finishedJob(
      ctx,
      session,
      await ctx.api('POST', `/api/teams/${teamId}/imports`, payload, { token: session, headers }),
    );
    await deliver();
    const bodies = receiver.got.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type).sort()).toEqual([
      'import.finished',
      'member.joined',
      'oven.checked',
      'template.applied',
    ]);
    const of = (type: string) => bodies.find((b) => b.type === type).data;
    expect(of('template.applied')).toMatchObject({
      template: { id: template.id, name: 'Lunch' },
      ovens: [{ id: oven.id }],
      by: { id: owner.id },
    });
    expect(of('oven.checked')).toMatchObject({ oven: { id: oven.id }, source: 'file', by: { id: owner.id } });
    expect(of('member.joined')).toMatchObject({
      member: { id: invited.id, role: 'crew' },
      by: { id: invited.id },
    });
    expect(of('import.finished')).toMatchObject({ kind: 'locations', create: 1, by: { id: owner.id } });
  });

  it('sends only the events chosen, and nothing of another team', async () => {
    const { owner, session, teamId } = await team();
    await hook(session, teamId, ['member.removed']);
    const other = await team();
    const crew = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, other.teamId, crew.id, 'crew');
    await ctx.api('DELETE', `/api/teams/${other.teamId}/members/${crew.id}`, undefined, {
      token: other.session,
    });
    const oven = await createOven(ctx.db, owner.id);
    await ctx.api('POST', '/api/screens', { type: 'main', oven_id: oven.id }, { token: session });
    await deliver();
    expect(receiver.got).toHaveLength(0);
    const mine = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, teamId, mine.id, 'crew');
    await ctx.api('DELETE', `/api/teams/${teamId}/members/${mine.id}`, undefined, { token: session });
    await deliver();
    expect(receiver.got.map((r) => JSON.parse(r.body).type)).toEqual(['member.removed']);
  });

  it('retries a failed delivery with the same id, within seconds', async () => {
    const { session, teamId } = await team();
    const made = await hook(session, teamId, ['member.removed']);
    receiver.answer((r) => (receiver.got.indexOf(r) === 0 ? { status: 503 } : { status: 200 }));
    await queued(made.id);
    await deliver();
    await deliver();
    expect(receiver.got).toHaveLength(1);
    const first = await log(session, teamId, made.id);
    expect(first.data[0]).toMatchObject({ status: 'failed', response_code: 503 });
    expect(Date.parse(first.data[0]!.next_attempt_at!) - ctx.clock.now.getTime()).toBe(
      WEBHOOK_RETRY_DELAYS_MS[0],
    );
    ctx.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    await deliver();
    expect(receiver.got).toHaveLength(2);
    expect(receiver.got[1]!.headers['webhook-id']).toBe(receiver.got[0]!.headers['webhook-id']);
    expect(verify(made.secret, receiver.got[1]!.headers, receiver.got[1]!.body)).toBe(true);
    expect((await log(session, teamId, made.id)).data.map((d) => d.status)).toEqual(['succeeded', 'failed']);
  });

  it('tries a receiver that is down once, not once per waiting message', async () => {
    const { session, teamId } = await team();
    const made = await hook(session, teamId, ['member.removed']);
    receiver.answer(() => ({ status: 503 }));
    // A message due in a second, and a ping due now: the ping fails first, and the other waits for its retry.
    const inASecond = new Date(ctx.clock.now.getTime() + 1000).toISOString();
    await ctx.db.execute(sql`insert into webhook_messages (webhook_id, message_id, event, payload, next_attempt_at)
      values (${made.id}, 'msg_waiting', 'member.removed', '{}'::jsonb, ${inASecond}::timestamptz)`);
    await queued(made.id);
    await deliver();
    expect(receiver.got).toHaveLength(1);
    ctx.clock.advance(2000);
    await deliver();
    expect(receiver.got).toHaveLength(1);
    // Back up: the retry goes, and the message that waited goes after it.
    receiver.answer(() => ({ status: 200 }));
    ctx.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    await deliver();
    expect(receiver.got.map((r) => r.headers['webhook-id']).sort()).toEqual(
      [receiver.got[0]!.headers['webhook-id'], receiver.got[0]!.headers['webhook-id'], 'msg_waiting'].sort(),
    );
  });

  it("posts to other receivers while one hangs: a hanging receiver holds one slot, not every team's", async () => {
    const hanging = await team();
    const fast = await team();
    const slow = await hook(hanging.session, hanging.teamId, ['member.removed'], '/hang');
    const quick = await hook(fast.session, fast.teamId, ['member.removed'], '/fast');
    const closedBefore = receiver.state.unansweredClosed;
    const seenWhileHanging: boolean[] = [];
    receiver.answer((r) => {
      if (r.path === '/hang') return null;
      seenWhileHanging.push(receiver.state.unansweredClosed === closedBefore);
      return { status: 200 };
    });
    await ctx.app.jobs.idle();
    await ctx.db.execute(sql`insert into webhook_messages (webhook_id, message_id, event, payload, next_attempt_at)
      values (${slow.id}, 'msg_hang', 'member.removed', '{}'::jsonb, 'epoch'),
        (${quick.id}, 'msg_f1', 'member.removed', '{}'::jsonb, 'epoch'),
        (${quick.id}, 'msg_f2', 'member.removed', '{}'::jsonb, 'epoch'),
        (${quick.id}, 'msg_f3', 'member.removed', '{}'::jsonb, 'epoch')`);
    expect(await ctx.app.webhookDelivery.deliverDue()).toBe(4);
    // Each of the other team's three went while the hanging post was still open.
    expect(seenWhileHanging).toEqual([true, true, true]);
    await vi.waitFor(() => expect(receiver.state.unansweredClosed).toBe(closedBefore + 1));
  });

  it('follows no redirect, and gives up on a receiver that does not answer in time', async () => {
    const { session, teamId } = await team();
    const made = await hook(session, teamId, ['member.removed']);
    receiver.answer(() => ({ status: 302, headers: { location: `${base}/elsewhere` } }));
    await ctx.api('POST', `/api/teams/${teamId}/webhooks/${made.id}/test`, undefined, { token: session });
    await deliver();
    expect(receiver.got.map((r) => r.path)).toEqual(['/hook']);
    receiver.answer(() => null);
    await ctx.api('POST', `/api/teams/${teamId}/webhooks/${made.id}/test`, undefined, { token: session });
    await deliver();
    const { data } = await log(session, teamId, made.id);
    expect(data.map((d) => [d.response_code, d.error_said?.key])).toEqual([
      [null, 'ruleMessages.webhookNoAnswer'],
      [302, 'ruleMessages.webhookRedirect'],
    ]);
    // Test pings are tried once: no retry is due, and the webhook is not marked failing by them.
    expect(data.map((d) => d.next_attempt_at)).toEqual([null, null]);
    const [row] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(row!.failingSince).toBeNull();
  });

  it('queues nothing for a webhook turned off, and turns it on again', async () => {
    const { session, teamId } = await team();
    const made = await hook(session, teamId, ['member.removed']);
    await ctx.db
      .update(webhooks)
      .set({ disabledAt: new Date(), failingSince: new Date() })
      .where(eq(webhooks.id, made.id));
    const crew = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, teamId, crew.id, 'crew');
    await ctx.api('DELETE', `/api/teams/${teamId}/members/${crew.id}`, undefined, { token: session });
    await deliver();
    expect(receiver.got).toHaveLength(0);
    const enabled = await ctx.api('POST', `/api/teams/${teamId}/webhooks/${made.id}/enable`, undefined, {
      token: session,
    });
    expect(enabled.json()).toMatchObject({ data: { disabled_at: null, failing_since: null } });
  });

  it('is for owners and managers of the team only', async () => {
    const { owner, session, teamId } = await team();
    const made = await hook(session, teamId, ['member.removed']);
    const crew = await createUser(ctx.db, { team: false });
    await addMember(ctx.db, teamId, crew.id, 'store');
    const crewSession = await createSession(ctx.db, crew.id);
    expect(
      (await ctx.api('GET', `/api/teams/${teamId}/webhooks`, undefined, { token: crewSession })).statusCode,
    ).toBe(403);
    const stranger = await team();
    expect(
      (
        await ctx.api('GET', `/api/teams/${teamId}/webhooks/${made.id}/deliveries`, undefined, {
          token: stranger.session,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.api('DELETE', `/api/teams/${stranger.teamId}/webhooks/${made.id}`, undefined, {
          token: stranger.session,
        })
      ).statusCode,
    ).toBe(404);
    expect(owner.id).toBeGreaterThan(0);
  });

  it('refuses the metadata address even where private addresses are allowed', async () => {
    const { session, teamId } = await team();
    const res = await ctx.api(
      'POST',
      `/api/teams/${teamId}/webhooks`,
      { url: 'http://169.254.169.254/latest/meta-data', events: ['menu.changed'] },
      { token: session },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ key: 'ruleMessages.webhookUrlPrivate' });
  });
  // Last: it moves the clock a day on, past every session's end.
  it('turns a webhook off after a day of failures and tells the owners by mail', async () => {
    const { owner, session, teamId } = await team();
    const made = await hook(session, teamId, ['member.removed']);
    receiver.answer(() => ({ status: 500 }));
    await queued(made.id);
    for (const delay of [0, ...WEBHOOK_RETRY_DELAYS_MS]) {
      ctx.clock.advance(delay);
      await deliver();
      const [row] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, made.id));
      if (row!.disabledAt) break;
    }
    const [row] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(row!.disabledAt).not.toBeNull();
    expect(row!.disabledAt!.getTime() - row!.failingSince!.getTime()).toBeGreaterThanOrEqual(86_400_000);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('stopped sending to a webhook')]);
  });
});

describe('webhooks in production', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestContext({ env: { WEBHOOKS_ALLOW_HTTP: 'false' }, webhookTimeoutMs: 500 });
  });
  afterAll(() => prod.close());

  it('refuses plain http, private, loopback, link-local and mapped addresses, naming the field', async () => {
    const owner = await createUser(prod.db);
    const token = await createSession(prod.db, owner.id);
    const refused: [string, string][] = [
      ['http://example.com/hook', 'ruleMessages.webhookUrlHttps'],
      ['https://127.0.0.1/hook', 'ruleMessages.webhookUrlPrivate'],
      ['https://localhost/hook', 'ruleMessages.webhookUrlPrivate'],
      ['https://10.1.2.3/hook', 'ruleMessages.webhookUrlPrivate'],
      ['https://[::1]/hook', 'ruleMessages.webhookUrlPrivate'],
      ['https://[::ffff:7f00:1]/hook', 'ruleMessages.webhookUrlPrivate'],
      ['https://169.254.10.1/hook', 'ruleMessages.webhookUrlPrivate'],
      ['https://user:pw@example.com/hook', 'ruleMessages.webhookUrlCredentials'],
      ['not a url', 'ruleMessages.webhookUrlInvalid'],
    ];
    for (const [url, key] of refused) {
      const res = await prod.api(
        'POST',
        `/api/teams/${owner.teamId}/webhooks`,
        { url, events: ['menu.changed'] },
        { token },
      );
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ issues: { path: string; key: string }[] }>().issues, url).toEqual([
        expect.objectContaining({ path: 'url', key }),
      ]);
    }
  });

  it('checks the address again at delivery: a name that now points inside is not reached', async () => {
    const owner = await createUser(prod.db);
    const token = await createSession(prod.db, owner.id);
    // As if the name had pointed outside when it was added (DNS rebinding): it resolves to 127.0.0.1 now.
    const [row] = await prod.db
      .insert(webhooks)
      .values({
        teamId: owner.teamId!,
        url: `${base.replace('127.0.0.1', 'localhost')}/hook`,
        events: ['member.removed'],
        secret: 'whsec_a2VwdA==',
      })
      .returning();
    await prod.api('POST', `/api/teams/${owner.teamId}/webhooks/${row!.id}/test`, undefined, { token });
    await prod.app.jobs.idle();
    await prod.app.webhookDelivery.deliverDue();
    expect(receiver.got).toHaveLength(0);
    const log = await prod.api(
      'GET',
      `/api/teams/${owner.teamId}/webhooks/${row!.id}/deliveries`,
      undefined,
      { token },
    );
    expect(log.json<{ data: WebhookDelivery[] }>().data).toEqual([
      expect.objectContaining({
        status: 'failed',
        response_code: null,
        error_said: expect.objectContaining({ key: 'ruleMessages.webhookUrlPrivate' }),
      }),
    ]);
  });
});
