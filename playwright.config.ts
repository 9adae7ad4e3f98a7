import { defineConfig } from '@playwright/test';

// Another port lets a second run go beside one already running (E2E_PORT=3200 npx playwright test).
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The test server's fixtures and mail (seeding, sessions, the outbox) answer on the next port. */
export const FIXTURE_PORT = PORT + 1;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // No retries, in CI either: a test that fails once has a cause to find (the last was a tile's dead controls).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    // The service worker is left out but where it is tested (e2e/offline.spec.ts): each test's fresh context would
    // otherwise fetch the whole app shell to precache it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'tablet',
      use: { browserName: 'chromium', viewport: { width: 1024, height: 768 }, hasTouch: true },
    },
    // The shell again on a desktop: its bar is measured, and a wide screen once folded it (e2e/desktop.spec.ts
    // walks the main pages at 1440 and 1920 px).
    {
      name: 'desktop',
      testMatch: ['shell.spec.ts'],
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(PORT), E2E_MAIL_PORT: String(FIXTURE_PORT) },
    stdout: 'pipe',
  },
});
