/**
 * A chain brought in from a file: ovens files of 100, 1,000 and 10,000 rows checked (dry run) and applied through
 * POST /api/teams/{id}/imports, each timed per row with the server's peak memory above its resting level, beside
 * the same ovens made one form at a time (POST /api/ovens) in the same run; and the export of the 10,000 as CSV
 * and XLSX. The goals are ratios: a row of a file costs a small share of a form, and its cost does not grow with
 * the file.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { createSession, createUser } from '../server/test/factories';
import { finishJob, serveApp, withBenchDatabase } from './harness';
import { ms, report, verdict } from './measure';

const SIZES = [100, 1000, 10_000];
const PLACES = 50;
/** Forms timed per size: enough for a steady per-row cost, not 10,000 requests. */
const FORMS = 300;

const headersOf = (token: string) => ({
  authorization: `Bearer ${token}`,
  cookie: 'XSRF-TOKEN=bench',
  'x-xsrf-token': 'bench',
});

function ovensFile(n: number, prefix: string): string {
  const rows = Array.from(
    { length: n },
    (_, i) => `${prefix} ${i + 1},${i % 2 ? 'MiSA' : 'Matchbox 1718/1313'},Store ${(i % PLACES) + 1}`,
  );
  return `name,model,location\n${rows.join('\n')}\n`;
}

function form(kind: string, dryRun: boolean, content: string): FormData {
  const body = new FormData();
  body.append('kind', kind);
  body.append('dry_run', String(dryRun));
  body.append('file', new Blob([content], { type: 'text/csv' }), `${kind}.csv`);
  return body;
}

/** Runs `work` while sampling this process's resident memory: its time and its peak above the start, in MB. */
async function timedPeak(work: () => Promise<void>): Promise<{ ms: number; peakMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const start = performance.now();
  await work();
  const took = performance.now() - start;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms: took, peakMb: (peak - base) / 1048576 };
}

