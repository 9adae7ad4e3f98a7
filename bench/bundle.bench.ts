/**
 * What a browser downloads: the login page's first load (the entry script and the chunks it preloads) and each
 * route's own chunk, gzipped and brotli-compressed as the server sends them, from the last `npm run build`.
 * Target: the login page shows after at most 120 KB of JavaScript as transferred.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEFAULT_CLIENT_DIR } from '../server/app';
import { report } from './measure';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function bundleBench() {
  const dir = DEFAULT_CLIENT_DIR;
  if (!existsSync(join(dir, 'index.html'))) {
    console.log('\nbundle: no build found; run `npm run build` first.');
    return;
  }
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = (file: string) => {
    const bytes = readFileSync(join(dir, file));
    return {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes).length,
    };
  };
  const total = first
    .map(sizes)
    .reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }));
  report('bundle: the login page first load (entry + preloaded chunks)', [
    ['files', first.map((f) => f.replace('assets/', '')).join(', ')],
    ['raw', kb(total.raw)],
    ['gzip', kb(total.gzip)],
    [
      'brotli (what Hearth sends)',
      `${kb(total.brotli)}  (target 120 KB: ${total.brotli <= 120 * 1024 ? 'met' : 'NOT met'})`,
    ],
  ]);
  const chunks = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js') && !first.includes(`assets/${f}`))
    .map((f) => [f, sizes(`assets/${f}`)] as const)
    .sort((a, b) => b[1].gzip - a[1].gzip);
  report(
    'bundle: chunks loaded later, by route or need (gzip / brotli)',
    chunks.map(([f, s]) => [f.replace(/-[\w-]{8}\.js$/, ''), `${kb(s.gzip)} / ${kb(s.brotli)}`]),
  );
}
