/**
 * The import fences of biome.json, proven: a file that crosses one is refused by the linter. Each case writes a
 * small probe file into the tree (where the override globs apply), lints it, and removes it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const probeDirs = new Set<string>();
afterAll(() => {
  for (const dir of probeDirs) rmSync(join(root, dir), { recursive: true, force: true });
});

function lint(file: string, specifier: string): string[] {
  const path = join(root, file);
  probeDirs.add(dirname(file));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `import { x } from '${specifier}';\n\nexport const y = x;\n`);
  let out: string;
  try {
    out = execFileSync(join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', file], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  const report = JSON.parse(out) as { diagnostics: { category: string }[] };
  return report.diagnostics.map((d) => d.category);
}

const refused = 'lint/style/noRestrictedImports';
const probe = (where: string) => `${where}/zz-fence-probe-${process.pid}/probe.ts`;

describe('import fences', () => {
  it.each([
    ['a client feature imports the server', probe('client/features'), '../../../server/app'],
    [
      'client code outside features imports the server',
      `client/zz-fence-probe-${process.pid}/probe.ts`,
      '../../server/app',
    ],
    ['a client feature imports a sibling feature', probe('client/features'), '../recipes/recipes-api'],
    [
      "a client feature imports the server's English wording of what is said",
      probe('client/features'),
      '../../../shared/i18n/english',
    ],
    [
      'a client feature reaches another feature from the root',
      probe('client/features'),
      '../../features/auth/auth-api',
    ],
    ['a server feature imports a sibling feature', probe('server/features'), '../recipes/recipes.service'],
    [
      "a server feature imports another's store past its index",
      probe('server/features'),
      '../ovens/menu-store',
    ],
    [
      "a client feature imports another's data layer past its index",
      probe('client/features'),
      '../ovens/ovens-api',
    ],
    [
      'a server feature reaches another feature from the root',
      probe('server/features'),
      '../../features/users/users.service',
    ],
    ['a server feature imports the client', probe('server/features'), '../../../client/lib/api'],
    ['shared imports the server', `shared/zz-fence-probe-${process.pid}/probe.ts`, '../../server/db/client'],
    ['shared imports the client', `shared/zz-fence-probe-${process.pid}/probe.ts`, '../../client/lib/api'],
  ])('refuses: %s', (_name, file, specifier) => {
    expect(lint(file, specifier)).toContain(refused);
  });

  it.each([
    ['a client feature imports lib and shared', probe('client/features'), '../../lib/api'],
    [
      'a client feature imports the shared contracts',
      probe('client/features'),
      '../../../shared/contracts/recipes',
    ],
    ['a server feature imports its http helpers', probe('server/features'), '../../http/pagination'],
    ["a server feature imports another feature's public API", probe('server/features'), '../ovens'],
    ["a client feature imports another feature's public API", probe('client/features'), '../ovens'],
  ])('allows: %s', (_name, file, specifier) => {
    expect(lint(file, specifier)).not.toContain(refused);
  });
});
