import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text of a PDF as poppler's pdftotext reads it (layout kept), to check what a person would read. */
export function pdfToText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-pdf-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
