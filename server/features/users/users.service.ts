import { and, desc, eq, ilike, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { PublicUser, Role } from '../../../shared/contracts/auth';
import { type AdminUser, CURRENT_PASSWORD_REQUIRED, USERS_PER_PAGE } from '../../../shared/contracts/users';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { said } from '../../../shared/i18n/said';
import { countAll, type Db, rowsOf } from '../../db/client';
import { outbox, ovens, recipeImages, recipes, sessions, teams, users } from '../../db/schema/index';
import { USERNAME_TAKEN, uniqueAccountWrite, usernameTaken } from '../../lib/accounts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../../mail/mailer';
import { passwordChangedMail } from '../../mail/templates';

/** A LIKE pattern that finds `text` literally (its % and _ are not wildcards). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const adminColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  company: users.company,
  role: users.role,
  verifiedAt: users.verifiedAt,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};
type AdminRow = {
  id: number;
  username: string;
  email: string;
  company: string;
  role: string;
  verifiedAt: Date | null;
  createdAt: Date;
  lastLoginAt: Date | null;
};

/**
 * The recipe and oven counts of the users on one page: counted after the page is cut, so the rows an offset skips
 * cost nothing (one grouped index scan per table).
 */
async function withCounts(db: Db, rows: AdminRow[]): Promise<AdminUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [recipeCounts, ovenCounts] = await Promise.all([
    // What each person made for their teams (library recipes an admin added are the library's).
    db
      .select({ id: recipes.createdBy, n: countAll })
      .from(recipes)
      .where(and(inArray(recipes.createdBy, ids), isNotNull(recipes.teamId)))
      .groupBy(recipes.createdBy),
    db
      .select({ id: ovens.createdBy, n: countAll })
      .from(ovens)
      .where(inArray(ovens.createdBy, ids))
      .groupBy(ovens.createdBy),
  ]);
  const recipesOf = new Map(recipeCounts.map((c) => [c.id, Number(c.n)]));
  const ovensOf = new Map(ovenCounts.map((c) => [c.id, Number(c.n)]));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    company: row.company,
    role: row.role as Role,
    verified: row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    recipesCounter: recipesOf.get(row.id) ?? 0,
    ovensCounter: ovensOf.get(row.id) ?? 0,
  }));
}

