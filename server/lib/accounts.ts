import { and, ne, sql } from 'drizzle-orm';
import { said } from '../../shared/i18n/said';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/index';
import { isUniqueViolation, ValidationError } from './errors';

export const USERNAME_TAKEN = said('ruleMessages.usernameTaken');
export const EMAIL_TAKEN = said('ruleMessages.emailTaken');

/** Usernames are unique whatever their case (the index is on lower(username)). */
export async function usernameTaken(db: DbOrTx, username: string, exceptUserId?: number): Promise<boolean> {
  const same = sql`lower(${users.username}) = lower(${username})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? same : and(same, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Runs a write that may race another for the same username or e-mail: the unique index decides, and the loser
 * gets the same 422 the earlier check would have given.
 */
export async function uniqueAccountWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const text = JSON.stringify((error as { cause?: { constraint?: string } }).cause?.constraint ?? error);
    throw text.includes('email')
      ? ValidationError.field('email', EMAIL_TAKEN)
      : ValidationError.field('username', USERNAME_TAKEN);
  }
}
