/** The editor's operations: each returns a new tree (the one given is never changed) or throws a MenuError. */

import { said } from '../../i18n/said';
import { BUTTON_COLOR_NAMES, type ButtonColor } from '../catalog';
import { categoryNameIssue } from '../category';
import { ICON_CATEGORY_DEFAULT, isIconName } from '../icons';
import type { OvenModel } from '../oven-models';
import { MenuError, type MenuSubject } from './errors';
import { mapMenu } from './map';
import { buttonsOf, type Container, categoryCount, findButton, findCategory, findContainer } from './queries';
import { capacityOf } from './slots';
import {
  DEFAULT_CATEGORY_BUTTON_COLOR,
  DEFAULT_RECIPE_BUTTON_COLOR,
  type MenuButton,
  type MenuRecipe,
  type MenuTree,
} from './tree';

const clone = (tree: MenuTree): MenuTree => mapMenu(tree);

function containerIn(tree: MenuTree, screenId: number, subject: MenuSubject = 'screen'): Container {
  const c = findContainer(tree, screenId);
  if (!c) throw new MenuError(subject, said('ruleMessages.notOvenScreen'), true);
  return c;
}

function sortByPosition(buttons: MenuButton[]): void {
  buttons.sort((a, b) => a.position - b.position);
}

/** List ovens keep no gaps: positions count 1, 2, 3 after every change. */
function renumber(buttons: MenuButton[]): void {
  buttons.forEach((b, i) => {
    b.position = i + 1;
  });
}

function checkSlot(c: Container, model: OvenModel, position: number, subject: MenuSubject): void {
  const max = capacityOf(c, model);
  if (!Number.isInteger(position) || position < 1 || position > max) {
    throw new MenuError(
      subject,
      c.kind === 'main'
        ? said('ruleMessages.slotsMain', { type: model.type, max })
        : model.menuLayout === 'list'
          ? said('ruleMessages.slotsList', { type: model.type, max })
          : said('ruleMessages.slotsPage', { max }),
    );
  }
}

/** Puts `button` at `position` of container `c` (grid: an empty slot; list: inserted, later ones move down). */
function insertAt(
  c: Container,
  model: OvenModel,
  button: MenuButton,
  position: number,
  subject: MenuSubject,
): void {
  const buttons = buttonsOf(c);
  if (buttons.length >= capacityOf(c, model)) {
    throw new MenuError(
      subject,
      c.kind === 'main'
        ? said('ruleMessages.screenFull', { n: capacityOf(c, model) })
        : model.menuLayout === 'list'
          ? said('ruleMessages.categoryFull', { n: capacityOf(c, model) })
          : said('ruleMessages.pageFull', { n: capacityOf(c, model) }),
    );
  }
  if (c.kind === 'page' && button.kind === 'category')
    throw new MenuError(subject, said('ruleMessages.categoryInCategory'));
  if (model.menuLayout === 'list') {
    const at = Math.min(Math.max(1, position), buttons.length + 1);
    buttons.splice(at - 1, 0, button);
    renumber(buttons);
    return;
  }
  checkSlot(c, model, position, subject);
  if (buttons.some((b) => b.position === position))
    throw new MenuError(subject, said('ruleMessages.slotTaken', { n: position }));
  button.position = position;
  buttons.push(button);
  sortByPosition(buttons);
}

/** Adds a main screen at the end (spec §2.7: only below the model's maximum; never on MiLO/MiSA). */
export function addScreen(tree: MenuTree, model: OvenModel): MenuTree {
  if (tree.screens.length >= model.maxScreens) {
    throw new MenuError(
      'screens',
      model.maxScreens === 1
        ? said('ruleMessages.oneMainScreen', { type: model.type })
        : said('ruleMessages.maxScreens', { type: model.type, max: model.maxScreens }),
    );
  }
  const next = clone(tree);
  next.screens.push({ id: null, buttons: [] });
  return next;
}

/** Adds a page at the end of a category (spec §2.7: below 22 pages; never on MiLO/MiSA). */
export function addPage(tree: MenuTree, model: OvenModel, categoryId: number): MenuTree {
  const next = clone(tree);
  const owner = findCategory(next, categoryId);
  if (!owner) throw new MenuError('category', said('ruleMessages.notOvenCategory'), true);
  if (owner.category.pages.length >= model.maxPagesPerCategory) {
    throw new MenuError(
      'category',
      model.maxPagesPerCategory === 1
        ? said('ruleMessages.oneList', { type: model.type })
        : said('ruleMessages.maxPages', { max: model.maxPagesPerCategory }),
    );
  }
  owner.category.pages.push({ id: null, buttons: [] });
  return next;
}

