import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/english';
import { ovenModel } from '../oven-models';
import {
  addPage,
  addScreen,
  buttonLabel,
  type CategoryButton,
  containerLabel,
  containers,
  createCategory,
  deleteScreen,
  editorControls,
  emptyMenu,
  landingInCategory,
  MenuError,
  type MenuRecipe,
  type MenuTree,
  menuIssues,
  moveButton,
  moveLandings,
  placeLabel,
  placeRecipe,
  removeButton,
  updateButton,
  updateCategory,
} from './index';

const matchbox = ovenModel('Matchbox 1718/1313');
const milo = ovenModel('MiLO/Double MiLO');
const misa = ovenModel('MiSA');
const conveyor = ovenModel('Conveyor 2600/2000/1400');

let nextId = 1000;
/** Gives every unsaved node an id, as saving would. */
function saved(tree: MenuTree): MenuTree {
  for (const screen of tree.screens) {
    screen.id ??= nextId++;
    for (const b of screen.buttons) {
      b.id ??= nextId++;
      if (b.kind === 'category') {
        b.category.id ??= nextId++;
        for (const page of b.category.pages) {
          page.id ??= nextId++;
          for (const pb of page.buttons) pb.id ??= nextId++;
        }
      }
    }
  }
  return tree;
}

const recipe = (id: number, ovenType = 'Matchbox 1718/1313'): MenuRecipe => ({
  id,
  name: `Recipe ${id}`,
  ovenType,
});
const positions = (tree: MenuTree, screen = 0) => tree.screens[screen]!.buttons.map((b) => b.position);
const names = (buttons: { kind: string; recipe?: MenuRecipe; category?: { name: string } }[]) =>
  buttons.map((b) => (b.kind === 'recipe' ? b.recipe!.name : b.category!.name));
const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof MenuError) return `${e.subject}: ${english(e.said)}`;
    throw e;
  }
  return 'no error';
};

function categoryOf(tree: MenuTree, screen = 0, index = 0): CategoryButton {
  return tree.screens[screen]!.buttons.filter((b) => b.kind === 'category')[index] as CategoryButton;
}

describe('screens and pages (spec §2.7, §9)', () => {
  it('a grid oven has up to 8 screens; a MiLO or MiSA has one', () => {
    let tree = saved(emptyMenu());
    for (let i = 1; i < 8; i++) tree = saved(addScreen(tree, matchbox));
    expect(tree.screens).toHaveLength(8);
    expect(message(() => addScreen(tree, matchbox))).toBe(
      'screens: A Matchbox 1718/1313 has at most 8 screens.',
    );
    expect(message(() => addScreen(saved(emptyMenu()), milo))).toBe(
      'screens: A MiLO/Double MiLO has one main screen.',
    );
  });

  it('a grid category has up to 22 pages; a list category is one list', () => {
    let tree = saved(createCategory(saved({ screens: [{ id: 1, buttons: [] }] }), matchbox, 1, 1, 'Sides'));
    const categoryId = categoryOf(tree).category.id!;
    for (let i = 1; i < 22; i++) tree = saved(addPage(tree, matchbox, categoryId));
    expect(categoryOf(tree).category.pages).toHaveLength(22);
    expect(message(() => addPage(tree, matchbox, categoryId))).toBe(
      'category: A category has at most 22 pages.',
    );
    const list = saved(createCategory(saved({ screens: [{ id: 1, buttons: [] }] }), milo, 1, 1, 'Pizza'));
    expect(message(() => addPage(list, milo, categoryOf(list).category.id!))).toBe(
      'category: A MiLO/Double MiLO category is one list: it has no pages to add.',
    );
  });

  it('keeps at least one screen, and one page per category', () => {
    const tree = saved({ screens: [{ id: 1, buttons: [] }] });
    expect(message(() => deleteScreen(tree, 1))).toBe('screen: An oven keeps at least one screen.');
    const withCategory = saved(createCategory(tree, matchbox, 1, 3, 'Sides'));
    const pageId = categoryOf(withCategory).category.pages[0]!.id!;
    expect(message(() => deleteScreen(withCategory, pageId))).toBe(
      'screen: A category keeps at least one page.',
    );
  });

  it('deleting a screen takes its buttons and their categories with it', () => {
    let tree = saved(addScreen(saved({ screens: [{ id: 1, buttons: [] }] }), matchbox));
    const second = tree.screens[1]!.id!;
    tree = saved(createCategory(tree, matchbox, second, 1, 'Sides'));
    tree = saved(placeRecipe(tree, matchbox, categoryOf(tree, 1).category.pages[0]!.id!, 1, recipe(7)));
    const after = deleteScreen(tree, second);
    expect(after.screens).toHaveLength(1);
    expect(containers(after)).toHaveLength(1);
  });
});

