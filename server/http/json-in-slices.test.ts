import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jsonInSlices } from './json-in-slices';

describe('a reply written in slices', () => {
  it('reads back as the same text JSON.stringify gives', async () => {
    const value = {
      total: 3,
      skipped: undefined,
      at: new Date(0),
      nested: {
        list: Array.from({ length: 1_203 }, (_, i) => ({ id: i, name: `R "${i}"`, tags: [i, null] })),
      },
      empty: [],
      none: null,
    };
    expect(await text(jsonInSlices(value, 100))).toBe(JSON.stringify(value));
  });

  it('lets other work run between the slices of a long list', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const chunks: string[] = [];
    let ticksAtFirst = -1;
    for await (const chunk of jsonInSlices(
      Array.from({ length: 5_000 }, (_, i) => i),
      100,
    )) {
      if (chunks.length === 0) ticksAtFirst = ticks;
      chunks.push(String(chunk));
    }
    clearInterval(timer);
    expect(chunks.length).toBeGreaterThanOrEqual(50);
    expect(ticks).toBeGreaterThan(ticksAtFirst);
  });
});
