import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { RateLimiter } from '../lib/rate-limiter';
import type { Db } from './client';
import { rateLimits } from './schema/index';

/**
 * The rate limiter on PostgreSQL (decision 0019): one upsert per hit, atomic, so two instances counting the same key
 * at once both see the sum. Windows that ended a day ago are swept now and then.
 */
export function createDbRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  let hits = 0;
  const at = () => new Date(now());
  return {
    async hit(key, rule) {
      const current = at();
      if (++hits % 500 === 0)
        await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(current.getTime() - 86_400_000)));
      const resetAt = new Date(current.getTime() + rule.windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${current} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${current} then ${resetAt} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      return row!.count > rule.max ? Math.ceil((row!.resetAt.getTime() - current.getTime()) / 1000) : 0;
    },
    async count(key) {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, at())));
      return row?.count ?? 0;
    },
    async wait(key, rule) {
      const current = at();
      const [row] = await db
        .select()
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, current)));
      return row && row.count >= rule.max ? Math.ceil((row.resetAt.getTime() - current.getTime()) / 1000) : 0;
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
