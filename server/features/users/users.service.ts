import { and, eq, ne } from 'drizzle-orm';
import type { PublicUser, Role } from '../../../shared/contracts/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { USERNAME_TAKEN, uniqueAccountWrite, usernameTaken } from '../../lib/accounts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';

export function createUsersService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** Spec §5 profile: own profile only; e-mail fixed; password only when both fields are filled. */
    async updateProfile(
      actor: { id: number },
      userId: number,
      input: { username: string; company: string; email?: string; password: string; opt_in?: boolean },
      currentTokenHash: string,
    ): Promise<PublicUser> {
      if (actor.id !== userId) throw new ForbiddenError('You can only change your own profile.');
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new NotFoundError('User');
      if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email) {
        throw ValidationError.field('email', 'The email address cannot be changed.');
      }
      if (await usernameTaken(db, input.username, userId))
        throw ValidationError.field('username', USERNAME_TAKEN);

      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      // A rename racing another for the same name: the unique index decides, with the same message.
      const updated = await uniqueAccountWrite(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              username: input.username,
              company: input.company,
              ...(input.opt_in === undefined ? {} : { optIn: input.opt_in }),
              ...(passwordHash ? { passwordHash } : {}),
            })
            .where(eq(users.id, userId))
            .returning();
          // A new password signs out every other device, keeping the one that changed it.
          if (passwordHash) {
            await tx
              .delete(sessions)
              .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, currentTokenHash)));
          }
          return row!;
        }),
      );
      return {
        id: updated.id,
        username: updated.username,
        company: updated.company,
        email: updated.email,
        role: updated.role as Role,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
