/**
 * Ownership is written once: every condition on an owner column outside server/db/scope.ts is a query that
 * would escape the next change of who owns what (teams). Deleting a user's own data (an admin's "delete user")
 * is by user, not by kitchen, and is the one place allowed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const ALLOWED = new Set([
  'server/db/scope.ts',
  'server/features/users/users.service.ts',
  'server/seed/library-recipes.ts',
]);
// eq(ovens.ownerId, …), isNull(recipes.ownerId) and the same in SQL text (`o.owner_id = ${…}`).
const OWNER_CONDITION = /\b(?:eq|ne|isNull|inArray)\(\s*\w+\.ownerId\b|\bowner_id\s*(?:=|in\b|is\b)/;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'settings-file-fuzz.ts')
      out.push(path);
  }
  return out;
}

describe('ownership scope', () => {
  it('no store query outside the scope helper names an owner column in a condition', () => {
    const offenders: string[] = [];
    for (const file of sources(join(root, 'server'))) {
      const name = relative(root, file);
      if (ALLOWED.has(name) || name.startsWith('server/db/migrations')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OWNER_CONDITION.test(line)) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('the check sees an owner condition when there is one', () => {
    expect(OWNER_CONDITION.test('.where(eq(ovens.ownerId, actor.id))')).toBe(true);
    expect(OWNER_CONDITION.test('where r.owner_id = 7')).toBe(true);
    expect(OWNER_CONDITION.test('.where(inScope.ovens(scope))')).toBe(false);
  });
});
