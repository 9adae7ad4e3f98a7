/**
 * What an API token costs a request beside a person's session: the same oven list read with each (the token's
 * request also reads its creator's role in the token's team and counts against its rate), and the same change
 * (a button marked favourite) with no webhook beside three webhooks listening (the change writes its events in its
 * transaction; delivery is off the request path).
 */
import { sql } from 'drizzle-orm';
import { createOven, createRecipe, createSession, createUser, menuOfOne } from '../server/test/factories';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/contracts/http';
import type { TokenCreated } from '../shared/contracts/integrations';
import { load as loadOnce, serveApp, withBenchDatabase } from './harness';
import { report, verdict } from './measure';

const CONNECTIONS = 10;
const SECONDS = 5;

export async function apiTokensBench() {
  await withBenchDatabase(async (ctx) => {
    const db = ctx.database.db;
    const owner = await createUser(db);
    const session = await createSession(db, owner.id);
    for (let i = 0; i < 20; i++) await createOven(db, owner.id, { name: `Oven ${i + 1}` });
    const recipe = await createRecipe(db, { ownerId: owner.id });
    const oven = await createOven(db, owner.id, {
      name: 'Changed',
      tree: menuOfOne({ id: recipe.id, name: recipe.name, ovenType: 'Matchbox 1718/1313' }),
    });
    const [button] = (
      (await db.execute(sql`select id from menu_buttons where oven_id = ${oven.id} limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    // The rate is the thing measured against, not a limit met: a bench's 10 connections exceed 600 a minute.
    // `quiet`: deliveries wait (no poll in the run), so what is measured is a change's own request path, where its
    // events are written; `live`: the job runner delivers as it would.
    const serve = (live: boolean) =>
      serveApp(ctx, {
        rateLimits: { apiTokenRequests: { max: 10_000_000, windowMs: 60_000 } },
        ...(live ? {} : { jobPollMs: 3_600_000 }),
      });
    const csrf = { cookie: `${CSRF_COOKIE}=b`, [CSRF_HEADER]: 'b', 'content-type': 'application/json' };
    const run = (base: string, bearer: string, url: string, method: 'GET' | 'PUT' = 'GET', body?: string) =>
      loadOnce(
        `${base}${url}`,
        { authorization: `Bearer ${bearer}`, ...(method === 'PUT' ? csrf : {}) },
        { connections: CONNECTIONS, seconds: SECONDS, method, body },
      );

    let app = await serve(false);
    const made = await fetch(`${app.base}/api/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, ...csrf },
      body: JSON.stringify({ name: 'Bench', scopes: ['ovens:read', 'ovens:write'] }),
    });
    const token = ((await made.json()) as TokenCreated).data.token;
    const bySession = await run(app.base, session, '/api/ovens');
    const byToken = await run(app.base, token, '/api/ovens');

    // The same change each time (a button marked favourite): each is written, versioned and logged as a change.
    const change = JSON.stringify({ is_favorite: true });
    const path = `/api/buttons/${button!.id}`;
    const quiet = await run(app.base, session, path, 'PUT', change);
    // An address the runner refuses: each attempt fails at once, the most work delivery does beside the requests.
    for (let i = 0; i < 3; i++)
      await db.execute(
        sql`insert into webhooks (team_id, url, events, secret) values (${owner.teamId}, 'https://127.0.0.1:1/h', '{menu.changed}', 'whsec_a2VwdA==')`,
      );
    const heard = await run(app.base, session, path, 'PUT', change);
    await app.close();
    app = await serve(true);
    const delivering = await run(app.base, session, path, 'PUT', change);
    await app.close();
    // Measured again after: the history a change appends to grows with each run, so two quiet runs bracket the others.
    await db.execute(sql`delete from webhooks where team_id = ${owner.teamId}`);
    app = await serve(false);
    const quietAfter = await run(app.base, session, path, 'PUT', change);
    await app.close();
    const quietRps = (quiet.rps + quietAfter.rps) / 2;

    report(`API tokens and webhooks (${ctx.database.kind}), ${CONNECTIONS} connections, ${SECONDS} s each`, [
      ['GET /api/ovens with a session', `${bySession.rps.toFixed(0)} req/s, p99 ${bySession.p99} ms`],
      ['with an API token', `${byToken.rps.toFixed(0)} req/s, p99 ${byToken.p99} ms (${byToken.statuses})`],
      ['token vs session', verdict(byToken.rps / bySession.rps, { atLeast: 0.7 })],
      [
        'a menu change, no webhook (before, after)',
        `${quiet.rps.toFixed(0)}, ${quietAfter.rps.toFixed(0)} req/s (${quiet.statuses}, ${quietAfter.statuses})`,
      ],
      ['with 3 webhooks listening', `${heard.rps.toFixed(0)} req/s (${heard.statuses})`],
      ['heard vs quiet (the request path)', verdict(heard.rps / quietRps, { atLeast: 0.8 })],
      [
        'heard, the runner delivering meanwhile',
        `${delivering.rps.toFixed(0)} req/s (${delivering.statuses})`,
      ],
      ['delivering vs quiet', verdict(delivering.rps / quietRps, { atLeast: 0.7 })],
    ]);
  });
}
