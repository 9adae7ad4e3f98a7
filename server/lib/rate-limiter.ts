/**
 * Fixed-window counters per key. The app keeps them in PostgreSQL (`server/db/rate-limit-store.ts`), so every
 * instance behind a load balancer counts the same hits; the in-memory one is for tools and unit tests
 * (decision 0019).
 */
export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit; answers how many seconds to wait when the rule is exceeded, else 0. */
  hit(key: string, rule: RateRule): Promise<number>;
  /** How many hits the key has in its current window (without counting one). */
  count(key: string): Promise<number>;
  /** Seconds until the key may go again when it has used up the rule, else 0 (without counting a hit). */
  wait(key: string, rule: RateRule): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private sweeps = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, rule: RateRule): Promise<number> {
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

  async count(key: string): Promise<number> {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  async wait(key: string, rule: RateRule): Promise<number> {
    const entry = this.hits.get(key);
    const now = this.now();
    return entry && entry.resetAt > now && entry.count >= rule.max
      ? Math.ceil((entry.resetAt - now) / 1000)
      : 0;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