export function createUsersService(deps: {
  db: Db;
  /** Tells an account's owner their password changed; also the provider's name and the public address for it. */
  mailer?: Mailer;
  provider?: string;
  appUrl?: string;
}) {
  const { db } = deps;

  return {
    /** Spec §7 GET /api/users?email&page: newest first, found by any part of the e-mail. */
    async list(query: { email: string; page: number }): Promise<{ data: AdminUser[]; total: number }> {
      const where = query.email ? ilike(users.email, contains(query.email.toLowerCase())) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select(adminColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(USERS_PER_PAGE)
          .offset((query.page - 1) * USERS_PER_PAGE),
        db.select({ n: countAll }).from(users).where(where),
      ]);
      return { data: await withCounts(db, rows), total: Number(count?.n ?? 0) };
    },

    async get(id: number): Promise<AdminUser> {
      const [row] = await db.select(adminColumns).from(users).where(eq(users.id, id)).limit(1);
      if (!row) throw new NotFoundError('User');
      return (await withCounts(db, [row]))[0]!;
    },

    /**
     * Spec §7 DELETE /api/users/{id}: the user with their recipes (and photos), ovens with their menus, sessions,
     * tokens, downloads and the mail addressed to them, in one transaction. Not oneself; never the last admin.
     * The report's anonymous counts stay (decision 0018).
     */
    async remove(actor: { id: number }, id: number): Promise<{ id: number; username: string }> {
      if (actor.id === id) throw ValidationError.field('id', said('ruleMessages.cannotDeleteSelf'));
      return db.transaction(async (tx) => {
        // The admins are locked first, in one order: two admins deleting each other at once are served one after
        // the other (the second then finds the last admin), never a deadlock.
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(users.id)
          .for('update');
        const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
        if (!user) throw new NotFoundError('User');
        if (user.role === 'admin' && admins.length <= 1)
          throw ValidationError.field('id', said('ruleMessages.lastAdmin'));
        // A team the user is alone in goes with them (its ovens, recipes, locations, templates); a team with
        // others keeps everything, and if the user was its last owner, its longest-standing manager (else
        // member) becomes owner, so every team keeps one.
        const alone = await rowsOf<{ team_id: number }>(
          tx,
          sql`select m.team_id from team_members m where m.user_id = ${id}
              and not exists (select 1 from team_members o where o.team_id = m.team_id and o.user_id <> ${id})`,
        );
        const gone = alone.map((t) => t.team_id);
        await tx.execute(sql`
          update team_members set role = 'owner'
          where (team_id, user_id) in (
            select distinct on (m.team_id) m.team_id, m.user_id from team_members m
            where m.user_id <> ${id}
              and m.team_id in (select team_id from team_members where user_id = ${id} and role = 'owner')
              and not exists (select 1 from team_members o
                              where o.team_id = m.team_id and o.role = 'owner' and o.user_id <> ${id})
            order by m.team_id, (m.role = 'manager') desc, m.joined_at, m.user_id)`);
        const photos = gone.length
          ? await tx
              .select({ id: recipes.imageId })
              .from(recipes)
              .where(and(inArray(recipes.teamId, gone), isNotNull(recipes.imageId)))
          : [];
        if (gone.length > 0) {
          // Ovens first: their buttons hold the team's recipes, which may not go while a button points at them.
          await tx.delete(ovens).where(inArray(ovens.teamId, gone));
          await tx.delete(teams).where(inArray(teams.id, gone));
        }
        await tx.delete(users).where(eq(users.id, id));
        const photoIds = photos.map((p) => p.id!).filter(Boolean);
        if (photoIds.length > 0) await tx.delete(recipeImages).where(inArray(recipeImages.id, photoIds));
        await tx.delete(outbox).where(eq(outbox.to, user.email));
        return { id: user.id, username: user.username };
      });
    },

    /** Spec §5 profile: own profile only; e-mail fixed; password only when both fields are filled. */
    async updateProfile(
      actor: Pick<PublicUser, 'id' | 'team'>,
      userId: number,
      input: {
        username?: string;
        company?: string;
        email?: string;
        current_password?: string;
        password: string;
        opt_in?: boolean;
        temperature_unit?: 'F' | 'C';
        language?: Language | null;
      },
      currentTokenHash: string,
    ): Promise<PublicUser> {
      if (actor.id !== userId) throw new ForbiddenError(said('ruleMessages.ownProfile'));
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new NotFoundError('User');
      if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email) {
        throw ValidationError.field('email', said('ruleMessages.emailFixed'));
      }
      if (input.username !== undefined && (await usernameTaken(db, input.username, userId)))
        throw ValidationError.field('username', USERNAME_TAKEN);
      if (input.password) {
        if (!input.current_password)
          throw ValidationError.field('current_password', CURRENT_PASSWORD_REQUIRED);
        if (!(await verifyPassword(input.current_password, user.passwordHash)))
          throw ValidationError.field('current_password', said('ruleMessages.currentPasswordWrong'));
      }

      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      // A rename racing another for the same name: the unique index decides, with the same message.
      const updated = await uniqueAccountWrite(() =>
        db.transaction(async (tx) => {
          const changes = {
            ...(input.username === undefined ? {} : { username: input.username }),
            ...(input.company === undefined ? {} : { company: input.company }),
            ...(input.opt_in === undefined ? {} : { optIn: input.opt_in }),
            ...(input.temperature_unit === undefined ? {} : { temperatureUnit: input.temperature_unit }),
            ...(input.language === undefined ? {} : { language: input.language }),
            ...(passwordHash ? { passwordHash } : {}),
          };
          // A save that sends nothing to change changes nothing (an empty SET is not SQL).
          if (Object.keys(changes).length === 0) return user;
          const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
          // A new password signs out every other device, keeping the one that changed it.
          if (passwordHash) {
            await tx
              .delete(sessions)
              .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, currentTokenHash)));
          }
          return row!;
        }),
      );
      if (passwordHash && deps.mailer) {
        const mail = passwordChangedMail({
          language: updated.language ?? DEFAULT_LANGUAGE,
          provider: deps.provider ?? 'Hearth',
          to: updated.email,
          username: updated.username,
          at: new Date(),
          resetUrl: `${deps.appUrl ?? ''}/forgot-password`,
        });
        // Kept in the outbox first: a mail server that is down delays the notice, never the change.
        await deps.mailer.send(mail).catch(() => {});
      }
      return {
        id: updated.id,
        username: updated.username,
        company: updated.company,
        email: updated.email,
        role: updated.role as Role,
        temperature_unit: updated.temperatureUnit,
        language: updated.language,
        team: actor.team,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
