/**
 * One operation of the import benchmark in a process of its own, so its peak memory (the process's maximum resident
 * set) is its own: `download` builds, checks, stores and reads back an oven's settings file; `menu-pdf` draws its
 * menu PDF. Prints one JSON line.
 */
import { loadConfig } from '../server/config';
import { createActivityRecorder } from '../server/db/activity-store';
import { openDatabase } from '../server/db/client';
import { recipesByIds } from '../server/db/recipe-store';
import { scopeOf } from '../server/db/scope';
import { actorOf } from '../server/db/team-store';
import { loadMenu, ownOven } from '../server/features/ovens';
import { menuPdf } from '../server/features/settings-files/menu.pdf';
import { createSettingsFilesService } from '../server/features/settings-files/settings-files.service';
import { createMailer } from '../server/mail/mailer';

const [mode, ovenArg, userArg] = process.argv.slice(2);
const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL ?? '' });
if (!config.DATABASE_URL) throw new Error('peak-memory needs DATABASE_URL');
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const db = database.db;
const actor = await actorOf(db, Number(userArg));
const ovenId = Number(ovenArg);
const files = createSettingsFilesService({
  activity: createActivityRecorder({ db, timeZone: 'UTC' }),
  db,
  mailer: createMailer({ db, from: config.MAIL_FROM }),
  provider: 'Bench',
});

(globalThis as { gc?: () => void }).gc?.();
const baseMb = process.memoryUsage().rss / 1048576;
const start = performance.now();
let bytes = 0;
if (mode === 'download') {
  const prepared = await files.prepareDownload(actor, ovenId, 'bench-session');
  const [token, name] = prepared.file.split('/');
  const opened = await files.openDownload(token!, name!, 'bench-session');
  bytes = 'bytes' in opened ? opened.bytes.length : 0;
} else {
  const oven = await ownOven(db, scopeOf(actor), ovenId);
  const tree = await loadMenu(db, oven.id, oven.type);
  const ids = tree.screens.flatMap((s) =>
    s.buttons.flatMap((b) =>
      b.kind === 'recipe'
        ? [b.recipe.id]
        : b.category.pages.flatMap((p) => p.buttons.map((pb) => pb.recipe.id)),
    ),
  );
  const pdf = await menuPdf({
    provider: 'Bench',
    oven,
    tree,
    recipes: await recipesByIds(db, ids),
    printedAt: new Date(),
  });
  bytes = pdf.length;
}
const elapsed = performance.now() - start;
const peakMb = process.resourceUsage().maxRSS / 1024;
await database.close();
console.log(JSON.stringify({ ms: elapsed, bytes, baseMb, peakMb }));
