import { and, eq } from 'drizzle-orm';
import { can, refusalFor, type TeamAction, type TeamRole } from '../../../shared/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/index';
import { ForbiddenError, NotFoundError } from '../../lib/errors';

/**
 * A team named in a path is the user's only if they belong to it (else 404, as for any row of another team), and
 * the action is their role's there (else 403 naming the role). Not necessarily their current team: the Team page
 * manages any team they belong to.
 */
export async function membershipIn(
  db: DbOrTx,
  userId: number,
  teamId: number,
  action?: TeamAction,
  lock = false,
): Promise<{ teamId: number; name: string; role: TeamRole }> {
  const query = db
    .select({ teamId: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: teams }) : await query;
  if (!row) throw new NotFoundError('Team');
  if (action) {
    const actor = { team: { id: row.teamId, name: row.name, role: row.role, location_ids: [] } };
    if (!can(actor, action)) throw new ForbiddenError(refusalFor(actor, action));
  }
  return row;
}