describe('placing recipes', () => {
  const base = () => saved({ screens: [{ id: 1, buttons: [] }] });

  it('a grid oven fills an empty slot and refuses a taken one', () => {
    const tree = saved(placeRecipe(base(), matchbox, 1, 5, recipe(1)));
    expect(positions(tree)).toEqual([5]);
    expect(message(() => placeRecipe(tree, matchbox, 1, 5, recipe(2)))).toBe('slot: Slot 5 is taken.');
    expect(message(() => placeRecipe(tree, matchbox, 1, 9, recipe(2)))).toBe(
      'slot: A main screen of a Matchbox 1718/1313 has slots 1 to 8.',
    );
  });

  it('a list oven inserts and closes gaps', () => {
    let tree = base();
    for (const id of [1, 2, 3]) tree = saved(placeRecipe(tree, milo, 1, 99, recipe(id, milo.type)));
    expect(positions(tree)).toEqual([1, 2, 3]);
    tree = saved(placeRecipe(tree, milo, 1, 2, recipe(4, milo.type)));
    expect(names(tree.screens[0]!.buttons)).toEqual(['Recipe 1', 'Recipe 4', 'Recipe 2', 'Recipe 3']);
    expect(positions(tree)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a recipe of another oven type', () => {
    expect(message(() => placeRecipe(base(), matchbox, 1, 1, recipe(1, 'MiSA')))).toBe(
      'recipe: "Recipe 1" is a MiSA recipe; this oven is a Matchbox 1718/1313.',
    );
  });

  it('a full screen says so', () => {
    let tree = base();
    for (let p = 1; p <= 8; p++) tree = saved(placeRecipe(tree, matchbox, 1, p, recipe(p)));
    expect(message(() => placeRecipe(tree, matchbox, 1, 1, recipe(9)))).toBe(
      'slot: This screen is full: it holds 8 buttons.',
    );
  });

  it('an unknown screen is named as such', () => {
    expect(message(() => placeRecipe(base(), matchbox, 999, 1, recipe(1)))).toBe(
      'screen: This screen is not part of the oven.',
    );
  });
});

describe('categories', () => {
  const base = () => saved({ screens: [{ id: 1, buttons: [] }] });

  it('are created on a main screen with one empty page, named by the spec rule', () => {
    const tree = saved(createCategory(base(), matchbox, 1, 2, ' Sides '));
    expect(categoryOf(tree).category).toMatchObject({ name: 'Sides', pages: [{ buttons: [] }] });
    expect(message(() => createCategory(base(), matchbox, 1, 2, 'Snacks & Sides'))).toBe(
      'name: Please enter a valid category name: up to 16 letters, numbers, hyphens or spaces. "&" cannot be shown on the oven.',
    );
    const pageId = categoryOf(tree).category.pages[0]!.id!;
    expect(message(() => createCategory(tree, matchbox, pageId, 1, 'Inner'))).toBe(
      'screen: Categories go on a main screen.',
    );
  });

  it('a MiLO has at most 32', () => {
    let tree = base();
    for (let i = 1; i <= 32; i++) tree = saved(createCategory(tree, milo, 1, i, `Cat ${i}`));
    expect(message(() => createCategory(tree, milo, 1, 33, 'One more'))).toBe(
      'name: A MiLO/Double MiLO has at most 32 categories.',
    );
  });

  it('rename and picture; the button shows the same picture', () => {
    const tree = saved(createCategory(base(), matchbox, 1, 1, 'Sides'));
    const id = categoryOf(tree).category.id!;
    const after = updateCategory(tree, id, { name: 'Hot Sides', icon: 'ICON_FRIES' });
    expect(categoryOf(after).category).toMatchObject({ name: 'Hot Sides', icon: 'ICON_FRIES' });
    expect(categoryOf(after).icon).toBe('ICON_FRIES');
    expect(message(() => updateCategory(tree, id, { name: 'x'.repeat(17) }))).toMatch(/^name: /);
  });
});

describe('button changes', () => {
  const tree = saved(
    createCategory(
      saved(placeRecipe(saved({ screens: [{ id: 1, buttons: [] }] }), matchbox, 1, 1, recipe(1))),
      matchbox,
      1,
      2,
      'Sides',
    ),
  );
  const recipeButton = tree.screens[0]!.buttons[0]!.id!;
  const categoryButton = tree.screens[0]!.buttons[1]!.id!;

  it('colour, icon, favourite and recipe, one at a time', () => {
    const after = updateButton(tree, matchbox, recipeButton, { color: 'PARCHMENT' });
    expect(after.screens[0]!.buttons[0]).toMatchObject({ color: 'PARCHMENT' });
    expect(
      updateButton(tree, matchbox, recipeButton, { favorite: true }).screens[0]!.buttons[0]!.favorite,
    ).toBe(true);
    expect(message(() => updateButton(tree, matchbox, categoryButton, { favorite: true }))).toBe(
      'favorite: Only recipes can be favourites.',
    );
    expect(message(() => updateButton(tree, matchbox, recipeButton, { recipe: recipe(9, 'MiSA') }))).toMatch(
      /^recipe: "Recipe 9" is a MiSA recipe/,
    );
    expect(tree.screens[0]!.buttons[0]!.color).toBe('ORANGE_900');
  });

  it('the trash empties a grid slot and closes a list', () => {
    expect(positions(removeButton(tree, matchbox, recipeButton))).toEqual([2]);
    let list = saved({ screens: [{ id: 1, buttons: [] }] });
    for (const id of [1, 2, 3]) list = saved(placeRecipe(list, milo, 1, 99, recipe(id, milo.type)));
    const after = removeButton(list, milo, list.screens[0]!.buttons[0]!.id!);
    expect(names(after.screens[0]!.buttons)).toEqual(['Recipe 2', 'Recipe 3']);
    expect(positions(after)).toEqual([1, 2]);
  });
});

describe('moving buttons', () => {
  function grid(): MenuTree {
    let tree = saved({ screens: [{ id: 1, buttons: [] }] });
    tree = saved(addScreen(tree, matchbox));
    tree = saved(placeRecipe(tree, matchbox, 1, 1, recipe(1)));
    tree = saved(placeRecipe(tree, matchbox, 1, 2, recipe(2)));
    tree = saved(createCategory(tree, matchbox, 1, 3, 'Sides'));
    return tree;
  }

  it('into an empty slot', () => {
    const after = moveButton(grid(), matchbox, { screenId: 1, position: 1 }, { screenId: 1, position: 8 });
    expect(positions(after)).toEqual([2, 3, 8]);
  });

  it('onto a taken slot: the two change places', () => {
    const after = moveButton(grid(), matchbox, { screenId: 1, position: 1 }, { screenId: 1, position: 2 });
    expect(names(after.screens[0]!.buttons)).toEqual(['Recipe 2', 'Recipe 1', 'Sides']);
  });

  it('to another screen and into a category page', () => {
    const tree = grid();
    const screen2 = tree.screens[1]!.id!;
    const toScreen = moveButton(
      tree,
      matchbox,
      { screenId: 1, position: 1 },
      { screenId: screen2, position: 4 },
    );
    expect(positions(toScreen, 1)).toEqual([4]);
    const page = categoryOf(tree).category.pages[0]!.id!;
    const toPage = moveButton(tree, matchbox, { screenId: 1, position: 2 }, { screenId: page, position: 1 });
    expect(categoryOf(toPage).category.pages[0]!.buttons).toHaveLength(1);
    expect(
      message(() =>
        moveButton(tree, matchbox, { screenId: 1, position: 3 }, { screenId: page, position: 2 }),
      ),
    ).toBe('target-screen: A category cannot go inside another category.');
  });

  it('a category moves with its pages', () => {
    const tree = grid();
    const screen2 = tree.screens[1]!.id!;
    const after = moveButton(
      tree,
      matchbox,
      { screenId: 1, position: 3 },
      { screenId: screen2, position: 1 },
    );
    expect(categoryOf(after, 1).category.name).toBe('Sides');
    expect(menuIssues(after, matchbox)).toEqual([]);
  });

  it('a list oven reorders', () => {
    let tree = saved({ screens: [{ id: 1, buttons: [] }] });
    for (const id of [1, 2, 3, 4]) tree = saved(placeRecipe(tree, milo, 1, 99, recipe(id, milo.type)));
    const after = moveButton(tree, milo, { screenId: 1, position: 1 }, { screenId: 1, position: 3 });
    expect(names(after.screens[0]!.buttons)).toEqual(['Recipe 2', 'Recipe 3', 'Recipe 1', 'Recipe 4']);
    expect(positions(after)).toEqual([1, 2, 3, 4]);
    expect(
      message(() => moveButton(tree, milo, { screenId: 1, position: 1 }, { screenId: 1, position: 5 })),
    ).toBe('target-slot: The new position must be from 1 to 4.');
  });

  it('nothing in the slot is said plainly', () => {
    expect(
      message(() => moveButton(grid(), matchbox, { screenId: 1, position: 7 }, { screenId: 1, position: 8 })),
    ).toBe('source-slot: There is no button in slot 7.');
  });
});

describe('menuIssues (the one check of every menu rule)', () => {
  it('finds each broken rule with its path', () => {
    const bad: MenuTree = {
      screens: [
        {
          id: 1,
          buttons: [
            {
              id: 1,
              kind: 'recipe',
              position: 9,
              recipe: recipe(1, 'MiSA'),
              icon: 'ICON_NOPE',
              color: 'PINK' as never,
              favorite: false,
            },
            {
              id: 2,
              kind: 'category',
              position: 2,
              icon: 'ICON_PIZZA',
              color: 'GREY_600',
              favorite: false,
              category: { id: 1, name: 'Bad & Name', icon: 'ICON_PIZZA', pages: [] },
            },
          ],
        },
      ],
    };
    expect(menuIssues(bad, matchbox).map((i) => i.path.join('.'))).toEqual([
      'screens.0.buttons.0.position',
      'screens.0.buttons.0.icon',
      'screens.0.buttons.0.color',
      'screens.0.buttons.0.recipe',
      'screens.0.buttons.1.position',
      'screens.0.buttons.1.category.name',
      'screens.0.buttons.1.category.pages',
    ]);
  });

  it('a list oven allows no gaps', () => {
    const gap: MenuTree = {
      screens: [
        {
          id: 1,
          buttons: [
            {
              id: 1,
              kind: 'recipe',
              position: 2,
              recipe: recipe(1, misa.type),
              icon: 'ICON_PIZZA',
              color: 'ORANGE_900',
              favorite: false,
            },
          ],
        },
      ],
    };
    expect(menuIssues(gap, misa).map((i) => english(i.said))).toEqual([
      'The buttons on screen 1 must follow each other with no gap.',
    ]);
  });

  it('any sequence of editor operations leaves a valid menu', () => {
    for (const model of [matchbox, milo, conveyor]) {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.nat(40), fc.nat(40), fc.nat(10)), {
            maxLength: 60,
          }),
          (steps) => {
            let tree = saved({ screens: [{ id: 1, buttons: [] }] });
            let recipeId = 1;
            for (const [op, a, b, c] of steps) {
              const all = containers(tree);
              const pick = all[a % all.length]!;
              const screenId = (pick.kind === 'main' ? pick.screen.id : pick.page.id)!;
              const target = all[b % all.length]!;
              const targetId = (target.kind === 'main' ? target.screen.id : target.page.id)!;
              const buttons = pick.kind === 'main' ? pick.screen.buttons : pick.page.buttons;
              try {
                if (op === 0)
                  tree = saved(
                    placeRecipe(tree, model, screenId, (c % 9) + 1, recipe(recipeId++, model.type)),
                  );
                if (op === 1) tree = saved(createCategory(tree, model, screenId, (c % 9) + 1, `Cat ${c}`));
                if (op === 2) tree = saved(addScreen(tree, model));
                if (op === 3 && pick.kind === 'page') tree = saved(addPage(tree, model, pick.category.id!));
                if (op === 4) tree = saved(deleteScreen(tree, screenId));
                if (op === 5 && buttons.length > 0)
                  tree = saved(removeButton(tree, model, buttons[c % buttons.length]!.id!));
                if (op >= 6 && buttons.length > 0) {
                  const from = buttons[c % buttons.length]!.position;
                  tree = saved(
                    moveButton(
                      tree,
                      model,
                      { screenId, position: from },
                      { screenId: targetId, position: (b % 9) + 1 },
                    ),
                  );
                }
              } catch (error) {
                if (!(error instanceof MenuError)) throw error;
              }
              expect(menuIssues(tree, model)).toEqual([]);
            }
          },
        ),
        { numRuns: 150 },
      );
    }
  });
});

