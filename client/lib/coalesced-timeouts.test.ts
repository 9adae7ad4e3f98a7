import { describe, expect, it } from 'vitest';
import { coalescedTimeouts } from './coalesced-timeouts';

/** A clock whose timers run only when told to advance, and which counts the real timers asked for. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock = {
    made: 0,
    cleared: 0,
    now: () => now,
    setTimeout: (run: () => void, delay: number) => {
      clock.made += 1;
      timers.set(nextId, { at: now + delay, run });
      return nextId++;
    },
    clearTimeout: (id: unknown) => {
      clock.cleared += 1;
      timers.delete(id as number);
    },
    advance: (ms: number) => {
      const until = now + ms;
      for (;;) {
        const [id, next] = [...timers].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (!next || next.at > until) break;
        timers.delete(id!);
        now = next.at;
        next.run();
      }
      now = until;
    },
  };
  return clock;
}

describe('coalescedTimeouts', () => {
  it('many long timeouts share one real timer', () => {
    const clock = fakeClock();
    const timers = coalescedTimeouts(clock);
    for (let i = 0; i < 50; i++) timers.setTimeout(() => {}, 300_000 + i);
    expect(clock.made).toBe(1);
  });

  it('a long timeout runs at its due time, not before', () => {
    const clock = fakeClock();
    const timers = coalescedTimeouts(clock);
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('gc'), 5_000);
    timers.setTimeout(() => ran.push('stale'), 2_000);
    clock.advance(1_999);
    expect(ran).toEqual([]);
    clock.advance(1);
    expect(ran).toEqual(['stale']);
    clock.advance(2_999);
    expect(ran).toEqual(['stale']);
    clock.advance(1);
    expect(ran).toEqual(['stale', 'gc']);
  });

  it('a cleared timeout never runs', () => {
    const clock = fakeClock();
    const timers = coalescedTimeouts(clock);
    let ran = false;
    const id = timers.setTimeout(() => {
      ran = true;
    }, 60_000);
    timers.clearTimeout(id);
    clock.advance(120_000);
    expect(ran).toBe(false);
  });

  it('a short timeout keeps a real timer of its own', () => {
    const clock = fakeClock();
    const timers = coalescedTimeouts(clock);
    let ran = 0;
    const id = timers.setTimeout(() => ran++, 10);
    expect(id).toBeGreaterThan(0);
    clock.advance(10);
    expect(ran).toBe(1);
    timers.clearTimeout(timers.setTimeout(() => ran++, 10));
    clock.advance(10);
    expect(ran).toBe(1);
  });

  it('a timeout set from a callback is kept', () => {
    const clock = fakeClock();
    const timers = coalescedTimeouts(clock);
    const ran: number[] = [];
    timers.setTimeout(() => timers.setTimeout(() => ran.push(2), 1_000), 1_000);
    clock.advance(2_000);
    expect(ran).toEqual([2]);
  });

  it('one failing callback does not stop the others', async () => {
    const clock = fakeClock();
    const timers = coalescedTimeouts(clock);
    const ran: string[] = [];
    const uncaught = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 1_000);
    timers.setTimeout(() => ran.push('after'), 1_000);
    clock.advance(1_000);
    expect(ran).toEqual(['after']);
    expect(await uncaught).toMatchObject({ message: 'boom' });
  });

  it('a wait longer than a browser timer holds is not run at once', () => {
    const clock = fakeClock();
    const timers = coalescedTimeouts(clock);
    let ran = false;
    timers.setTimeout(
      () => {
        ran = true;
      },
      40 * 24 * 3_600_000,
    );
    clock.advance(30 * 24 * 3_600_000);
    expect(ran).toBe(false);
    clock.advance(10 * 24 * 3_600_000);
    expect(ran).toBe(true);
  });
});
