/**
 * An open-loop load: each endpoint's requests arrive at their own rate at random (Poisson) moments, whether or not
 * the server has answered the ones before, and each latency counts from the moment its request was due. A closed
 * loop (every connection waits for its answer) or a per-second quota (a burst each second) would hide or invent
 * queueing; this is how users arrive.
 */
import { Agent, request } from 'node:http';

export interface OpenLoopRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopMix {
  name: string;
  /** Requests a second, on average. */
  rate: number;
  next: () => OpenLoopRequest;
}

export interface OpenLoopResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  codes: Record<string, number>;
  /** Non-2xx answers, failed connections and requests still unanswered at the end. */
  errors: number;
}

/** A small seeded generator, so two runs offer the same arrivals. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export async function openLoop(
  base: string,
  mixes: OpenLoopMix[],
  seconds: number,
): Promise<OpenLoopResult[]> {
  const url = new URL(base);
  const start = performance.now();
  const end = start + seconds * 1000;
  return Promise.all(
    mixes.map(async (mix, index) => {
      // Users do not share a few sockets: a request that finds every open socket busy opens another, so no queue
      // in this client hides or adds to the server's.
      const agent = new Agent({ keepAlive: true });
      const next = random(index + 1);
      const latencies: number[] = [];
      const timeline: [number, number][] = [];
      const codes: Record<string, number> = {};
      let failed = 0;
      const pending = new Set<Promise<void>>();
      const send = (due: number) => {
        const req = mix.next();
        const done = new Promise<void>((resolve) => {
          const finish = (code: string) => {
            codes[code] = (codes[code] ?? 0) + 1;
            if (code.startsWith('2')) {
              latencies.push(performance.now() - due);
              timeline.push([due - start, performance.now() - due]);
            } else failed++;
            resolve();
          };
          const outgoing = request(
            {
              agent,
              host: url.hostname,
              port: url.port,
              method: req.method,
              path: req.path,
              headers: req.body
                ? { ...req.headers, 'content-length': Buffer.byteLength(req.body) }
                : req.headers,
            },
            (res) => {
              res.resume();
              res.on('end', () => finish(String(res.statusCode)));
              res.on('error', () => finish('error'));
            },
          );
          outgoing.on('error', () => finish('error'));
          outgoing.end(req.body);
        });
        pending.add(done);
        void done.then(() => pending.delete(done));
      };
      // Arrivals: exponential gaps at the mix's rate; every request due by now is sent, late timers included.
      let due = start - Math.log(1 - next()) * (1000 / mix.rate);
      while (due < end) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        while (due <= performance.now() && due < end) {
          send(due);
          due -= Math.log(1 - next()) * (1000 / mix.rate);
        }
      }
      // What has not been answered 30 s after the end counts as an error.
      let timer: NodeJS.Timeout | undefined;
      const unanswered = await Promise.race([
        Promise.all(pending).then(() => 0),
        new Promise<number>((r) => {
          timer = setTimeout(() => r(pending.size), 30_000);
        }),
      ]);
      clearTimeout(timer);
      agent.destroy();
      // BENCH_TIMELINE=1 prints each second's slowest answer: a tail that is a backlog draining shows as a slope.
      if (process.env.BENCH_TIMELINE) {
        const worst = new Map<number, number>();
        for (const [at, ms] of timeline)
          worst.set(Math.floor(at / 1000), Math.max(worst.get(Math.floor(at / 1000)) ?? 0, ms));
        console.log(
          mix.name,
          [...worst.entries()]
            .sort((a, b) => a[0] - b[0])
            .map(([s, ms]) => `${s}:${Math.round(ms)}`)
            .join(' '),
        );
      }
      latencies.sort((a, b) => a - b);
      return {
        name: mix.name,
        rps: latencies.length / seconds,
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
        codes,
        errors: failed + unanswered,
      };
    }),
  );
}
