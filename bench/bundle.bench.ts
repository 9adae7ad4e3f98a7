/**
 * What a browser downloads, as transferred (brotli, as the server sends it), from the last `npm run build` and
 * the manifest it writes (dist/client-manifest.json): the login page's first load (the entry, what it imports
 * and the first part of the English catalogue), what the login form fetches at the first touch (the validation
 * library), and each route's own code with what it imports beyond the first load, the rest of the catalogue
 * and the rules' message reader included. Budgets: 120 KB for the first load, 100 KB for a route, and 10 files for
 * a route (on a slow link each file costs a round trip, six at a time: two rounds).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { DEFAULT_CLIENT_DIR } from '../server/app';
import { report } from './measure';

const FIRST_BUDGET = 120 * 1024;
const ROUTE_BUDGET = 100 * 1024;
const ROUTE_FILES_BUDGET = 10;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

type Entry = { file: string; name?: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };

export async function bundleBench() {
  const dir = DEFAULT_CLIENT_DIR;
  const manifestPath = join(dir, '..', 'client-manifest.json');
  if (!existsSync(manifestPath)) {
    console.log('\nbundle: no build found; run `npm run build` first.');
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Entry>;
  const brotli = new Map<string, number>();
  const bytes = (file: string) => {
    const known = brotli.get(file);
    if (known !== undefined) return known;
    const n = brotliCompressSync(readFileSync(join(dir, file))).length;
    brotli.set(file, n);
    return n;
  };
  /** The files a chunk brings: itself and, transitively, what it imports statically. */
  const closure = (key: string, into = new Set<string>()) => {
    const queue = [key];
    while (queue.length > 0) {
      const entry = manifest[queue.shift()!];
      if (!entry || into.has(entry.file)) continue;
      into.add(entry.file);
      queue.push(...(entry.imports ?? []));
    }
    return into;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + bytes(f), 0);
  const beyond = (files: Set<string>, loaded: Set<string>) =>
    new Set([...files].filter((f) => !loaded.has(f)));
  const within = (n: number, budget: number) =>
    `${kb(n)}  (budget ${kb(budget)}: ${n <= budget ? 'met' : 'NOT met'})`;

  const first = closure('index.html');
  const firstBytes = sum(first);
  // The auth contracts' chunk (zod with them), which the login form imports when first touched: the rules' file
  // (zod and every contract that builds schemas, vite.config.ts), or one named after the pages that share it.
  const chunkNamed = (test: (name: string) => boolean) =>
    Object.keys(manifest).find((key) => key.startsWith('_') && test(manifest[key]!.name ?? ''));
  const authChunk =
    chunkNamed((name) => name === 'shared-rules') ?? chunkNamed((name) => /(^|~)auth(~|$)/.test(name)) ?? '';
  const touch = beyond(closure(authChunk), first);
  report('bundle: the login page (brotli, as transferred)', [
    ['first load', within(firstBytes, FIRST_BUDGET)],
    ['  files', [...first].map((f) => f.replace('assets/', '')).join(', ')],
    ['at the first touch (the form’s rules)', kb(sum(touch))],
  ]);

  // Each route waits for its code and its part of the catalogue; the rest of the catalogue and the rules' message
  // reader follow when the browser is idle.
  const idle = beyond(closure('../virtual:catalog-en-rest', closure('lib/rule-messages.ts')), first);
  // A route's code is a dynamic entry, or (where modules run in their source order) a chunk named after it.
  const names = new Set<string>();
  for (const [key, e] of Object.entries(manifest)) {
    if (e.isDynamicEntry && /^(app|features)\//.test(key))
      names.add(key.replace(/^.*\//, '').replace(/\.tsx?$/, ''));
    const part = /^\.\.\/virtual:catalog-en-route-(.+)$/.exec(key)?.[1];
    if (part) names.add(part);
  }
  const codeOf = (name: string) =>
    Object.keys(manifest).find(
      (key) =>
        !key.startsWith('../virtual') && (manifest[key]!.name === name || key.endsWith(`/${name}.tsx`)),
    ) ?? '';
  const routes = [...names]
    .map((name) => {
      const files = beyond(closure(codeOf(name), closure(`../virtual:catalog-en-route-${name}`)), first);
      return [name, sum(files), files.size] as const;
    })
    .sort((a, b) => b[1] - a[1]);
  const filesWithin = (n: number) =>
    `${n} files (budget ${ROUTE_FILES_BUDGET}: ${n <= ROUTE_FILES_BUDGET ? 'met' : 'NOT met'})`;
  report('bundle: each route beyond the first load (its code, what it imports, its part of the catalogue)', [
    ...routes.map(([name, n, count]): [string, string] => [
      name,
      `${within(n, ROUTE_BUDGET)}  ${filesWithin(count)}`,
    ]),
    ['then, when idle: the catalogue’s rest', kb(sum(idle))],
  ]);
}
