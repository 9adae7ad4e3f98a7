/**
 * An oven's touch-screen menu (spec §2.7, §3 screen, button, category; §9 limits) as one tree, with the pure
 * operations the editor performs and the one check of every menu rule. The editor applies these to show a change at
 * once, the server applies them again inside its transaction and re-checks the result, and the settings-file codec
 * reads and writes the same tree: a rule exists once.
 *
 * Grid ovens (Conveyor, Matchbox, M360, Shuttle): up to 8 main screens of 8 slots; a category has 1–22 pages of 8
 * slots; slots may be empty. List ovens (MiLO, MiSA): one main screen of up to 32 buttons and, per category, one list
 * of up to 1,024 recipes, with no gaps; the oven shows them 6 at a time.
 */
import { BUTTON_COLOR_NAMES, type ButtonColor } from './catalog';
import { categoryNameIssue } from './category';
import { ICON_CATEGORY_DEFAULT, type IconName, isIconName } from './icons';
import type { Issue } from './issues';
import type { OvenModel } from './oven-models';

export interface MenuRecipe {
  id: number;
  name: string;
  ovenType: string;
}

interface ButtonBase {
  /** null until the button is saved. */
  id: number | null;
  /** 1-based slot on its screen or page. */
  position: number;
  icon: string;
  color: ButtonColor;
  favorite: boolean;
}

export interface RecipeButton extends ButtonBase {
  kind: 'recipe';
  recipe: MenuRecipe;
}

export interface CategoryButton extends ButtonBase {
  kind: 'category';
  /** A category belongs to the one button that opens it: it moves and goes with it. */
  category: MenuCategory;
}

export type MenuButton = RecipeButton | CategoryButton;

export interface MenuPage {
  id: number | null;
  /** Recipe buttons only, by increasing position. */
  buttons: RecipeButton[];
}

export interface MenuCategory {
  id: number | null;
  name: string;
  icon: string;
  pages: MenuPage[];
}

export interface MenuScreen {
  id: number | null;
  /** By increasing position. */
  buttons: MenuButton[];
}

export interface MenuTree {
  /** Main screens in order (screen N is index N - 1). */
  screens: MenuScreen[];
}

/** A rule an operation would break, with the field of the request it concerns and the words to show. */
export class MenuError extends Error {
  constructor(
    readonly field: string,
    message: string,
    /** The thing named is not on this oven's menu at all (the server answers 404, not 422). */
    readonly missing = false,
  ) {
    super(message);
  }
}

export const DEFAULT_RECIPE_BUTTON_COLOR: ButtonColor = 'ORANGE_900';
export const DEFAULT_CATEGORY_BUTTON_COLOR: ButtonColor = 'GREY_600';

/* ---------- Capacities ---------- */

/** Slots on a main screen. */
export const mainCapacity = (model: OvenModel) => model.buttonsPerMainScreen;
/** Slots on a category page (a list oven's category is one long page). */
export const pageCapacity = (model: OvenModel) =>
  model.menuLayout === 'list' ? model.maxRecipesPerCategory : model.buttonsPerScreen;
/** Buttons the oven shows at once (a list oven shows its lists a screenful at a time). */
export const shownPerScreen = (model: OvenModel) => model.buttonsPerScreen;

export function emptyMenu(): MenuTree {
  return { screens: [{ id: null, buttons: [] }] };
}

/* ---------- Finding things ---------- */

/** Where a screen id points: a main screen, or a page inside a category. */
export type Container =
  | { kind: 'main'; screen: MenuScreen; screenIndex: number }
  | {
      kind: 'page';
      page: MenuPage;
      pageIndex: number;
      category: MenuCategory;
      owner: CategoryButton;
      screenIndex: number;
    };

export function findContainer(tree: MenuTree, screenId: number): Container | null {
  for (let i = 0; i < tree.screens.length; i++) {
    const screen = tree.screens[i]!;
    if (screen.id === screenId) return { kind: 'main', screen, screenIndex: i };
    for (const button of screen.buttons) {
      if (button.kind !== 'category') continue;
      const pages = button.category.pages;
      for (let p = 0; p < pages.length; p++) {
        if (pages[p]!.id === screenId)
          return {
            kind: 'page',
            page: pages[p]!,
            pageIndex: p,
            category: button.category,
            owner: button,
            screenIndex: i,
          };
      }
    }
  }
  return null;
}

