/**
 * The server the browser tests drive: the real app on a fresh embedded database, its mail going over SMTP to
 * a catcher on 127.0.0.1. Beside it, on E2E_MAIL_PORT, a small test-only endpoint the fixtures use: the caught
 * mail (GET /mail), and seeding straight into the database (POST /seed/...) so a test starts with its own user,
 * recipes and ovens, logged in by token, without clicking through the screens it does not test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, DEFAULT_CLIENT_DIR } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, rowsOf } from '../../server/db/client';
import { createMailer } from '../../server/mail/mailer';
import { seedDemoUsers } from '../../server/seed/demo-users';
import { seedLibrary } from '../../server/seed/library-recipes';
import {
  addMember,
  createOven,
  createRecipe,
  createSession,
  createUser,
  currentTeamOf,
} from '../../server/test/factories';
import { startTestProvider, type TestPerson } from '../../server/test/oidc-provider';
import { startSmtpCatcher } from '../../server/test/smtp-catcher';
import type { MenuTree } from '../../shared/domain/menu';
import type { OvenType } from '../../shared/domain/oven-models';
import type { TeamRole } from '../../shared/domain/permissions';
import { goldenFileName } from '../../shared/domain/settings-file/golden';

const goldenPath = (type: OvenType) =>
  new URL(`../../shared/domain/settings-file/fixtures/${goldenFileName(type)}`, import.meta.url);

const PORT = Number(process.env.E2E_PORT ?? 3100);
const FIXTURE_PORT = Number(process.env.E2E_MAIL_PORT ?? 3101);

const dataDir = mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
const smtp = await startSmtpCatcher();
// A real OpenID provider for the company sign-in specs, and the DNS TXT records they publish (no real DNS here).
const provider = await startTestProvider({
  redirectUris: [`http://127.0.0.1:${PORT}/api/auth/sso/callback`],
});
const txtRecords = new Map<string, string[]>();
const config = loadConfig({
  PORT: String(PORT),
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  OUTBOX_PAGE: 'true',
  // The browser tests' webhook receiver listens on 127.0.0.1.
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  APP_URL: `http://127.0.0.1:${PORT}`,
  SSO_ALLOW_INSECURE_ISSUER: 'true',
  LOG_LEVEL: 'warn',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
await database.migrate();
await seedDemoUsers(database.db);
await seedLibrary(database.db);
const mailer = createMailer({ db: database.db, smtpUrl: smtp.url, from: config.MAIL_FROM });
const relaxed = { max: 10_000, windowMs: 60_000 };
const app = await buildApp({
  config,
  database,
  mailer,
  clientDir: DEFAULT_CLIENT_DIR,
  lookupTxt: async (domain) => txtRecords.get(domain) ?? [],
  // Every browser test logs in from 127.0.0.1; the limits themselves are covered by the API tests.
  rateLimits: {
    loginFailuresPerIp: relaxed,
    loginFailuresPerIpAccount: relaxed,
    loginFailuresPerAccount: relaxed,
    registerPerIp: relaxed,
    registerPerAccount: relaxed,
    passwordEmailPerIp: relaxed,
    passwordEmailPerAccount: relaxed,
    passwordResetPerIp: relaxed,
    passwordResetPerAccount: relaxed,
    verifyPerIp: relaxed,
    sharePerUser: relaxed,
    sharePerRecipient: relaxed,
  },
});
await app.listen({ port: PORT, host: '127.0.0.1' });

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

type Seeder = (input: Record<string, unknown>) => Promise<unknown>;
const seeders: Record<string, Seeder> = {
  /** The test OpenID provider: where it is and Hearth's client there. */
  'sso-provider': async () => ({
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
  }),
  /** Someone the provider can sign in: { sub, email, email_verified, name }. */
  'sso-person': async (input) => {
    provider.add(input as unknown as TestPerson);
    return { ok: true };
  },
  /** A domain's TXT records, as DNS would answer them: { domain, records }. */
  'txt-record': async (input) => {
    txtRecords.set(String(input.domain), input.records as string[]);
    return { ok: true };
  },
  /** A verified user with a session: { role? } → { id, username, email, password, token }. */
  user: async (input) => {
    const user = await createUser(database.db, { role: input.role === 'admin' ? 'admin' : 'other' });
    const token = await createSession(database.db, user.id);
    return { id: user.id, username: user.username, email: user.email, password: user.password, token };
  },
  /** Recipes for a user: { ownerId, recipes: [partial recipe inputs] } → [{ id, name }]. */
  recipes: async (input) => {
    const list = (input.recipes as Record<string, unknown>[]) ?? [];
    const out = [];
    for (const recipe of list)
      out.push(await createRecipe(database.db, { ...recipe, ownerId: input.ownerId as number }));
    return out;
  },
  /**
   * An oven imported from the golden settings file of its type, through the real import: { token, name, type } →
   * the import statistics' oven.
   */
  'imported-oven': async (input) => {
    const type = input.type as OvenType;
    const res = await app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${input.token}`, cookie: 'XSRF-TOKEN=seed', 'x-xsrf-token': 'seed' },
      payload: { oven_name: input.name, oven_type: type, data: readFileSync(goldenPath(type), 'utf8') },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().oven;
  },
  /**
   * Past activity for the report: { entries: [{ userId, day, hour, recipes?: { type, count }, ovens?: { type, count } }] }
   * written as the recorder would have (the report reads only these tables).
   */
  activity: async (input) => {
    for (const e of input.entries as {
      userId: number;
      day: string;
      hour: number;
      recipes?: { type: string; count: number };
      ovens?: { type: string; count: number };
    }[]) {
      await database.db.execute(sql`
        insert into user_activity_days (day, user_id, hours) values (${e.day}, ${e.userId}, ${1 << e.hour})
        on conflict (day, user_id) do update set hours = user_activity_days.hours | excluded.hours`);
      await database.db.execute(sql`
        insert into user_activity_months (month, user_id) values (${`${e.day.slice(0, 7)}-01`}, ${e.userId})
        on conflict do nothing`);
      if (e.recipes)
        await database.db.execute(sql`insert into activity_events (kind, day, oven_type, count)
          values ('recipe_created', ${e.day}, ${e.recipes.type}, ${e.recipes.count})`);
      if (e.ovens)
        await database.db.execute(sql`insert into activity_events (kind, day, oven_type, count)
          values ('oven_created', ${e.day}, ${e.ovens.type}, ${e.ovens.count})`);
    }
    return { ok: true };
  },
  /**
   * A member of a user's current team, in no team before: { ownerId, role, locationIds? } → the same as `user`.
   */
  member: async (input) => {
    const user = await createUser(database.db, {
      team: false,
      ...(typeof input.email === 'string' ? { email: input.email } : {}),
    });
    const teamId = await currentTeamOf(database.db, input.ownerId as number);
    await addMember(database.db, teamId, user.id, input.role as TeamRole, {
      locationIds: (input.locationIds as number[] | undefined) ?? [],
    });
    const token = await createSession(database.db, user.id);
    return { id: user.id, username: user.username, email: user.email, password: user.password, token };
  },
  /** Locations of a user's current team, at once: { ownerId, names } → [{ id, name }]. */
  locations: async (input) => {
    const teamId = await currentTeamOf(database.db, input.ownerId as number);
    const names = input.names as string[];
    return rowsOf<{ id: number; name: string }>(
      database.db,
      sql`insert into locations (team_id, name)
        select ${teamId}, value from json_array_elements_text(${JSON.stringify(names)}::json)
        returning id, name`,
    );
  },
  /** An oven of a user: { ownerId, name?, type?, locationId?, tree? } → { id, name, type, screenId }. */
  oven: async (input) => {
    const oven = await createOven(database.db, input.ownerId as number, {
      name: input.name as string | undefined,
      type: input.type as never,
      locationId: input.locationId as number | undefined,
      tree: input.tree as MenuTree | undefined,
    });
    return { id: oven.id, name: oven.name, type: oven.type, screenId: oven.screenId };
  },
};

const fixtures = createServer(async (req, res) => {
  res.setHeader('content-type', 'application/json');
  try {
    if (req.method === 'GET' && (req.url === '/' || req.url === '/mail')) {
      // Attachments travel as base64, so a test can compare their bytes or read a PDF.
      res.end(
        JSON.stringify(
          smtp.messages.map((m) => ({
            ...m,
            attachments: m.attachments.map((a) => ({
              fileName: a.fileName,
              contentType: a.contentType,
              base64: a.content.toString('base64'),
            })),
          })),
        ),
      );
      return;
    }
    const seeder = req.method === 'POST' ? seeders[(req.url ?? '').replace(/^\/seed\//, '')] : undefined;
    if (!seeder) {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    res.end(JSON.stringify(await seeder(await body(req))));
  } catch (error) {
    res.statusCode = 500;
    res.end(JSON.stringify({ message: String(error) }));
  }
});
fixtures.listen(FIXTURE_PORT, '127.0.0.1');

const stop = async () => {
  fixtures.close();
  await app.close();
  mailer.close();
  await smtp.close();
  await provider.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
console.log(`e2e server on http://127.0.0.1:${PORT}, fixtures and mail on http://127.0.0.1:${FIXTURE_PORT}`);
