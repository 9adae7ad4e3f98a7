import { type RateLimits, tooMany } from '../../http/rate-limits';
import type { RateLimiter } from '../../lib/rate-limiter';

/** Longest extra wait on an account under attack: long enough to slow a guesser, short enough for a cook. */
const MAX_DELAY_MS = 5000;

/**
 * Log-in throttling that counts failures only (a kitchen sharing one account on many tablets is never locked
 * out by its own successes) and never refuses the right password because of someone else's guesses:
 * - an address with too many failures (on any account) is refused for a while;
 * - an address with too many failures on one account is refused on that account;
 * - an account with too many failures from anywhere is slowed (each answer waits), but the right password works.
 * `account` is the user's id when the name or e-mail is known, so both names share one count.
 */
export function createLoginThrottle(limiter: RateLimiter, limits: RateLimits) {
  const keys = (ip: string, account: string) => ({
    ip: `login-fail:ip:${ip}`,
    ipAccount: `login-fail:ip-account:${ip}:${account}`,
    account: `login-fail:account:${account}`,
  });
  return {
    /** Refuses a blocked address; answers how long to hold the answer (ms) for an account under attack. */
    async before(ip: string, account: string): Promise<number> {
      const k = keys(ip, account);
      const wait = Math.max(
        await limiter.wait(k.ip, limits.loginFailuresPerIp),
        await limiter.wait(k.ipAccount, limits.loginFailuresPerIpAccount),
      );
      if (wait > 0) throw tooMany(wait);
      const over = (await limiter.count(k.account)) - limits.loginFailuresPerAccount.max;
      return over >= 0 ? Math.min(MAX_DELAY_MS, 500 * (over + 1)) : 0;
    },
    async failed(ip: string, account: string): Promise<void> {
      const k = keys(ip, account);
      await limiter.hit(k.ip, limits.loginFailuresPerIp);
      await limiter.hit(k.ipAccount, limits.loginFailuresPerIpAccount);
      await limiter.hit(k.account, limits.loginFailuresPerAccount);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