/**
 * A screen or page in a manager's words: "Screen 2", "Pizza, page 3" on a grid oven, "Pizza" on a list oven
 * (whose category has one long page).
 */
export function containerLabel(c: Container, layout: 'grid' | 'list'): string {
  if (c.kind === 'main') return `Screen ${c.screenIndex + 1}`;
  return layout === 'grid' ? `${c.category.name}, page ${c.pageIndex + 1}` : c.category.name;
}

/** A button in a manager's words: the recipe's name, or "category Sides". */
export const buttonLabel = (b: MenuButton): string =>
  b.kind === 'recipe' ? b.recipe.name : `category ${b.category.name}`;

function buttonsOf(c: Container): MenuButton[] {
  return c.kind === 'main' ? c.screen.buttons : c.page.buttons;
}

export function capacityOf(c: Container, model: OvenModel): number {
  return c.kind === 'main' ? mainCapacity(model) : pageCapacity(model);
}

/** A button and where it sits. */
export function findButton(
  tree: MenuTree,
  buttonId: number,
): { button: MenuButton; container: Container } | null {
  for (const c of containers(tree)) {
    const button = buttonsOf(c).find((b) => b.id === buttonId);
    if (button) return { button, container: c };
  }
  return null;
}

export function findCategory(tree: MenuTree, categoryId: number): CategoryButton | null {
  for (const screen of tree.screens)
    for (const b of screen.buttons) if (b.kind === 'category' && b.category.id === categoryId) return b;
  return null;
}

/** Every main screen and page, main screens first within each screen. */
export function containers(tree: MenuTree): Container[] {
  const out: Container[] = [];
  tree.screens.forEach((screen, i) => {
    out.push({ kind: 'main', screen, screenIndex: i });
    for (const b of screen.buttons) {
      if (b.kind !== 'category') continue;
      b.category.pages.forEach((page, p) => {
        out.push({ kind: 'page', page, pageIndex: p, category: b.category, owner: b, screenIndex: i });
      });
    }
  });
  return out;
}

export function categoryCount(tree: MenuTree): number {
  return tree.screens.reduce((n, s) => n + s.buttons.filter((b) => b.kind === 'category').length, 0);
}

/** Every recipe button of the menu, in screen order (main screens' and categories' pages'). */
export function recipeButtons(tree: MenuTree): RecipeButton[] {
  const out: RecipeButton[] = [];
  for (const c of containers(tree)) for (const b of buttonsOf(c)) if (b.kind === 'recipe') out.push(b);
  return out;
}

/** Every recipe the menu uses, once each. */
export function menuRecipeIds(tree: MenuTree): number[] {
  return [...new Set(recipeButtons(tree).map((b) => b.recipe.id))];
}

/* ---------- Operations (each returns a new tree; the one given is never changed) ---------- */

/** The kinds of node a menu's rows are, as the tables name them. */
export type MenuNodeKind = 'screens' | 'categories' | 'buttons';

/**
 * A new tree of the same shape (the one given is not changed): each node's id passed through `id`, each recipe
 * button through `recipe`. Written by hand: a full oven has 11,000 buttons and editing copies it on every change.
 */
export function mapMenu(
  tree: MenuTree,
  f: {
    id?: (kind: MenuNodeKind, id: number | null) => number | null;
    recipe?: (button: RecipeButton) => RecipeButton;
  } = {},
): MenuTree {
  const id = f.id ?? ((_kind, same) => same);
  const recipe = (b: RecipeButton): RecipeButton => {
    const copy = { ...b, id: id('buttons', b.id) };
    return f.recipe ? f.recipe(copy) : copy;
  };
  const button = (b: MenuButton): MenuButton =>
    b.kind === 'recipe'
      ? recipe(b)
      : {
          ...b,
          id: id('buttons', b.id),
          category: {
            ...b.category,
            id: id('categories', b.category.id),
            pages: b.category.pages.map((p) => ({ id: id('screens', p.id), buttons: p.buttons.map(recipe) })),
          },
        };
  return { screens: tree.screens.map((s) => ({ id: id('screens', s.id), buttons: s.buttons.map(button) })) };
}

