/**
 * The catalogues in parts per language: `first`, the keys the first screen's code names, shipped with the app;
 * one per route (`route-<file>`), the keys its code names beyond the first, loaded with it; and `rest`, all but
 * the first, loaded when the browser is idle after a route (client/lib/i18n.ts). The routes are the
 * `page('<file>', () => import('…'))` calls of client/app/router.tsx. `virtual:catalog-<language>-<part>` is one
 * part; `virtual:catalog-parts` loads any of them by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

type Tree = Record<string, unknown>;

import { firstScreenPaths, pathsNamed, pick, staticallyReachable, without } from './first-screen-keys.ts';
import { resolveImport, root } from './source-graph.ts';

const LOCALES = join(root, 'shared/i18n/locales');
const ID = /^virtual:catalog-([a-z]{2})-(first|rest|route-[\w-]+)$/;
const ROUTER = join(root, 'client/app/router.tsx');
const PAGE = /page\(\s*'([\w-]+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/** Each route's part by name, with the module its code starts from; every `page(` call must be one. */
export function routeParts(): Map<string, string> {
  const text = readFileSync(ROUTER, 'utf8');
  const parts = new Map<string, string>();
  for (const [, name, specifier] of text.matchAll(PAGE)) {
    const file = resolveImport(ROUTER, specifier!);
    if (!file || !file.replace(/\.tsx?$/, '').endsWith(`/${name}`))
      throw new Error(`router.tsx: page('${name}') must name the file it imports (${specifier})`);
    parts.set(name!, file);
  }
  const calls = text.match(/\bpage\(\s*'/g)?.length ?? 0;
  if (calls !== [...text.matchAll(PAGE)].length)
    throw new Error('router.tsx: a page( call the build cannot read');
  return parts;
}
const LOADERS = 'virtual:catalog-parts';

export function catalogParts(): Plugin {
  const read = (language: string) => JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8'));
  const languages = () =>
    readdirSync(LOCALES)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
  // What every part is cut from, read once a build (each of the many parts asked for it) and again after an edit.
  let scanned: { english: Tree; firstPaths: Set<string>; routes: Map<string, string> } | null = null;
  const scan = () => {
    if (!scanned) {
      const english = read('en');
      scanned = { english, firstPaths: firstScreenPaths(english), routes: routeParts() };
    }
    return scanned;
  };
  return {
    name: 'hearth-catalog-parts',
    buildStart() {
      scanned = null;
    },
    watchChange() {
      scanned = null;
    },
    resolveId(id) {
      return ID.test(id) || id === LOADERS ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0')) return null;
      const bare = id.slice(1);
      if (bare === LOADERS) {
        const names = ['first', 'rest', ...[...scan().routes.keys()].map((r) => `route-${r}`)];
        const cases = languages()
          .flatMap((l) =>
            names.map((p) => `    case '${l}/${p}': return import('virtual:catalog-${l}-${p}');`),
          )
          .join('\n');
        return `export function loadCatalog(language, part) {\n  switch (\`\${language}/\${part}\`) {\n${cases}\n    default: return Promise.reject(new Error('No catalogue ' + language + '/' + part));\n  }\n}\n`;
      }
      const found = ID.exec(bare);
      if (!found) return null;
      const [, language, part] = found;
      const { english, firstPaths, routes } = scan();
      const first = pick(read(language!), firstPaths);
      const rest = without(read(language!), first);
      let catalog = part === 'first' ? first : rest;
      if (part!.startsWith('route-')) {
        const entry = routes.get(part!.slice('route-'.length));
        if (!entry) throw new Error(`No route ${part}`);
        // The route's dialogs that load when opened bring no words of their own: theirs come with the route.
        const texts = staticallyReachable(entry, true).map((f) => readFileSync(join(root, f), 'utf8'));
        // What the route's code names beyond the first part (which every route has).
        catalog = pick(rest, pathsNamed(texts, without(english, pick(english, firstPaths))));
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalog))});\n`;
    },
  };
}
