import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../shared/contracts/http';
import {
  FIRST_ANSWER_FOR_MS,
  FIRST_ANSWERS_GLOBAL,
  FIRST_DATA_FRESH_MS,
  keepFirstData,
  refetchOnMount,
  takeFirstAnswer,
} from './first-data';

/** The page as its HTML left it: answers asked with `token`, this device's session `stored`, opened `ms` ago. */
function page({ token = 'abc', stored = 'abc', ms = 1_000 } = {}) {
  const answer = Promise.resolve(Response.json({ data: [] }));
  vi.stubGlobal('window', { [FIRST_ANSWERS_GLOBAL]: { token, answers: { '/api/teams': answer } } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (key === AUTH_TOKEN_STORAGE_KEY ? stored : null),
  });
  vi.spyOn(performance, 'now').mockReturnValue(ms);
  return answer;
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('adopting an answer the page’s HTML asked for', () => {
  it('gives it for its address, once', () => {
    const answer = page();
    expect(takeFirstAnswer('/api/ovens')).toBeUndefined();
    expect(takeFirstAnswer('/api/teams')).toBe(answer);
    expect(takeFirstAnswer('/api/teams')).toBeUndefined();
  });

  it('never gives it to another session (signed out and in as someone else)', () => {
    page({ stored: 'someone-else' });
    expect(takeFirstAnswer('/api/teams')).toBeUndefined();
  });

  it('never gives it once the page has been open a while', () => {
    page({ ms: FIRST_ANSWER_FOR_MS + 1 });
    expect(takeFirstAnswer('/api/teams')).toBeUndefined();
  });

  it('gives nothing when the HTML asked for nothing', () => {
    vi.stubGlobal('window', {});
    expect(takeFirstAnswer('/api/teams')).toBeUndefined();
  });
});

describe('the data the first page is drawn with', () => {
  it('is not asked for again as the page’s parts mount, but later is', () => {
    const queryClient = new QueryClient();
    const since = Date.now();
    queryClient.setQueryData(['before'], 1, { updatedAt: since - 1 });
    queryClient.setQueryData(['first'], 2);
    keepFirstData(queryClient, since);
    const cache = queryClient.getQueryCache();
    expect(refetchOnMount(cache.find({ queryKey: ['first'] })!)).toBe(false);
    expect(refetchOnMount(cache.find({ queryKey: ['before'] })!)).toBe(true);
    // Counted from when the data came, not from `since`: on a busy machine it comes milliseconds later.
    const first = cache.find({ queryKey: ['first'] })!;
    const now = vi.spyOn(Date, 'now').mockReturnValue(first.state.dataUpdatedAt + FIRST_DATA_FRESH_MS);
    expect(refetchOnMount(first)).toBe(true);
    now.mockRestore();
    queryClient.clear();
  });
});