export async function chainFilesBench() {
  await withBenchDatabase(async (ctx) => {
    const db = ctx.database.db;
    const server = await serveApp(ctx);
    try {
      const rows: [string, string][] = [];
      const perRow: Record<number, { dry: number; apply: number; form: number }> = {};
      for (const n of SIZES) {
        const user = await createUser(db);
        const headers = headersOf(await createSession(db, user.id));
        await db.execute(
          sql`insert into locations (team_id, name) select ${user.teamId}, 'Store ' || g from generate_series(1, ${PLACES}) g`,
        );
        const url = `${server.base}/api/teams/${user.teamId}/imports`;
        const file = ovensFile(n, 'Oven');

        const dry = await timedPeak(async () => {
          const reply = await fetch(url, { method: 'POST', headers, body: form('ovens', true, file) });
          const body = (await reply.json()) as { data: { create: number } };
          if (body.data.create !== n) throw new Error(`dry run: ${JSON.stringify(body).slice(0, 300)}`);
        });
        // Another request's wait while the file is applied: the health check, asked every 50 ms.
        let slowest = 0;
        let polling = true;
        const poll = (async () => {
          while (polling) {
            const start = performance.now();
            await fetch(`${server.base}/api/health`);
            slowest = Math.max(slowest, performance.now() - start);
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
        const apply = await timedPeak(async () => {
          const reply = await fetch(url, { method: 'POST', headers, body: form('ovens', false, file) });
          const job = await finishJob<{ create: number }>(server.base, headers, reply);
          if (job.status !== 'done' || job.result.create !== n) throw new Error(`apply: ${job.error}`);
        });
        polling = false;
        await poll;

        // The peer: ovens made one form at a time by the same server, in the same run.
        const forms = Math.min(n, FORMS);
        const [first] = await rowsOf<{ id: number }>(
          db,
          sql`select id from locations where team_id = ${user.teamId} order by id limit 1`,
        );
        const location = Number(first!.id);
        const byForm = await timedPeak(async () => {
          for (let i = 0; i < forms; i++) {
            const reply = await fetch(`${server.base}/api/ovens`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({
                name: `Form ${i + 1}`,
                type: 'MiSA',
                warm_ups: [],
                location_id: location,
              }),
            });
            if (reply.status !== 201) throw new Error(`form: ${reply.status} ${await reply.text()}`);
          }
        });
        perRow[n] = { dry: dry.ms / n, apply: apply.ms / n, form: byForm.ms / forms };
        rows.push(
          [
            `${n} rows: dry run`,
            `${ms(dry.ms)} (${((dry.ms / n) * 1000).toFixed(0)} µs a row), peak +${dry.peakMb.toFixed(1)} MB`,
          ],
          [
            `${n} rows: applied (job done)`,
            `${ms(apply.ms)} (${((apply.ms / n) * 1000).toFixed(0)} µs a row), peak +${apply.peakMb.toFixed(1)} MB`,
          ],
          [`${n} rows: the slowest health check while applied`, ms(slowest)],
          [`${n} rows: one form each (${forms} timed)`, `${ms(byForm.ms / forms)} a row`],
          // At 100 rows the job's fixed cost (queue, poll) is most of it: the goal is for files of a chain's size.
          [
            `${n} rows: a row by file ÷ a row by form`,
            n < 1000
              ? `${(perRow[n]!.apply / perRow[n]!.form).toFixed(2)}× (fixed costs; no goal)`
              : verdict(perRow[n]!.apply / perRow[n]!.form, { atMost: 0.1 }),
          ],
        );

        if (n === SIZES[SIZES.length - 1]) {
          for (const format of ['csv', 'xlsx']) {
            const exported = await timedPeak(async () => {
              const reply = await fetch(`${server.base}/api/teams/${user.teamId}/exports/ovens.${format}`, {
                headers,
              });
              if (reply.status !== 200) throw new Error(`export ${format}: ${reply.status}`);
              await reply.arrayBuffer();
            });
            rows.push([
              `export ${n + forms} ovens as ${format}`,
              `${ms(exported.ms)}, peak +${exported.peakMb.toFixed(1)} MB`,
            ]);
          }
        }
      }
      // A whole chain's stores and staff, each in one file: the sizes.
      const chain = await createUser(db);
      const chainHeaders = headersOf(await createSession(db, chain.id));
      const chainUrl = `${server.base}/api/teams/${chain.teamId}/imports`;
      const stores = `name,address\n${Array.from({ length: 5000 }, (_, i) => `Store ${i + 1},${i + 1} High Street`).join('\n')}\n`;
      const staff = `email,role,locations\n${Array.from({ length: 3000 }, (_, i) => `cook${i + 1}@example.com,crew,Store ${(i % 5000) + 1}; Store ${((i + 7) % 5000) + 1}`).join('\n')}\n`;
      for (const [kind, content, n] of [
        ['locations', stores, 5000],
        ['members', staff, 3000],
      ] as const) {
        const applied = await timedPeak(async () => {
          const reply = await fetch(chainUrl, {
            method: 'POST',
            headers: chainHeaders,
            body: form(kind, false, content),
          });
          const job = await finishJob<{ create: number }>(server.base, chainHeaders, reply);
          if (job.status !== 'done' || job.result.create !== n) throw new Error(`${kind}: ${job.error}`);
        });
        rows.push([
          `${n} ${kind} applied (job done)`,
          `${ms(applied.ms)} (${((applied.ms / n) * 1000).toFixed(0)} µs a row), peak +${applied.peakMb.toFixed(1)} MB`,
        ]);
      }

      const [small, , large] = SIZES.map((n) => perRow[n]!);
      rows.push(
        ['a row at 10,000 ÷ a row at 100 (dry run)', verdict(large!.dry / small!.dry, { atMost: 1.5 })],
        ['a row at 10,000 ÷ a row at 100 (applied)', verdict(large!.apply / small!.apply, { atMost: 1.5 })],
      );
      report(
        `Chain files: ovens imported from a file (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
        rows,
      );
    } finally {
      await server.close();
    }
  });
}
