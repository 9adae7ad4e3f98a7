/**
 * The catalogues in two parts per language: `first`, the keys the first screen's code names, shipped with the
 * app; `rest`, loaded with the first route (client/lib/i18n.ts). `virtual:catalog-<language>-<part>` is one part;
 * `virtual:catalog-parts` loads any of them by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { firstScreenPaths, pick, without } from './first-screen-keys.ts';
import { root } from './source-graph.ts';

const LOCALES = join(root, 'shared/i18n/locales');
const ID = /^virtual:catalog-([a-z]{2})-(first|rest)$/;
const LOADERS = 'virtual:catalog-parts';

export function catalogParts(): Plugin {
  const read = (language: string) => JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8'));
  const languages = () =>
    readdirSync(LOCALES)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
  return {
    name: 'hearth-catalog-parts',
    resolveId(id) {
      return ID.test(id) || id === LOADERS ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0')) return null;
      const bare = id.slice(1);
      if (bare === LOADERS) {
        const cases = languages()
          .flatMap((l) =>
            ['first', 'rest'].map((p) => `    case '${l}/${p}': return import('virtual:catalog-${l}-${p}');`),
          )
          .join('\n');
        return `export function loadCatalog(language, part) {\n  switch (\`\${language}/\${part}\`) {\n${cases}\n    default: return Promise.reject(new Error('No catalogue ' + language + '/' + part));\n  }\n}\n`;
      }
      const found = ID.exec(bare);
      if (!found) return null;
      const [, language, part] = found;
      // Read afresh each time: in development a new key or a new use shows without a restart.
      const first = pick(read(language!), firstScreenPaths(read('en')));
      const catalog = part === 'first' ? first : without(read(language!), first);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalog))});\n`;
    },
  };
}
