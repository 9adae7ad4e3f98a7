/**
 * Creates the first admin of an installation (or makes an existing user an admin), from the command line:
 *   npm run create-admin -- --username ops --email ops@example.com
 * The password is read from HEARTH_ADMIN_PASSWORD, or asked for. Uses DATABASE_URL / DATA_DIR like the server
 * (stop a server running on the embedded database first: it is locked to one process).
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailField, PASSWORD_MIN_MESSAGE, username } from '../../shared/contracts/auth';
import { fieldErrors } from '../../shared/contracts/common';
import { saying } from '../../shared/contracts/zod-said';
import { english } from '../../shared/i18n/english';
import { ConfigError, loadConfig } from '../config';
import { DatabaseStartError, type Db, openDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { createTeamWithOwner, ownTeamName } from '../db/team-store';
import { hashPassword } from '../lib/passwords';

const adminInput = z.object({
  username,
  email: emailField(saying('rules.emailRequired'), saying('rules.emailInvalid')),
  password: z.string().min(8, PASSWORD_MIN_MESSAGE),
});

/** Answers what was done, in a line; throws with the field's message when the input breaks a rule. */
export async function createAdmin(
  db: Db,
  input: { username: string; email: string; password: string; promote?: boolean },
): Promise<string> {
  if (input.promote) {
    const [row] = await db
      .update(users)
      .set({ role: 'admin' })
      .where(sql`lower(${users.username}) = lower(${input.username})`)
      .returning({ username: users.username });
    if (!row) throw new Error(`There is no user named "${input.username}".`);
    return `${row.username} is now an admin.`;
  }
  const parsed = adminInput.safeParse(input);
  if (!parsed.success) {
    const [field, messages] = Object.entries(fieldErrors(parsed.error))[0]!;
    throw new Error(`${field}: ${english(messages[0]!)}`);
  }
  const { username: name, email, password } = parsed.data;
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name}) or ${users.email} = ${email}`)
    .limit(1);
  if (clash)
    throw new Error('A user with this username or e-mail exists: add --promote to make them an admin.');
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: name,
        email,
        company: '',
        role: 'admin',
        passwordHash,
        verifiedAt: new Date(),
        privacyAcceptedAt: new Date(),
      })
      .returning();
    await createTeamWithOwner(tx, ownTeamName(user!), user!.id);
    return user;
  });
  return `Admin ${name} <${email}> created (id ${created?.id}). Log in with that username and password.`;
}

async function main() {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, email: { type: 'string' }, promote: { type: 'boolean' } },
  });
  if (!values.username || (!values.promote && !values.email)) {
    console.error(
      'Usage: npm run create-admin -- --username NAME --email ADDRESS   (or --username NAME --promote)',
    );
    process.exit(2);
  }
  let password = process.env.HEARTH_ADMIN_PASSWORD ?? '';
  if (!values.promote && !password) {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    password = await rl.question('Password for the new admin (at least 8 characters): ');
    rl.close();
  }
  try {
    const config = loadConfig();
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: resolve(config.DATA_DIR),
    });
    try {
      await database.migrate();
      console.log(
        await createAdmin(database.db, {
          username: values.username,
          email: values.email ?? '',
          password,
          promote: values.promote,
        }),
      );
    } finally {
      await database.close();
    }
  } catch (error) {
    const known =
      error instanceof ConfigError || error instanceof DatabaseStartError || error instanceof Error;
    console.error(known ? (error as Error).message : String(error));
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) void main();
