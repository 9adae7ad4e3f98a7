import '@fontsource-variable/inter';
import './styles/app.css';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  timeoutManager,
} from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, pageLoadsAt } from './app/router';
import { BannerProvider } from './components/banners';
import { ApiError } from './lib/api';
import { authToken } from './lib/auth-token';
import { coalescedTimeouts } from './lib/coalesced-timeouts';
import { authCheckKey, authCheckQuery, CurrentUserProvider, GUEST } from './lib/current-user';
import { FIRST_DATA_WAIT_MS, keepFirstData, refetchOnMount } from './lib/first-data';
import { startLanguage } from './lib/i18n';
import { startOnlineWatch } from './lib/offline/online';
import { startOfflineCache } from './lib/offline/query-cache';
import { publicConfigQuery } from './lib/public-config';

// Before any query is made: its timers are then the shared ones (see coalesced-timeouts.ts).
timeoutManager.setTimeoutProvider(coalescedTimeouts());

// A 403 may mean this person was just removed from the team the page shows: the auth check says so at once.
const recheckOnForbidden = (error: unknown) => {
  if (error instanceof ApiError && error.status === 403)
    void queryClient.invalidateQueries({ queryKey: authCheckKey });
};
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: recheckOnForbidden }),
  mutationCache: new MutationCache({ onError: recheckOnForbidden }),
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1, refetchOnMount },
    // A change asked for offline fails at once and says so: held until the network returned, it would happen
    // later, unseen (a duplicate made minutes after the tap).
    mutations: { networkMode: 'always' },
  },
});

// The first screen is drawn in the reader's language (English is in the bundle; another comes in one small file).
// Drawn as a transition, so React yields between parts of the first render: a slow tablet's main thread is never
// held for long (the first screen's blocking time), and a tap during it is taken at once.
startOnlineWatch();
// The first page's code and the session's check leave now, with the language and the offline cache, rather than
// after the first screen is drawn: on a slow link each would otherwise add a round trip to the page's arrival.
const firstPage = pageLoadsAt(window.location.pathname);
// A failed load is the page's to report (its error screen), once it is drawn.
const settled = () => undefined;
// The check first: a browser opens six connections to a server, and the page's files would queue ahead of it.
// The shell's settings (the provider's name in the top bar) with it, so the bar is drawn once.
// Without a token the answer is known (a guest): said now, the first screen is drawn once, not again when it comes.
if (authToken.get()) void queryClient.prefetchQuery(authCheckQuery);
else queryClient.setQueryData(authCheckKey, GUEST);
void queryClient.prefetchQuery(publicConfigQuery);
void firstPage.loadCode?.().catch(settled);
const language = startLanguage().then(() => void firstPage.preload?.().catch(settled));
// What this session kept for working offline opens before the first screen (My Ovens and menus show offline), and
// the first page's data (its requests left with the HTML) is put in the cache before the page is drawn, so the page
// is drawn once, whole, not again as each answer comes; never waited for long (a slow server, a dropped link).
const since = Date.now();
const data = Promise.all([firstPage.firstData?.(), startOfflineCache(queryClient)])
  .then(([fill]) => fill?.(queryClient, new URLSearchParams(window.location.search)))
  .then(() => keepFirstData(queryClient, since))
  .catch(settled);
const waited = Promise.race([data, new Promise((done) => setTimeout(done, FIRST_DATA_WAIT_MS))]);
void Promise.all([language, waited]).finally(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <CurrentUserProvider>
            <BannerProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </BannerProvider>
          </CurrentUserProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
