import { defineConfig } from 'vitest/config';
import { catalogParts } from './scripts/catalog-parts-plugin.ts';

export default defineConfig({
  // The client's catalogue parts, for tests of client/lib.
  plugins: [catalogParts()],
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