/** A copy an operation may change (the tree it was given stays as it was); recipe references are shared. */
const clone = (tree: MenuTree): MenuTree => mapMenu(tree);

function containerIn(tree: MenuTree, screenId: number, field = 'screen_id'): Container {
  const c = findContainer(tree, screenId);
  if (!c) throw new MenuError(field, 'This screen is not part of the oven.', true);
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

function checkSlot(c: Container, model: OvenModel, position: number, field: string): void {
  const max = capacityOf(c, model);
  if (!Number.isInteger(position) || position < 1 || position > max) {
    throw new MenuError(
      field,
      c.kind === 'main'
        ? `A main screen of a ${model.type} has slots 1 to ${max}.`
        : model.menuLayout === 'list'
          ? `A ${model.type} category holds at most ${max} recipes.`
          : `A page has slots 1 to ${max}.`,
    );
  }
}

/** Puts `button` at `position` of container `c` (grid: an empty slot; list: inserted, later ones move down). */
function insertAt(c: Container, model: OvenModel, button: MenuButton, position: number, field: string): void {
  const buttons = buttonsOf(c);
  if (buttons.length >= capacityOf(c, model)) {
    throw new MenuError(
      field,
      c.kind === 'main'
        ? `This screen is full: it holds ${capacityOf(c, model)} buttons.`
        : model.menuLayout === 'list'
          ? `This category is full: it holds ${capacityOf(c, model)} recipes.`
          : `This page is full: it holds ${capacityOf(c, model)} buttons.`,
    );
  }
  if (c.kind === 'page' && button.kind === 'category')
    throw new MenuError(field, 'A category cannot go inside another category.');
  if (model.menuLayout === 'list') {
    const at = Math.min(Math.max(1, position), buttons.length + 1);
    buttons.splice(at - 1, 0, button);
    renumber(buttons);
    return;
  }
  checkSlot(c, model, position, field);
  if (buttons.some((b) => b.position === position)) throw new MenuError(field, `Slot ${position} is taken.`);
  button.position = position;
  buttons.push(button);
  sortByPosition(buttons);
}

/** Adds a main screen at the end (spec §2.7: only below the model's maximum; never on MiLO/MiSA). */
export function addScreen(tree: MenuTree, model: OvenModel): MenuTree {
  if (tree.screens.length >= model.maxScreens) {
    throw new MenuError(
      'type',
      model.maxScreens === 1
        ? `A ${model.type} has one main screen.`
        : `A ${model.type} has at most ${model.maxScreens} screens.`,
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
  if (!owner) throw new MenuError('category_id', 'This category is not part of the oven.', true);
  if (owner.category.pages.length >= model.maxPagesPerCategory) {
    throw new MenuError(
      'category_id',
      model.maxPagesPerCategory === 1
        ? `A ${model.type} category is one list: it has no pages to add.`
        : `A category has at most ${model.maxPagesPerCategory} pages.`,
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
  const c = containerIn(next, screenId, 'id');
  if (c.kind === 'main') {
    if (next.screens.length <= 1) throw new MenuError('id', 'An oven keeps at least one screen.');
    next.screens.splice(c.screenIndex, 1);
  } else {
    if (c.category.pages.length <= 1) throw new MenuError('id', 'A category keeps at least one page.');
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
      'buttonable_id',
      `"${recipe.name}" is a ${recipe.ovenType} recipe; this oven is a ${model.type}.`,
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
    'position',
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
    throw new MenuError('name', `A ${model.type} has at most ${model.maxCategories} categories.`);
  const next = clone(tree);
  const c = containerIn(next, screenId);
  if (c.kind !== 'main') throw new MenuError('screen_id', 'Categories go on a main screen.');
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
    'position',
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
  if (!owner) throw new MenuError('id', 'This category is not part of the oven.', true);
  if (patch.name !== undefined) {
    const issue = categoryNameIssue(patch.name);
    if (issue) throw new MenuError('name', issue);
    owner.category.name = patch.name.trim();
  }
  if (patch.icon !== undefined) {
    if (!isIconName(patch.icon)) throw new MenuError('icon', 'Choose one of the icons.');
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
  if (!found) throw new MenuError('id', 'This button is not part of the oven.', true);
  const { button } = found;
  if (patch.icon !== undefined) {
    if (!isIconName(patch.icon)) throw new MenuError('icon', 'Choose one of the icons.');
    button.icon = patch.icon;
    if (button.kind === 'category') button.category.icon = patch.icon;
  }
  if (patch.color !== undefined) {
    if (!(BUTTON_COLOR_NAMES as readonly string[]).includes(patch.color))
      throw new MenuError('background_color', `Choose one of ${BUTTON_COLOR_NAMES.join(', ')}.`);
    button.color = patch.color;
  }
  if (patch.favorite !== undefined) {
    if (button.kind !== 'recipe') throw new MenuError('is_favorite', 'Only recipes can be favourites.');
    button.favorite = patch.favorite;
  }
  if (patch.recipe !== undefined) {
    if (button.kind !== 'recipe')
      throw new MenuError('buttonable_id', 'A category button opens its category.');
    if (patch.recipe.ovenType !== model.type) {
      throw new MenuError(
        'buttonable_id',
        `"${patch.recipe.name}" is a ${patch.recipe.ovenType} recipe; this oven is a ${model.type}.`,
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
  if (!found) throw new MenuError('id', 'This button is not part of the oven.', true);
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
  const target = to.screenId === from.screenId ? source : containerIn(next, to.screenId, 'new_screen_id');
  const sourceButtons = buttonsOf(source);
  const button = sourceButtons.find((b) => b.position === from.position);
  if (!button) throw new MenuError('current_position', `There is no button in slot ${from.position}.`);
  if (target.kind === 'page' && button.kind === 'category')
    throw new MenuError('new_screen_id', 'A category cannot go inside another category.');

  if (model.menuLayout === 'list') {
    const targetButtons = buttonsOf(target);
    const max = target === source ? sourceButtons.length : targetButtons.length + 1;
    if (!Number.isInteger(to.position) || to.position < 1 || to.position > max)
      throw new MenuError('new_position', `The new position must be from 1 to ${max}.`);
    if (target !== source && targetButtons.length >= capacityOf(target, model))
      throw new MenuError(
        'new_screen_id',
        `That list is full: it holds ${capacityOf(target, model)} buttons.`,
      );
    sourceButtons.splice(sourceButtons.indexOf(button), 1);
    targetButtons.splice(to.position - 1, 0, button);
    renumber(sourceButtons);
    if (target !== source) renumber(targetButtons);
    return next;
  }

  checkSlot(target, model, to.position, 'new_position');
  if (target === source && to.position === from.position) return next;
  const targetButtons = buttonsOf(target);
  const occupant = targetButtons.find((b) => b.position === to.position);
  if (occupant) {
    if (source.kind === 'page' && occupant.kind === 'category')
      throw new MenuError('new_position', 'A category cannot go inside another category.');
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

/* ---------- Every rule at once ---------- */

const COLOR_SET = new Set<string>(BUTTON_COLOR_NAMES);

function buttonIssues(
  issues: Issue[],
  buttons: MenuButton[],
  path: (string | number)[],
  capacity: number,
  model: OvenModel,
  where: string,
): void {
  // Runs for every button of a 32,768-button file: paths are built only for a problem.
  const list = model.menuLayout === 'list';
  let previous = 0;
  for (let j = 0; j < buttons.length; j++) {
    const b = buttons[j]!;
    const p = b.position;
    if (!Number.isInteger(p) || p < 1 || p > capacity)
      issues.push({
        path: [...path, 'buttons', j, 'position'],
        message: `A button on ${where} must be in position 1 to ${capacity}.`,
      });
    else if (j > 0 && p <= previous)
      issues.push({
        path: [...path, 'buttons', j, 'position'],
        message: `Buttons on ${where} must be listed by increasing position, each once.`,
      });
    else if (list && p !== j + 1)
      issues.push({
        path: [...path, 'buttons', j, 'position'],
        message: `The buttons on ${where} must follow each other with no gap.`,
      });
    previous = p;
    if (!isIconName(b.icon))
      issues.push({ path: [...path, 'buttons', j, 'icon'], message: `Unknown icon "${b.icon}".` });
    if (!COLOR_SET.has(b.color))
      issues.push({
        path: [...path, 'buttons', j, 'color'],
        message: `Choose one of ${BUTTON_COLOR_NAMES.join(', ')}.`,
      });
    if (b.kind === 'recipe' && b.recipe.ovenType !== model.type)
      issues.push({
        path: [...path, 'buttons', j, 'recipe'],
        message: `"${b.recipe.name}" is a ${b.recipe.ovenType} recipe; this oven is a ${model.type}.`,
      });
  }
}

/**
 * Every menu rule of the model, each problem with its path (`screens.0.buttons.3.position`,
 * `screens.0.buttons.2.category.pages.1.buttons.0.recipe`) and message. Empty means valid.
 */
export function menuIssues(tree: MenuTree, model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  if (tree.screens.length < 1)
    issues.push({ path: ['screens'], message: 'An oven needs at least one screen.' });
  if (tree.screens.length > model.maxScreens) {
    issues.push({
      path: ['screens'],
      message: `${model.type} ovens have at most ${model.maxScreens} screen${model.maxScreens === 1 ? '' : 's'}.`,
    });
  }
  let categories = 0;
  tree.screens.forEach((screen, i) => {
    buttonIssues(issues, screen.buttons, ['screens', i], mainCapacity(model), model, `screen ${i + 1}`);
    screen.buttons.forEach((b, j) => {
      if (b.kind !== 'category') return;
      categories += 1;
      const c = b.category;
      const at = ['screens', i, 'buttons', j, 'category'];
      const label = `category "${c.name}"`;
      const nameIssue = categoryNameIssue(c.name);
      if (nameIssue) issues.push({ path: [...at, 'name'], message: nameIssue });
      if (!isIconName(c.icon)) issues.push({ path: [...at, 'icon'], message: `Unknown icon "${c.icon}".` });
      if (c.pages.length < 1)
        issues.push({ path: [...at, 'pages'], message: 'A category needs at least one page.' });
      if (c.pages.length > model.maxPagesPerCategory) {
        issues.push({
          path: [...at, 'pages'],
          message: `A category has at most ${model.maxPagesPerCategory} page${model.maxPagesPerCategory === 1 ? '' : 's'} on ${model.type}.`,
        });
      }
      c.pages.forEach((page, p) => {
        const where = model.menuLayout === 'list' ? label : `${label}, page ${p + 1}`;
        buttonIssues(issues, page.buttons, [...at, 'pages', p], pageCapacity(model), model, where);
        for (let k = 0; k < page.buttons.length; k++) {
          if ((page.buttons[k] as MenuButton).kind !== 'recipe')
            issues.push({
              path: [...at, 'pages', p, 'buttons', k],
              message: 'A category page holds recipes only.',
            });
        }
      });
    });
  });
  if (categories > model.maxCategories) {
    issues.push({
      path: ['categories'],
      message: `${model.type} ovens have at most ${model.maxCategories} categories.`,
    });
  }
  return issues;
}

/** The model's screen-editor controls (spec §2.7): none of them on MiLO/MiSA. */
export function editorControls(
  tree: MenuTree,
  model: OvenModel,
  view: { screenId: number },
): { addPage: boolean; deletePage: boolean; deleteScreen: boolean; addScreen: boolean } {
  if (model.menuLayout === 'list')
    return { addPage: false, deletePage: false, deleteScreen: false, addScreen: false };
  const c = findContainer(tree, view.screenId);
  const onPage = c?.kind === 'page';
  const pages = onPage ? c.category.pages.length : 0;
  return {
    addPage: onPage && pages < model.maxPagesPerCategory,
    deletePage: onPage && pages > 1,
    deleteScreen: !onPage && tree.screens.length > 1,
    addScreen: !onPage && tree.screens.length < model.maxScreens,
  };
}

export type { IconName };

/** Every button of the menu: main screens' and categories' pages'. */
export function buttonCount(tree: MenuTree): number {
  let n = 0;
  for (const c of containers(tree)) n += (c.kind === 'main' ? c.screen.buttons : c.page.buttons).length;
  return n;
}
