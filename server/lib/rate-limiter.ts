/**
 * A fixed-window counter per key, in memory. Enough for one instance; with several behind a load balancer
 * each counts on its own (see docs/decisions/0006-rate-limits.md).
 */
export interface RateRule {
  max: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private sweeps = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit; answers how many seconds to wait when the rule is exceeded, else 0. */
  hit(key: string, rule: RateRule): number {
    const now = this.now();
    if (++this.sweeps % 1000 === 0) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + rule.windowMs });
      return 0;
    }
    entry.count += 1;
    return entry.count > rule.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** How many hits the key has in its current window (without counting one). */
  count(key: string): number {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  /** Seconds until the key may go again when it has used up the rule, else 0 (without counting a hit). */
  wait(key: string, rule: RateRule): number {
    const entry = this.hits.get(key);
    const now = this.now();
    return entry && entry.resetAt > now && entry.count >= rule.max
      ? Math.ceil((entry.resetAt - now) / 1000)
      : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
