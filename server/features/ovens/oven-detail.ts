import { eq } from 'drizzle-orm';
import { menuToWire } from '../../../shared/contracts/menu-wire';
import type { OvenDetail, OvenState } from '../../../shared/contracts/ovens';
import type { MenuTree } from '../../../shared/domain/menu';
import { type Db, readTogether } from '../../db/client';
import { locations } from '../../db/schema/index';
import type { OvenRow } from './menu-access';
import { menuHistoryState } from './menu-history-store';
import { loadMenu } from './menu-store';

async function locationOf(db: Db, id: number | null): Promise<{ id: number; name: string } | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * An oven as the editor gets it (spec §3 Oven): its menu as screens with their content, and what Undo would do.
 * Shared by the ovens and menus features, whose changes all answer with it.
 */
export async function ovenDetail(db: Db, oven: OvenRow, tree?: MenuTree): Promise<OvenDetail> {
  const [menu, history, location] = await readTogether(
    db,
    () => tree ?? loadMenu(db, oven.id, oven.type),
    () => menuHistoryState(db, oven.id),
    () => locationOf(db, oven.locationId),
  );
  return {
    id: oven.id,
    name: oven.name,
    type: oven.type,
    location,
    warm_ups: oven.warmUps,
    version: oven.version,
    created_at: oven.createdAt.toISOString(),
    updated_at: oven.updatedAt.toISOString(),
    screens: menuToWire(menu),
    can_undo: history.canUndo,
    can_redo: history.canRedo,
    last_change: history.last,
  };
}

/** The oven's version and history only: the answer to a small change, whose result the editor already shows. */
export async function ovenState(db: Db, oven: OvenRow): Promise<OvenState> {
  const history = await menuHistoryState(db, oven.id);
  return {
    id: oven.id,
    name: oven.name,
    type: oven.type,
    version: oven.version,
    updated_at: oven.updatedAt.toISOString(),
    can_undo: history.canUndo,
    can_redo: history.canRedo,
    last_change: history.last,
  };
}
