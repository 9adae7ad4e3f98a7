/** How many buttons fit where, and which slots are free (spec §9): the one place that knows. */
import type { OvenModel } from '../oven-models';
import { buttonsOf, type Container } from './queries';

/** Slots on a main screen. */
export const mainCapacity = (model: OvenModel) => model.buttonsPerMainScreen;
/** Slots on a category page (a list oven's category is one long page). */
export const pageCapacity = (model: OvenModel) =>
  model.menuLayout === 'list' ? model.maxRecipesPerCategory : model.buttonsPerScreen;
/** Buttons the oven shows at once (a list oven shows its lists a screenful at a time). */
export const shownPerScreen = (model: OvenModel) => model.buttonsPerScreen;

/** Slots on this screen or page. */
export function capacityOf(c: Container, model: OvenModel): number {
  return c.kind === 'main' ? mainCapacity(model) : pageCapacity(model);
}

/**
 * Where a new button may go: a grid's empty slots in order, or a list's end (a list has no gaps). Empty when full.
 */
export function freeSlots(c: Container, model: OvenModel): number[] {
  const buttons = buttonsOf(c);
  const capacity = capacityOf(c, model);
  if (model.menuLayout === 'list') return buttons.length < capacity ? [buttons.length + 1] : [];
  const taken = new Set(buttons.map((b) => b.position));
  const free: number[] = [];
  for (let p = 1; p <= capacity; p++) if (!taken.has(p)) free.push(p);
  return free;
}
