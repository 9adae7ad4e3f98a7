import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, rowsOf } from './client';
import { openEmptyTestDatabase } from './testing';

/**
 * Migration 0013 on a database that holds what Hearth stored before teams: every user's ovens, recipes, locations
 * and templates move into a team of their own, owned by them, and mean what they meant (on PGlite, and on
 * PostgreSQL in CI).
 */
let database: Database;
let dir: string;

/** The migrations up to (not including) `tag`, as a folder drizzle can apply. */
function migrationsBefore(tag: string): string {
  const folder = join(dir, 'before');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-migration-'));
  database = await openEmptyTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the teams migration', () => {
  it("gives every user a team of their own holding all they had, and keeps the library and each row's meaning", async () => {
    const db = database.db;
    await database.migrate(migrationsBefore('0013_teams'));
    // Two kitchens as they were stored before teams: rows owned by a user.
    await db.execute(sql`
      insert into users (username, email, company, password_hash, verified_at) values
        ('ana', 'ana@example.com', 'Harbour Pizza', 'x', now()),
        ('ben', 'ben@example.com', '   ', 'x', now())`);
    const people = await rowsOf<{ id: number; username: string }>(
      db,
      sql`select id, username from users order by id`,
    );
    const [ana, ben] = people.map((p) => p.id) as [number, number];
    await db.execute(sql`
      insert into recipes (owner_id, created_by, name, product_name, oven_type, set_temp, category, icon) values
        (${ana}, ${ana}, 'Pie', 'P', 'Matchbox 1718/1313', 450, 'Pizza', 'ICON_PIZZA'),
        (null, null, 'Library Pie', 'P', 'Matchbox 1718/1313', 450, 'Pizza', 'ICON_PIZZA'),
        (${ben}, ${ben}, 'Wings', 'W', 'MiSA', 400, 'Protein', 'ICON_WINGS')`);
    await db.execute(sql`insert into locations (owner_id, name) values (${ana}, 'Harbour')`);
    await db.execute(sql`
      insert into ovens (owner_id, name, type, location_id)
      select ${ana}, 'Front', 'Matchbox 1718/1313', id from locations where name = 'Harbour'`);
    await db.execute(sql`insert into ovens (owner_id, name, type) values (${ben}, 'Back', 'MiSA')`);
    await db.execute(sql`
      insert into menu_templates (owner_id, name, oven_type, tree)
      values (${ana}, 'Lunch', 'Matchbox 1718/1313', '{"screens":[]}')`);
    const libraryBefore = await rowsOf<{ version: number }>(db, sql`select version from library_state`);

    await database.migrate();

    const teams = await rowsOf<{ id: number; name: string }>(db, sql`select id, name from teams order by id`);
    expect(teams).toEqual([
      { id: ana, name: 'Harbour Pizza' },
      // No company: the team is named after the username.
      { id: ben, name: 'ben' },
    ]);
    const members = await rowsOf<{ team_id: number; user_id: number; role: string; current: boolean }>(
      db,
      sql`select team_id, user_id, role, current from team_members order by user_id`,
    );
    expect(members).toEqual([
      { team_id: ana, user_id: ana, role: 'owner', current: true },
      { team_id: ben, user_id: ben, role: 'owner', current: true },
    ]);
    const owned = async (table: string) =>
      rowsOf<{ name: string; team_id: number | null }>(
        db,
        sql`select name, team_id from ${sql.identifier(table)} order by name`,
      );
    expect(await owned('recipes')).toEqual([
      { name: 'Library Pie', team_id: null },
      { name: 'Pie', team_id: ana },
      { name: 'Wings', team_id: ben },
    ]);
    expect(await owned('ovens')).toEqual([
      { name: 'Back', team_id: ben },
      { name: 'Front', team_id: ana },
    ]);
    expect(await owned('locations')).toEqual([{ name: 'Harbour', team_id: ana }]);
    expect(await owned('menu_templates')).toEqual([{ name: 'Lunch', team_id: ana }]);
    // Who made each oven is kept for the admin's counts.
    const makers = await rowsOf<{ name: string; created_by: number }>(
      db,
      sql`select name, created_by from ovens order by name`,
    );
    expect(makers).toEqual([
      { name: 'Back', created_by: ben },
      { name: 'Front', created_by: ana },
    ]);
    // The next team made gets a fresh id, never one a migrated team holds.
    const [next] = await rowsOf<{ id: number }>(
      db,
      sql`insert into teams (name) values ('New') returning id`,
    );
    expect(next!.id).toBeGreaterThan(Math.max(ana, ben));
    // The library is still the recipes of no team: adding one to it moves its version on.
    await db.execute(sql`
      insert into recipes (team_id, name, product_name, oven_type, set_temp, category, icon)
      values (null, 'Library Bread', 'B', 'MiSA', 400, 'Bakery', 'ICON_RECIPE_DEFAULT')`);
    const libraryAfter = await rowsOf<{ version: number }>(db, sql`select version from library_state`);
    expect(Number(libraryAfter[0]!.version)).toBe(Number(libraryBefore[0]!.version) + 1);
    // A team's rows go with the team.
    await db.execute(sql`delete from teams where id = ${ben}`);
    expect((await owned('ovens')).map((o) => o.name)).toEqual(['Front']);
  }, 60_000);
});