describe('editor controls (spec §2.7)', () => {
  it('show exactly when the spec says, and none on MiLO/MiSA', () => {
    let tree = saved({ screens: [{ id: 1, buttons: [] }] });
    expect(editorControls(tree, matchbox, { screenId: 1 })).toEqual({
      addPage: false,
      deletePage: false,
      deleteScreen: false,
      addScreen: true,
    });
    tree = saved(createCategory(saved(addScreen(tree, matchbox)), matchbox, 1, 1, 'Sides'));
    const page = categoryOf(tree).category.pages[0]!.id!;
    expect(editorControls(tree, matchbox, { screenId: 1 })).toMatchObject({
      deleteScreen: true,
      addScreen: true,
    });
    expect(editorControls(tree, matchbox, { screenId: page })).toEqual({
      addPage: true,
      deletePage: false,
      deleteScreen: false,
      addScreen: false,
    });
    expect(editorControls(tree, milo, { screenId: 1 })).toEqual({
      addPage: false,
      deletePage: false,
      deleteScreen: false,
      addScreen: false,
    });
  });
});

describe('places and buttons in words', () => {
  it('names a main screen, a grid category page and a list category, and a button', () => {
    const base = saved(emptyMenu());
    const tree = saved(createCategory(base, matchbox, base.screens[0]!.id!, 3, 'Sides'));
    const [main, page] = containers(tree).filter((c) => c.screenIndex === 0);
    expect(containerLabel(main!, 'grid')).toBe('Screen 1');
    expect(containerLabel(page!, 'grid')).toBe('Sides, page 1');
    expect(containerLabel(page!, 'list')).toBe('Sides');
    expect(buttonLabel(tree.screens[0]!.buttons.find((b) => b.kind === 'category')!)).toBe('category Sides');
  });
});