/**
 * Deletes a main screen (with its buttons and their categories) or a category page (with its buttons). An oven keeps
 * at least one screen and a category at least one page (spec §2.7: Delete Screen / Delete Page above one).
 */
export function deleteScreen(tree: MenuTree, screenId: number): MenuTree {
  const next = clone(tree);
  const c = containerIn(next, screenId);
  if (c.kind === 'main') {
    if (next.screens.length <= 1) throw new MenuError('screen', said('ruleMessages.keepScreen'));
    next.screens.splice(c.screenIndex, 1);
  } else {
    if (c.category.pages.length <= 1) throw new MenuError('screen', said('ruleMessages.keepPage'));
    c.category.pages.splice(c.pageIndex, 1);
  }
  return next;
}

export interface ButtonStyle {
  icon?: string;
  color?: ButtonColor;
  favorite?: boolean;
}

/** Puts a recipe on a screen or page (grid: into an empty slot; list: at that place in the list). */
export function placeRecipe(
  tree: MenuTree,
  model: OvenModel,
  screenId: number,
  position: number,
  recipe: MenuRecipe,
  style: ButtonStyle = {},
): MenuTree {
  if (recipe.ovenType !== model.type) {
    throw new MenuError(
      'recipe',
      said('ruleMessages.wrongType', { name: recipe.name, recipeType: recipe.ovenType, type: model.type }),
    );
  }
  const next = clone(tree);
  const c = containerIn(next, screenId);
  insertAt(
    c,
    model,
    {
      id: null,
      kind: 'recipe',
      position,
      recipe,
      icon: style.icon ?? 'ICON_RECIPE_DEFAULT',
      color: style.color ?? DEFAULT_RECIPE_BUTTON_COLOR,
      favorite: style.favorite ?? false,
    },
    position,
    'slot',
  );
  return next;
}

/** Creates a category on a main screen slot, with one empty page (spec §2.7 inline create). */
export function createCategory(
  tree: MenuTree,
  model: OvenModel,
  screenId: number,
  position: number,
  name: string,
): MenuTree {
  const issue = categoryNameIssue(name);
  if (issue) throw new MenuError('name', issue);
  if (categoryCount(tree) >= model.maxCategories)
    throw new MenuError(
      'name',
      said('ruleMessages.maxCategories', { type: model.type, max: model.maxCategories }),
    );
  const next = clone(tree);
  const c = containerIn(next, screenId);
  if (c.kind !== 'main') throw new MenuError('screen', said('ruleMessages.categoriesOnMain'));
  insertAt(
    c,
    model,
    {
      id: null,
      kind: 'category',
      position,
      icon: ICON_CATEGORY_DEFAULT,
      color: DEFAULT_CATEGORY_BUTTON_COLOR,
      favorite: false,
      category: {
        id: null,
        name: name.trim(),
        icon: ICON_CATEGORY_DEFAULT,
        pages: [{ id: null, buttons: [] }],
      },
    },
    position,
    'slot',
  );
  return next;
}

export function updateCategory(
  tree: MenuTree,
  categoryId: number,
  patch: { name?: string; icon?: string },
): MenuTree {
  const next = clone(tree);
  const owner = findCategory(next, categoryId);
  if (!owner) throw new MenuError('category', said('ruleMessages.notOvenCategory'), true);
  if (patch.name !== undefined) {
    const issue = categoryNameIssue(patch.name);
    if (issue) throw new MenuError('name', issue);
    owner.category.name = patch.name.trim();
  }
  if (patch.icon !== undefined) {
    if (!isIconName(patch.icon)) throw new MenuError('icon', said('ruleMessages.chooseIcon'));
    // The category's picture is also its button's: the two never disagree.
    owner.category.icon = patch.icon;
    owner.icon = patch.icon;
  }
  return next;
}

