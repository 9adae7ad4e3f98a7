import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin, transformWithOxc } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LAST_OVEN_KEY_PREFIX } from './client/features/ovens/last-oven.ts';
import { FIRST_ANSWERS_GLOBAL } from './client/lib/first-data.ts';
import { catalogParts } from './scripts/catalog-parts-plugin.ts';
import { compileHints } from './scripts/compile-hints-plugin.ts';
import { AUTH_TOKEN_STORAGE_KEY } from './shared/contracts/http.ts';

/** zod itself, and each contract (shared/contracts) that imports it: they build schemas as they load. */
const schemaBuilders = new Map<string, boolean>();
function buildsSchemas(id: string): boolean {
  if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return true;
  if (!/[\\/]shared[\\/]contracts[\\/][^\\/]+\.ts$/.test(id)) return false;
  let builds = schemaBuilders.get(id);
  if (builds === undefined) {
    builds = /^import [^;]*from 'zod';/m.test(readFileSync(id, 'utf8'));
    schemaBuilders.set(id, builds);
  }
  return builds;
}

/**
 * The page's HTML starts the first page's work before the app's code has come: it asks for the first page's data
 * (`client/first-requests.ts`, inlined at `<!-- first-requests -->`, called with the storage keys it reads; the
 * server allows this one inline script by its hash) and for the web font (preloaded: a font that comes after the
 * first screen redraws it and moves its text).
 */
function firstRequestsInHtml(): Plugin {
  return {
    name: 'hearth-first-requests',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const file = resolve(import.meta.dirname, 'client/first-requests.ts');
        const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
        const keys = {
          token: AUTH_TOKEN_STORAGE_KEY,
          lastOven: LAST_OVEN_KEY_PREFIX,
          answers: FIRST_ANSWERS_GLOBAL,
        };
        const call = minifySync(
          'first-requests.js',
          `(${code.replace(/^export /m, '').trim()})(${JSON.stringify(keys)});`,
        ).code;
        const font = Object.keys(ctx.bundle ?? {}).find((name) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(name),
        );
        const preload = font
          ? `\n    <link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`
          : '';
        return html.replace('<!-- first-requests -->', `<script>${call.trim()}</script>${preload}`);
      },
    },
  };
}

/** Writes .br and .gz beside each text asset, so the server sends them pre-compressed (no work per request). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hearth-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // The manifest leaves the served folder: dist/client-manifest.json.
      const manifest = join(outDir, '.vite', 'manifest.json');
      if (existsSync(manifest)) {
        renameSync(manifest, join(outDir, '..', 'client-manifest.json'));
        rmSync(join(outDir, '.vite'), { recursive: true });
      }
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) =>
          statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    catalogParts(),
    firstRequestsInHtml(),
    compileHints(),
    // The installed app: its shell precached by a service worker, a new version offered, never forced.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Hearth',
        short_name: 'Hearth',
        description: 'Recipes, touch-screen menus and settings files for commercial ovens.',
        start_url: '/ovens',
        scope: '/',
        display: 'standalone',
        theme_color: '#bf360c',
        background_color: '#fffaf5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,jpeg,webp,woff2}'],
        // The pictures' SVG sources are for the PDFs, drawn by the server; the app shows their WebP copies.
        globIgnores: ['**/*.br', '**/*.gz', 'images/**/*.svg'],
        // Every route opens the one page offline; the API and downloads never come from the worker's cache.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/storage\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  // Source maps stay out of the shipped build (they would publish the whole source).
  // The manifest (which chunk each module became) is for the bundle bench; it is not served.
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // On a slow link each file costs a round trip, and a browser opens six connections to a server: a page
        // whose code came in 19 small files waited four round trips (2 s more on a phone's 4G). The first load is
        // one file; what several routes share is gathered by the routes that use it (small groups merged), so
        // My Ovens comes in 7 files. Modules then run in their source order whatever file they land in: merged
        // files ran one module before another it needed (a blank page).
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 10 },
            // The rules (zod and the contracts that build schemas with it) in a file of their own: a page whose
            // first screen checks nothing does not fetch, parse or run them (a dialog or a form brings them).
            { name: 'shared-rules', test: buildsSchemas, includeDependenciesRecursively: false, priority: 8 },
            // Each feature's data layer (its queries and mutations) apart from the screens it serves, so a page
            // that reads another feature's keys does not bring that feature's dialogs with them.
            {
              name: 'shared-data',
              test: /[\\/]client[\\/]features[\\/][^\\/]+[\\/][^\\/]+-api\.ts$/,
              includeDependenciesRecursively: false,
              priority: 7,
            },
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 24_000,
              priority: 5,
            },
          ],
        },
        // The shared files' generated names list every route that uses them (over 100 characters).
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
});
