import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints-plugin';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the files of a bundle (name: its static imports; the first is the entry) and runs the plugin on it. */
function build(files: Record<string, string[]>) {
  dir = mkdtempSync(join(tmpdir(), 'hearth-hints-'));
  const bundle: Record<string, unknown> = {};
  for (const [index, [name, imports]] of Object.entries(files).entries()) {
    writeFileSync(join(dir, name), `const code = ${JSON.stringify(name)};\n`);
    bundle[name] = { type: 'chunk', fileName: name, isEntry: index === 0, imports };
  }
  bundle['app.css'] = { type: 'asset', fileName: 'app.css' };
  const hook = compileHints().writeBundle as (options: { dir: string }, bundle: unknown) => void;
  hook({ dir }, bundle);
  return (name: string) => readFileSync(join(dir, name), 'utf8').split('\n')[0];
}

describe('the app’s first-load code is marked for eager compiling', () => {
  it('the entry and every file it imports, directly or not, start with the hint', () => {
    const firstLine = build({ 'index.js': ['app.js'], 'app.js': ['runtime.js'], 'runtime.js': [] });
    expect(['index.js', 'app.js', 'runtime.js'].map(firstLine)).toEqual([
      COMPILE_HINT,
      COMPILE_HINT,
      COMPILE_HINT,
    ]);
  });

  it('a route’s code, loaded later, stays as it was', () => {
    const firstLine = build({ 'index.js': ['app.js'], 'app.js': [], 'route.js': ['app.js'] });
    expect(firstLine('route.js')).toBe('const code = "route.js";');
  });

  it('a file imported twice is marked once', () => {
    const firstLine = build({ 'index.js': ['a.js', 'b.js'], 'a.js': ['c.js'], 'b.js': ['c.js'], 'c.js': [] });
    expect(firstLine('c.js')).toBe(COMPILE_HINT);
    expect(readFileSync(join(dir, 'c.js'), 'utf8').split(COMPILE_HINT)).toHaveLength(2);
  });
});
