import { describe, expect, it } from 'vitest';
import { freshRead } from './fresh-read';

/** A read whose answers the test releases one at a time; `sent` counts the reads, `value` is what the next reads. */
function controlledRead() {
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void; value: number }[] = [];
  const state = {
    value: 1,
    sent: 0,
    read: () =>
      new Promise<number>((resolve, reject) => {
        state.sent += 1;
        pending.push({ resolve, reject, value: state.value });
      }),
    /** Answers the oldest read with the value it saw when sent. */
    answer: async () => {
      const first = pending.shift()!;
      first.resolve(first.value);
      await new Promise((r) => setImmediate(r));
    },
    fail: async () => {
      pending.shift()!.reject(new Error('connection lost'));
      await new Promise((r) => setImmediate(r));
    },
  };
  return state;
}

describe('freshRead', () => {
  it('sends a read at once when none is out', async () => {
    const source = controlledRead();
    const get = freshRead(source.read);
    const first = get();
    await source.answer();
    expect(await first).toBe(1);
    expect(source.sent).toBe(1);
  });

  it('makes callers who arrive during a read share the next one, never the read already out', async () => {
    const source = controlledRead();
    const get = freshRead(source.read);
    const early = get();
    // A write commits after the first read was sent; these callers must see it.
    source.value = 2;
    const late = [get(), get(), get()];
    await source.answer();
    expect(await early).toBe(1);
    await source.answer();
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
    expect(source.sent).toBe(2);
  });

  it('rejects the callers of a failed read, and reads again for the next caller', async () => {
    const source = controlledRead();
    const get = freshRead(source.read);
    const failing = get();
    const waiting = get();
    await source.fail();
    await expect(failing).rejects.toThrow('connection lost');
    // The queued read is sent even though the one before it failed.
    await source.answer();
    expect(await waiting).toBe(1);
    const after = get();
    await source.answer();
    expect(await after).toBe(1);
    expect(source.sent).toBe(3);
  });
});
