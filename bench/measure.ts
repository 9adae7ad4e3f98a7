const collect = (globalThis as { gc?: () => void }).gc;

/**
 * Runs `fn` `runs` times after warm-up and reports the median and best time in milliseconds. With --expose-gc
 * (npm run bench) garbage is collected before each run, so a run does not pay for the one before.
 */
export async function measure(fn: () => unknown | Promise<unknown>, runs = 7, warmup = 2) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    collect?.();
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, best: times[0]! };
}

export function report(title: string, rows: [string, string][]) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * A figure beside its goal, and whether it is met: `verdict(2.34, { atMost: 3 })` → "2.34× (goal ≤ 3×): met".
 * Every bench prints its ratios this way, so a run says at a glance what holds.
 */
export function verdict(
  value: number,
  goal: { atMost: number } | { atLeast: number },
  unit = '×',
  digits = 2,
): string {
  const met = 'atMost' in goal ? value <= goal.atMost : value >= goal.atLeast;
  const bound = 'atMost' in goal ? `≤ ${goal.atMost}${unit}` : `≥ ${goal.atLeast}${unit}`;
  return `${value.toFixed(digits)}${unit} (goal ${bound}): ${met ? 'met' : 'NOT met'}`;
}
