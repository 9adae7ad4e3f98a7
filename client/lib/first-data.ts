import type { Query, QueryClient } from '@tanstack/react-query';
import { authToken } from './auth-token';

/**
 * The first page's data: the requests its HTML made (`client/first-requests.ts`), which the API layer adopts, and
 * the answers the first page is drawn with, put in the cache before it is drawn (`main.tsx`).
 */

/** Where the page's HTML leaves its answers (a global: the HTML's script runs before any module). */
export const FIRST_ANSWERS_GLOBAL = 'hearthFirstAnswers';
/** An answer the HTML asked for is adopted only this soon after the page opened; later asks go to the server. */
export const FIRST_ANSWER_FOR_MS = 15_000;
/** How long the answers the first page was drawn with count as just asked for, as its parts mount. */
export const FIRST_DATA_FRESH_MS = 5_000;
/** The first screen waits this long at most for its data, then is drawn with what has come. */
export const FIRST_DATA_WAIT_MS = 3_000;

type FirstAnswers = { token: string | null; answers: Record<string, Promise<Response> | undefined> };

/**
 * The answer to a request the page's HTML made for this address, once, for the session it was asked with, while
 * the page is opening; `undefined` when there is none to adopt.
 */
export function takeFirstAnswer(path: string): Promise<Response> | undefined {
  const first = (window as unknown as Record<string, FirstAnswers | undefined>)[FIRST_ANSWERS_GLOBAL];
  const answer = first?.answers[path];
  if (!first || !answer) return undefined;
  first.answers[path] = undefined;
  if (first.token !== authToken.get() || performance.now() > FIRST_ANSWER_FOR_MS) return undefined;
  return answer;
}

const drawnWith = new Set<string>();

/** Notes the answers that came since `since`: the data the first page is drawn with. */
export function keepFirstData(queryClient: QueryClient, since: number): void {
  for (const query of queryClient.getQueryCache().getAll())
    if (query.state.dataUpdatedAt >= since) drawnWith.add(query.queryHash);
}

/**
 * Every query's `refetchOnMount`: the first page's data is not asked for again as the parts that show it mount
 * (it came a moment ago); any other query, and that data once a few seconds old, is asked for as usual.
 */
export const refetchOnMount = (query: Query): boolean =>
  !(drawnWith.has(query.queryHash) && Date.now() - query.state.dataUpdatedAt < FIRST_DATA_FRESH_MS);
