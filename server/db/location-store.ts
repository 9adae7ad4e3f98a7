import { and, inArray } from 'drizzle-orm';
import { said } from '../../shared/i18n/said';
import { NotFoundError } from '../lib/errors';
import type { DbOrTx } from './client';
import { locations, ovens } from './schema/index';
import { inScope, ownedId, type Scope } from './scope';

/**
 * One of the user's locations, named in a body (an oven's `location_id`, a template's or a zip's): another user's
 * and an unknown id are the same 404, so nothing tells them apart.
 */
export async function ownLocationRef(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db.select().from(locations).where(ownedId.location(scope, id)).limit(1);
  if (!row) throw new NotFoundError('Location');
  return row;
}

/**
 * The user's ovens with these ids, all of them or a 404 naming the ids that are not theirs (unknown or another
 * user's, alike).
 */
export async function ownOvensRef(db: DbOrTx, scope: Scope, ids: number[]) {
  const wanted = [...new Set(ids)];
  const mine = wanted.length
    ? await db
        .select()
        .from(ovens)
        .where(and(inScope.ovens(scope), inArray(ovens.id, wanted)))
    : [];
  if (mine.length !== wanted.length) {
    const found = new Set(mine.map((o) => o.id));
    const missing = wanted.filter((o) => !found.has(o));
    throw new NotFoundError(
      'Oven',
      undefined,
      said('ruleMessages.noOvenOfYours', {
        list: `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`,
      }),
    );
  }
  const order = new Map(wanted.map((id, i) => [id, i]));
  return mine.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}
