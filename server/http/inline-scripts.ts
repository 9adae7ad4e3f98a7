import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The CSP sources ('sha256-…') of the inline scripts in the built page (`client/first-requests.ts`, inlined by the
 * build): those and no other inline script may run.
 */
export function inlineScriptSources(clientDir: string | undefined): string[] {
  const page = clientDir === undefined ? undefined : join(clientDir, 'index.html');
  if (page === undefined || !existsSync(page)) return [];
  const html = readFileSync(page, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^<]*)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}
