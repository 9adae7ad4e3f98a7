/**
 * `npm run fuzz`: 100,000 damaged settings files (FUZZ_RUNS to change it) sent to POST /api/files on the
 * embedded database, each checked as in CI's few thousand (server/test/settings-file-fuzz.ts): a 201 whose
 * counts match, or a 422 naming a line with the database unchanged; never a 5xx. FUZZ_SEED picks the files.
 */
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PGLITE_OPTIONS, wrapPglite } from '../server/db/client';
import { createMailer } from '../server/mail/mailer';
import { createSession, createUser } from '../server/test/factories';
import { fuzzImports } from '../server/test/settings-file-fuzz';
import { report } from './measure';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const database = wrapPglite(new PGlite(PGLITE_OPTIONS));
await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const app = await buildApp({
  config,
  database,
  mailer: createMailer({ db: database.db, from: config.MAIL_FROM }),
});
await app.ready();
const user = await createUser(database.db);
const token = await createSession(database.db, user.id);

const started = performance.now();
let failure: unknown;
const result = await fuzzImports(
  {
    db: database.db,
    userId: user.id,
    importFile: async (body) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=f', 'x-xsrf-token': 'f' },
        payload: body,
      });
      return { status: res.statusCode, body: res.json() };
    },
  },
  RUNS,
  SEED,
).catch((error) => {
  failure = error;
  return undefined;
});
const seconds = (performance.now() - started) / 1000;
await app.close();
await database.close();

if (!result) {
  console.error(`\nSettings-file fuzz FAILED (seed ${SEED}):\n${failure}`);
  process.exit(1);
}
report(`Settings-file fuzz: ${RUNS.toLocaleString('en')} damaged files, seed ${SEED}`, [
  ['accepted (201, counts match)', result.accepted.toLocaleString('en')],
  ['refused (422, a line named, nothing written)', result.refused.toLocaleString('en')],
  ['5xx, hangs, partial writes', '0'],
  ['time', `${seconds.toFixed(0)} s (${((seconds * 1000) / RUNS).toFixed(1)} ms a file)`],
  ...result.reasons
    .slice(0, 8)
    .map(([reason, n]): [string, string] => [`  ${reason.slice(0, 70)}`, String(n)]),
]);
