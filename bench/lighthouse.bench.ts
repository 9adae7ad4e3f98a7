/**
 * Lighthouse's performance audit (mobile: simulated slow 4G and a 4× slower CPU) of the login page and of My Ovens
 * for a signed-in cook with one oven and for one with none yet, served from the last `npm run build`. Lighthouse is fetched by npx (pinned;
 * not a dependency of the project), and drives this machine's Chromium, where the session is put in first.
 * LIGHTHOUSE_RUNS sets the runs per page (3); LIGHTHOUSE_PAGES picks pages. Goals: a score of at least 95 and the largest paint within 2.5 s (the "good" Core Web Vitals line).
 * Served as deployed: over HTTPS with HTTP/2 from a front like a load balancer's (`https-front.ts`);
 * LIGHTHOUSE_HTTP1=true measures the app's own plain HTTP/1.1 listener instead, for comparison.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { DEFAULT_CLIENT_DIR } from '../server/app';
import { createOvenWithRecipe, createSession, createUser } from '../server/test/factories';
import { AUTH_TOKEN_STORAGE_KEY } from '../shared/contracts/http';
import { freePort, serveApp, withBenchDatabase } from './harness';
import { httpsFront } from './https-front';
import { report, verdict } from './measure';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type Audit = { numericValue?: number; displayValue?: string };
type Lhr = {
  finalDisplayedUrl: string;
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function lighthouseBench() {
  // LIGHTHOUSE_CLIENT_DIR measures another build (a variant under study) in place of the last `npm run build`.
  const clientDir = process.env.LIGHTHOUSE_CLIENT_DIR ?? DEFAULT_CLIENT_DIR;
  if (!existsSync(join(clientDir, 'index.html'))) {
    console.log('\nlighthouse: no build found; run `npm run build` first.');
    return;
  }
  await withBenchDatabase(async (ctx) => {
    const db = ctx.database.db;
    const user = await createUser(db);
    await createOvenWithRecipe(db, user.id);
    const token = await createSession(db, user.id);
    const newcomer = await createSession(db, (await createUser(db)).id);
    const app = await serveApp(ctx, { clientDir });
    const front = process.env.LIGHTHOUSE_HTTP1 === 'true' ? null : await httpsFront(app.base);
    const base = front?.base ?? app.base;
    const transport = front ? 'HTTPS, HTTP/2' : 'plain HTTP/1.1';
    const out = mkdtempSync(join(tmpdir(), 'hearth-lighthouse-'));
    try {
      // A new browser for every run, the session put in its storage: a first visit, nothing in any cache.
      const audit = async (slug: string, path: string, session: string | null) => {
        const runs: Lhr[] = [];
        for (let i = 0; i < RUNS; i++) {
          const port = await freePort();
          // The persistent context is the browser's default one, the one Lighthouse drives: a session put in a
          // new context (`browser.newPage()`) would not be seen, and My Ovens would measure the way to login.
          const profile = mkdtempSync(join(tmpdir(), 'hearth-lighthouse-profile-'));
          const browser = await chromium.launchPersistentContext(profile, {
            executablePath: '/usr/bin/chromium',
            // The front's certificate is made for this run: the browser is told to take it.
            args: [
              '--no-sandbox',
              '--disable-gpu',
              `--remote-debugging-port=${port}`,
              ...(front ? ['--ignore-certificate-errors'] : []),
            ],
          });
          try {
            const page = browser.pages()[0] ?? (await browser.newPage());
            await page.goto(`${base}/favicon.svg`);
            if (session)
              await page.evaluate(
                ([key, value]) => localStorage.setItem(key!, value!),
                [AUTH_TOKEN_STORAGE_KEY, session],
              );
            await page.goto('about:blank');
            const file = join(out, `run-${i}.json`);
            const lighthouse = () =>
              promisify(execFile)(
                'npx',
                [
                  '--yes',
                  LIGHTHOUSE,
                  `${base}${path}`,
                  `--port=${port}`,
                  '--only-categories=performance',
                  '--form-factor=mobile',
                  '--disable-storage-reset',
                  '--output=json',
                  `--output-path=${file}`,
                  '--quiet',
                ],
                { maxBuffer: 64 * 1024 * 1024 },
              );
            // Lighthouse now and then loses its trace (NO_NAVSTART); one more try, then its error stands.
            await lighthouse().catch(lighthouse);
            runs.push(JSON.parse(readFileSync(file, 'utf8')) as Lhr);
            // LIGHTHOUSE_KEEP=<dir> keeps each report, to read what the largest paint was and what it waited for.
            const keep = process.env.LIGHTHOUSE_KEEP;
            if (keep) copyFileSync(file, join(keep, `${slug}-${i}.json`));
            const landed = runs.at(-1)!;
            if (new URL(landed.finalDisplayedUrl).pathname !== path)
              throw new Error(`lighthouse measured ${landed.finalDisplayedUrl}, not ${path}`);
          } finally {
            await browser.close();
            rmSync(profile, { recursive: true, force: true });
          }
        }
        const score = median(runs.map((r) => r.categories.performance.score * 100));
        const lcp = median(runs.map((r) => r.audits['largest-contentful-paint']!.numericValue!));
        const figure = (id: string) => median(runs.map((r) => r.audits[id]!.numericValue!));
        return {
          score,
          lcp,
          fcp: figure('first-contentful-paint'),
          tbt: figure('total-blocking-time'),
          cls: figure('cumulative-layout-shift'),
        };
      };
      // LIGHTHOUSE_PAGES=login,ovens,empty measures only those pages (all three when unset).
      const pages = [
        ['login', 'the login page', '/', null],
        ['ovens', 'My Ovens (one oven)', '/ovens', token],
        ['empty', 'My Ovens (no oven yet)', '/ovens', newcomer],
      ] as const;
      const only = process.env.LIGHTHOUSE_PAGES?.split(',');
      const unknown = only?.filter((key) => !pages.some(([known]) => known === key));
      if (unknown?.length)
        throw new Error(`LIGHTHOUSE_PAGES: no page ${unknown.join(', ')} (login, ovens, empty)`);
      for (const [key, name, path, session] of pages) {
        if (only && !only.includes(key)) continue;
        const r = await audit(name.replace(/\W+/g, '-'), path, session);
        report(`lighthouse: ${name}, mobile (slow 4G, 4× slower CPU), ${transport}, median of ${RUNS}`, [
          ['performance score', verdict(r.score, { atLeast: 95 }, '', 0)],
          ['largest paint', verdict(r.lcp / 1000, { atMost: 2.5 }, ' s', 2)],
          ['first paint', `${(r.fcp / 1000).toFixed(2)} s`],
          ['blocking time', `${r.tbt.toFixed(0)} ms`],
          ['layout shift', r.cls.toFixed(3)],
        ]);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
      await front?.close();
      await app.close();
    }
  });
}