describe('landings: filing into a category, Move to…', () => {
  /** Screen 1: a recipe in slot 1, category Sides in slot 2 (page 1 full, page 2 with room); screen 2 empty. */
  function menu() {
    let tree = saved(emptyMenu());
    const screen1 = tree.screens[0]!.id!;
    tree = saved(createCategory(tree, matchbox, screen1, 2, 'Sides'));
    tree = saved(placeRecipe(tree, matchbox, screen1, 1, recipe(1)));
    const sides = tree.screens[0]!.buttons.find((b) => b.kind === 'category') as CategoryButton;
    const page1 = sides.category.pages[0]!.id!;
    for (let p = 1; p <= 8; p++) tree = placeRecipe(tree, matchbox, page1, p, recipe(100 + p));
    tree = saved(addPage(saved(tree), matchbox, sides.category.id!));
    tree = saved(addScreen(tree, matchbox));
    return { tree, sidesId: sides.category.id! };
  }

  it('a recipe filed into a category lands on the first page with room, at its first free slot', () => {
    const { tree, sidesId } = menu();
    const landing = landingInCategory(tree, matchbox, sidesId)!;
    expect(placeLabel(landing.container, 'grid')).toBe('Screen 1 › Sides, page 2');
    expect(landing.position).toBe(1);
  });

  it('a category whose pages are all full has no landing', () => {
    let tree = saved(emptyMenu());
    tree = saved(createCategory(tree, matchbox, tree.screens[0]!.id!, 1, 'Full'));
    const owner = tree.screens[0]!.buttons[0] as CategoryButton;
    for (let p = 1; p <= 8; p++)
      tree = placeRecipe(tree, matchbox, owner.category.pages[0]!.id!, p, recipe(p));
    expect(landingInCategory(saved(tree), matchbox, owner.category.id!)).toBeNull();
  });

  it('Move to… offers every other screen and page with room; a category only main screens', () => {
    const { tree } = menu();
    const from = tree.screens[0]!.id!;
    const recipeButton = tree.screens[0]!.buttons[0]!;
    const categoryButton = tree.screens[0]!.buttons[1]!;
    expect(
      moveLandings(tree, matchbox, recipeButton, from).map((l) => placeLabel(l.container, 'grid')),
    ).toEqual(['Screen 1 › Sides, page 2', 'Screen 2']);
    expect(
      moveLandings(tree, matchbox, categoryButton, from).map((l) => placeLabel(l.container, 'grid')),
    ).toEqual(['Screen 2']);
  });
});
