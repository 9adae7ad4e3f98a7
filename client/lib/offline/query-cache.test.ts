import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { bounded } from './query-cache';

const query = (key: unknown[], updatedAt: number, size: number) => ({
  queryKey: key,
  queryHash: JSON.stringify(key),
  state: { data: 'x'.repeat(size), dataUpdatedAt: updatedAt, status: 'success' },
});
const client = (queries: ReturnType<typeof query>[]) =>
  ({ timestamp: 0, buster: '', clientState: { mutations: [], queries } }) as unknown as PersistedClient;

describe('the offline cache', () => {
  it('stays within its bound by dropping the answers seen longest ago, never who is signed in', () => {
    const kept = bounded(
      client([
        query(['auth', 'check'], 1, 100),
        query(['ovens', 'one', 1], 2, 1000),
        query(['ovens', 'one', 2], 5, 1000),
        query(['ovens', 'one', 3], 3, 1000),
      ]),
      1500,
    );
    expect(kept.clientState.queries.map((q) => q.queryKey)).toEqual([
      ['auth', 'check'],
      ['ovens', 'one', 2],
    ]);
  });

  it('keeps everything while it fits', () => {
    const all = client([query(['auth', 'check'], 1, 10), query(['ovens', 'one', 1], 2, 10)]);
    expect(bounded(all, 10_000)).toBe(all);
  });
});
