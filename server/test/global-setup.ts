import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareTestTemplate } from '../db/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    dbSnapshot: string;
  }
}

/** Migrates one database for the whole run; each test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-test-'));
  const snapshot = join(dir, 'migrated.tar');
  await prepareTestTemplate(snapshot);
  project.provide('dbSnapshot', snapshot);
  return () => rmSync(dir, { recursive: true, force: true });
}
