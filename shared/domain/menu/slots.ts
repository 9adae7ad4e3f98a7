/** How many buttons fit where, and which slots are free (spec §9): the one place that knows. */
import type { OvenModel } from '../oven-models';
import { buttonsOf, type Container, containers, findButton, findContainer } from './queries';
import type { MenuButton, MenuTree } from './tree';

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

/** A place a button can go: a screen or page id and its first free slot. */
export interface Landing {
  container: Container;
  screenId: number;
  position: number;
}

const idOf = (c: Container): number | null => (c.kind === 'main' ? c.screen.id : c.page.id);

/**
 * Where a recipe filed into a category lands: the first free slot of the first of its pages that has one (a
 * list category: its end). Null when every page is full.
 */
export function landingInCategory(tree: MenuTree, model: OvenModel, categoryId: number): Landing | null {
  for (const c of containers(tree)) {
    if (c.kind !== 'page' || c.category.id !== categoryId) continue;
    const position = freeSlots(c, model)[0];
    const screenId = idOf(c);
    if (position !== undefined && screenId !== null) return { container: c, screenId, position };
  }
  return null;
}

/**
 * Where "Move to…" can put a button from the screen or page `fromScreenId`: every other screen and page with a free
 * slot, in menu order, at its first free slot. A category button goes on main screens only.
 */
export function moveLandings(
  tree: MenuTree,
  model: OvenModel,
  button: MenuButton,
  fromScreenId: number,
): Landing[] {
  const out: Landing[] = [];
  for (const c of containers(tree)) {
    const screenId = idOf(c);
    if (screenId === null || screenId === fromScreenId) continue;
    if (button.kind === 'category' && c.kind !== 'main') continue;
    const position = freeSlots(c, model)[0];
    if (position !== undefined) out.push({ container: c, screenId, position });
  }
  return out;
}

/** What a drop does: move the button there, refuse with a reason, or nothing (dropped where it stood). */
export type DropDecision =
  | { kind: 'move'; screenId: number; position: number }
  | { kind: 'category-full'; name: string }
  | { kind: 'screen-full' }
  | { kind: 'none' };

/**
 * Where a button dropped on a slot (`to.position`) or on a screen or page as a whole (`position` null) lands: a
 * recipe dropped on a category button is filed inside it (its first page with room), a drop on a screen or page
 * takes its first free slot, and in a list the free place after the last button is its end.
 */
export function dropDecision(
  tree: MenuTree,
  model: OvenModel,
  from: { screenId: number; position: number; buttonId: number },
  to: { screenId: number; position: number | null },
): DropDecision {
  const target = findContainer(tree, to.screenId);
  const landingOn =
    target && to.position !== null ? buttonsOf(target).find((b) => b.position === to.position) : undefined;
  const dragged = findButton(tree, from.buttonId)?.button;
  if (landingOn?.kind === 'category' && dragged?.kind === 'recipe' && landingOn.category.id !== null) {
    const into = landingInCategory(tree, model, landingOn.category.id);
    return into
      ? { kind: 'move', screenId: into.screenId, position: into.position }
      : { kind: 'category-full', name: landingOn.category.name };
  }
  let position = to.position;
  if (position === null) {
    position = target ? (freeSlots(target, model)[0] ?? null) : null;
    if (position === null) return { kind: 'screen-full' };
  }
  if (model.menuLayout === 'list' && to.screenId === from.screenId) {
    const source = findContainer(tree, from.screenId);
    position = Math.min(position, source ? buttonsOf(source).length : position);
  }
  if (to.screenId === from.screenId && position === from.position) return { kind: 'none' };
  return { kind: 'move', screenId: to.screenId, position };
}
