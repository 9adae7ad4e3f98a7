import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts';

const dirs: string[] = [];
const pageWith = (html: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-page-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('inlineScriptSources', () => {
  it('allows the page’s inline script by the hash of its exact text, and no script loaded from a file', () => {
    const body = 'window.a = "é";';
    const dir = pageWith(
      `<head><script>${body}</script><script type="module" src="/assets/x.js"></script></head>`,
    );
    const hash = createHash('sha256').update(body, 'utf8').digest('base64');
    expect(inlineScriptSources(dir)).toEqual([`'sha256-${hash}'`]);
  });

  it('allows no inline script when there is no built page', () => {
    expect(inlineScriptSources(undefined)).toEqual([]);
    expect(inlineScriptSources(join(tmpdir(), 'hearth-no-such-build'))).toEqual([]);
  });
});
