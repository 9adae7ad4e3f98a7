import '@fontsource-variable/inter';
import './styles/app.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { BannerProvider } from './components/banners';
import { startLanguage } from './lib/i18n';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
    // A change asked for offline fails at once and says so: held until the network returned, it would happen
    // later, unseen (a duplicate made minutes after the tap).
    mutations: { networkMode: 'always' },
  },
});

// The first screen is drawn in the reader's language (English is in the bundle; another comes in one small file).
void startLanguage().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BannerProvider>
          <RouterProvider router={router} />
        </BannerProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
