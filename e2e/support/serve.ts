/**
 * The server the browser tests drive: the real app on a fresh embedded database, its mail going over SMTP to
 * a catcher on 127.0.0.1 whose messages the tests read from a small JSON endpoint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, DEFAULT_CLIENT_DIR } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { createMailer } from '../../server/mail/mailer';
import { seedDemoUsers } from '../../server/seed/demo-users';
import { seedLibrary } from '../../server/seed/library-recipes';
import { startSmtpCatcher } from '../../server/test/smtp-catcher';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3101);

const dataDir = mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
const smtp = await startSmtpCatcher();
const config = loadConfig({
  PORT: String(PORT),
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  OUTBOX_PAGE: 'true',
  APP_URL: `http://127.0.0.1:${PORT}`,
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
  },
});
await app.listen({ port: PORT, host: '127.0.0.1' });

const mailApi = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(smtp.messages));
  void req;
});
mailApi.listen(MAIL_PORT, '127.0.0.1');

const stop = async () => {
  mailApi.close();
  await app.close();
  mailer.close();
  await smtp.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
console.log(`e2e server on http://127.0.0.1:${PORT}, mail on http://127.0.0.1:${MAIL_PORT}`);
