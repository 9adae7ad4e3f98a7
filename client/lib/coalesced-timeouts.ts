import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** Delays from this length on share one timer; shorter ones (a retry's first wait) keep their own. */
export const LONG_DELAY_MS = 1000;
// The longest wait a browser's timer keeps (about 24.8 days); a longer one would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

type Clock = {
  now: () => number;
  setTimeout: (run: () => void, delay: number) => unknown;
  clearTimeout: (id: unknown) => void;
};

const systemClock: Clock = {
  // The page's monotonic clock, as the browser's own timers keep: a wall clock set back would hold every wait.
  now: () => performance.now(),
  setTimeout: (run, delay) => setTimeout(run, delay),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Timers for the query library that share one real timer when long: every query made schedules its garbage
 * collection minutes away, and every screen's observer schedules when its data goes stale. A page opening makes
 * dozens; each real timer is a call into the browser (and, while it is being profiled, a stack captured), so they
 * weighed on the first screen's tasks. A callback never runs before its due time; it may run a little after, when
 * the shared timer next fires. Ids of shared timers are negative, so they are never taken for the browser's own.
 */
export function coalescedTimeouts(clock: Clock = systemClock): TimeoutProvider<ManagedTimerId> {
  const due = new Map<number, { at: number; run: TimeoutCallback }>();
  let lastId = 0;
  let armed: { at: number; id: unknown } | null = null;

  const arm = (at: number) => {
    if ((armed && armed.at <= at) || !Number.isFinite(at)) return;
    if (armed) clock.clearTimeout(armed.id);
    // Rounded up: a browser cuts a fractional delay, and the timer would fire just before its due time.
    armed = {
      at,
      id: clock.setTimeout(fire, Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(at - clock.now())))),
    };
  };

  function fire() {
    armed = null;
    const now = clock.now();
    let next = Number.POSITIVE_INFINITY;
    const ready: TimeoutCallback[] = [];
    for (const [id, entry] of due) {
      if (entry.at <= now) {
        due.delete(id);
        ready.push(entry.run);
      } else next = Math.min(next, entry.at);
    }
    if (next !== Number.POSITIVE_INFINITY) arm(next);
    // Each runs apart from the others' failures, as it would on a timer of its own.
    for (const run of ready) {
      try {
        run();
      } catch (error) {
        reportLater(error);
      }
    }
  }

  return {
    setTimeout: (run, delay) => {
      if (!(delay >= LONG_DELAY_MS)) return clock.setTimeout(run, delay) as ManagedTimerId;
      lastId -= 1;
      const at = clock.now() + delay;
      due.set(lastId, { at, run });
      arm(at);
      return lastId;
    },
    clearTimeout: (id) => {
      if (typeof id === 'number' && id < 0) due.delete(id);
      else if (id !== undefined) clock.clearTimeout(id);
    },
    setInterval: (run, delay) => setInterval(run, delay) as ManagedTimerId,
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
}

// An error thrown by one callback surfaces as an uncaught error, as a timer's would, without stopping the rest.
function reportLater(error: unknown) {
  queueMicrotask(() => {
    throw error;
  });
}
