/**
 * What a membership check costs a request. Every request resolves its session with the current team, the role and
 * (store managers, crew) the locations in one statement: measured here beside the session lookup alone (what it
 * was before teams), and over HTTP, an oven read by its team's owner beside the same read by a store manager of one
 * location and of 100 (the scope then filters by location), each beside `/api/health` in the same run.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { sessions, users } from '../server/db/schema/index';
import { userWithTeam } from '../server/features/auth/auth.service';
import { hashToken } from '../server/lib/tokens';
import { addMember, createOven, createSession, createUser } from '../server/test/factories';
import { load as loadOnce, serveApp, withBenchDatabase } from './harness';
import { measure, ms, report, verdict } from './measure';

const CONNECTIONS = 10;
const SECONDS = 5;

export async function teamsBench() {
  await withBenchDatabase(async (ctx) => {
    const db = ctx.database.db;
    const owner = await createUser(db);
    const ownerToken = await createSession(db, owner.id);
    const places: number[] = [];
    for (let i = 0; i < 100; i++) {
      const [row] = (
        (await db.execute(
          sql`insert into locations (team_id, name) values (${owner.teamId}, ${`Store ${i + 1}`}) returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      places.push(Number(row!.id));
    }
    const oven = await createOven(db, owner.id, { name: 'Store 1 Oven', locationId: places[0] });
    const member = async (locationIds: number[]) => {
      const user = await createUser(db, { team: false });
      await addMember(db, owner.teamId!, user.id, 'store', { locationIds });
      return createSession(db, user.id);
    };
    const oneStore = await member([places[0]!]);
    const hundredStores = await member(places);

    // The statement alone: the session lookup before teams, and with the membership read in it.
    const hash = hashToken(hundredStores);
    const bare = await measure(async () => {
      for (let i = 0; i < 200; i++)
        await db
          .select({ user: users })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, new Date())))
          .limit(1);
    });
    const withTeam = await measure(async () => {
      for (let i = 0; i < 200; i++)
        await userWithTeam(
          db,
          sql`${users.id} = (select user_id from sessions where token_hash = ${hash} and expires_at > now())`,
        );
    });

    const app = await serveApp(ctx);
    const run = (token: string | null, path: string) =>
      loadOnce(`${app.base}${path}`, token ? { authorization: `Bearer ${token}` } : {}, {
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
    const health = await run(null, '/api/health');
    const asOwner = await run(ownerToken, `/api/ovens/${oven.id}`);
    const asOne = await run(oneStore, `/api/ovens/${oven.id}`);
    const asHundred = await run(hundredStores, `/api/ovens/${oven.id}`);
    await app.close();

    report(
      `Teams: the membership check (${ctx.database.kind}), ${CONNECTIONS} connections, ${SECONDS} s each`,
      [
        ['session lookup alone, 200 times', ms(bare.median)],
        ['session with team, role and 100 locations', ms(withTeam.median)],
        ['membership read, ratio to the lookup alone', verdict(withTeam.median / bare.median, { atMost: 2 })],
        ['baseline GET /api/health', `${health.rps.toFixed(0)} req/s, p50 ${health.p50} ms`],
        [
          'oven read by its owner',
          `${asOwner.rps.toFixed(0)} req/s, p99 ${asOwner.p99} ms (${asOwner.statuses})`,
        ],
        [
          'by a store manager of 1 location',
          `${asOne.rps.toFixed(0)} req/s, p99 ${asOne.p99} ms (${asOne.statuses})`,
        ],
        [
          'by a store manager of 100 locations',
          `${asHundred.rps.toFixed(0)} req/s, p99 ${asHundred.p99} ms (${asHundred.statuses})`,
        ],
        ['store manager (100 locations) vs owner', verdict(asHundred.rps / asOwner.rps, { atLeast: 0.8 })],
        ['errors (non-2xx)', verdict(asOwner.errors + asOne.errors + asHundred.errors, { atMost: 0 }, '', 0)],
      ],
    );
  });
}