/** One change to a button: its recipe, icon, colour or favourite star (spec §7 PUT /api/buttons/{id}). */
export function updateButton(
  tree: MenuTree,
  model: OvenModel,
  buttonId: number,
  patch: ButtonStyle & { recipe?: MenuRecipe },
): MenuTree {
  const next = clone(tree);
  const found = findButton(next, buttonId);
  if (!found) throw new MenuError('button', said('ruleMessages.notOvenButton'), true);
  const { button } = found;
  if (patch.icon !== undefined) {
    if (!isIconName(patch.icon)) throw new MenuError('icon', said('ruleMessages.chooseIcon'));
    button.icon = patch.icon;
    if (button.kind === 'category') button.category.icon = patch.icon;
  }
  if (patch.color !== undefined) {
    if (!(BUTTON_COLOR_NAMES as readonly string[]).includes(patch.color))
      throw new MenuError('color', said('ruleMessages.chooseColor', { list: BUTTON_COLOR_NAMES.join(', ') }));
    button.color = patch.color;
  }
  if (patch.favorite !== undefined) {
    if (button.kind !== 'recipe') throw new MenuError('favorite', said('ruleMessages.favouritesRecipes'));
    button.favorite = patch.favorite;
  }
  if (patch.recipe !== undefined) {
    if (button.kind !== 'recipe') throw new MenuError('recipe', said('ruleMessages.categoryButtonOpens'));
    if (patch.recipe.ovenType !== model.type) {
      throw new MenuError(
        'recipe',
        said('ruleMessages.wrongType', {
          name: patch.recipe.name,
          recipeType: patch.recipe.ovenType,
          type: model.type,
        }),
      );
    }
    button.recipe = patch.recipe;
  }
  return next;
}

/**
 * The trash icon (spec §4): on a list oven the button leaves the list and the ones after it move up; on a grid oven
 * its slot is emptied. A category button takes its category, pages and their buttons with it.
 */
export function removeButton(tree: MenuTree, model: OvenModel, buttonId: number): MenuTree {
  const next = clone(tree);
  const found = findButton(next, buttonId);
  if (!found) throw new MenuError('button', said('ruleMessages.notOvenButton'), true);
  const buttons = buttonsOf(found.container);
  buttons.splice(buttons.indexOf(found.button), 1);
  if (model.menuLayout === 'list') renumber(buttons);
  return next;
}

/**
 * Drag and drop (spec §7 PUT /api/ovens/button-position): the button at `from` goes to `to`, on the same or another
 * screen or page. Grid ovens: into an empty slot, or the two buttons change places. List ovens: the list closes up
 * where the button left and opens where it lands.
 */
export function moveButton(
  tree: MenuTree,
  model: OvenModel,
  from: { screenId: number; position: number },
  to: { screenId: number; position: number },
): MenuTree {
  const next = clone(tree);
  const source = containerIn(next, from.screenId);
  const target = to.screenId === from.screenId ? source : containerIn(next, to.screenId, 'target-screen');
  const sourceButtons = buttonsOf(source);
  const button = sourceButtons.find((b) => b.position === from.position);
  if (!button) throw new MenuError('source-slot', said('ruleMessages.noButtonIn', { n: from.position }));
  if (target.kind === 'page' && button.kind === 'category')
    throw new MenuError('target-screen', said('ruleMessages.categoryInCategory'));

  if (model.menuLayout === 'list') {
    const targetButtons = buttonsOf(target);
    const max = target === source ? sourceButtons.length : targetButtons.length + 1;
    if (!Number.isInteger(to.position) || to.position < 1 || to.position > max)
      throw new MenuError('target-slot', said('ruleMessages.newPosition', { max }));
    if (target !== source && targetButtons.length >= capacityOf(target, model))
      throw new MenuError('target-screen', said('ruleMessages.listFull', { n: capacityOf(target, model) }));
    sourceButtons.splice(sourceButtons.indexOf(button), 1);
    targetButtons.splice(to.position - 1, 0, button);
    renumber(sourceButtons);
    if (target !== source) renumber(targetButtons);
    return next;
  }

  checkSlot(target, model, to.position, 'target-slot');
  if (target === source && to.position === from.position) return next;
  const targetButtons = buttonsOf(target);
  const occupant = targetButtons.find((b) => b.position === to.position);
  if (occupant) {
    if (source.kind === 'page' && occupant.kind === 'category')
      throw new MenuError('target-slot', said('ruleMessages.categoryInCategory'));
    // The two change places.
    occupant.position = from.position;
    if (target !== source) {
      targetButtons.splice(targetButtons.indexOf(occupant), 1);
      sourceButtons.push(occupant);
    }
  }
  button.position = to.position;
  if (target !== source) {
    sourceButtons.splice(sourceButtons.indexOf(button), 1);
    targetButtons.push(button);
  }
  sortByPosition(sourceButtons);
  sortByPosition(targetButtons);
  return next;
}
