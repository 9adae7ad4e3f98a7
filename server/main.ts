import { resolve } from 'node:path';
import { buildApp, DEFAULT_CLIENT_DIR } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createMailer } from './mail/mailer';
import { DEMO_ACCOUNTS, seedDemoUsers } from './seed/demo-users';
import { seedLibrary } from './seed/library-recipes';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
  });
  await database.migrate();
  if (config.SEED_DEMO) await seedDemoUsers(database.db);
  // The provider's library is part of the product, not demo data: seeded whenever it is empty.
  await seedLibrary(database.db);

  const mailer = createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const app = await buildApp({ config, db: database.db, mailer, clientDir: DEFAULT_CLIENT_DIR });

  const shutdown = async () => {
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const where =
    database.kind === 'pglite' ? `embedded database in ${resolve(config.DATA_DIR)}` : 'PostgreSQL';
  const lines = [
    '',
    `  Hearth is running at ${config.APP_URL}  (${where})`,
    `  API documentation: ${config.APP_URL}/api/docs`,
  ];
  if (config.OUTBOX_PAGE) lines.push(`  Outbox (mail that would be sent): ${config.APP_URL}/outbox`);
  if (config.SEED_DEMO) {
    lines.push('  Demo accounts:');
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.role === 'admin' ? 'admin' : 'user '}  ${a.username} / ${a.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
