import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/english';
import { STAGE_DEFAULTS } from '../stage';
import { diffMenus, type MenuSnapshot, type RecipeSnapshot } from './diff';
import type { MenuTree, RecipeButton } from './tree';

let nextId = 100;
const button = (recipeId: number, name: string, position: number, id = nextId++): RecipeButton => ({
  id,
  kind: 'recipe',
  position,
  recipe: { id: recipeId, name, ovenType: 'Matchbox 1718/1313' },
  icon: 'ICON_PIZZA',
  color: 'ORANGE_900',
  favorite: false,
});
const recipe = (name: string, temp = 450): RecipeSnapshot => ({
  name,
  oven_type: 'Matchbox 1718/1313',
  product_name: 'P',
  set_temp: 450,
  category: 'Pizza',
  icon: 'ICON_PIZZA',
  stages: [{ ...STAGE_DEFAULTS, order: 1, minutes: '01', temp }],
  events: [],
});

function menu(): MenuSnapshot {
  const tree: MenuTree = {
    screens: [
      {
        id: 1,
        buttons: [
          button(1, 'Pepperoni', 1, 11),
          button(2, 'Wings', 2, 12),
          {
            id: 13,
            kind: 'category',
            position: 3,
            icon: 'ICON_FRIES',
            color: 'GREY_600',
            favorite: false,
            category: {
              id: 7,
              name: 'Sides',
              icon: 'ICON_FRIES',
              pages: [{ id: 8, buttons: [button(3, 'Fries', 1, 14)] }],
            },
          },
        ],
      },
    ],
  };
  return { tree, recipes: { 1: recipe('Pepperoni'), 2: recipe('Wings'), 3: recipe('Fries') } };
}

describe('the difference between two menus', () => {
  it('is nothing for the same menu', () => {
    expect(diffMenus(menu(), menu())).toEqual({ lines: [], highlight: [], vacated: [] });
  });

  it('names a button added, removed and moved, and highlights the new and moved ones', () => {
    const a = menu();
    const b = menu();
    const screen = b.tree.screens[0]!;
    screen.buttons = screen.buttons.filter((x) => x.id !== 12);
    screen.buttons.push(button(4, 'Calzone', 5, 20));
    screen.buttons[0]!.position = 4;
    b.recipes[4] = recipe('Calzone');
    const diff = diffMenus(a, b);
    expect(diff.lines.map((l) => english(l.said))).toEqual([
      'Button "Pepperoni" moved from screen 1, slot 1 to screen 1, slot 4.',
      'Button "Calzone" added on screen 1, slot 5.',
      'Button "Wings" removed from screen 1, slot 2.',
    ]);
    expect(diff.highlight.sort()).toEqual([11, 20]);
    // Wings' slot is empty now: it is marked with what was there.
    expect(diff.vacated.map((v) => ({ ...v, label: english(v.label) }))).toEqual([
      { screenId: 1, position: 2, label: '"Wings"' },
    ]);
  });

  it('marks the slot a removed button left empty, on a category page too, but not a slot taken since', () => {
    const a = menu();
    const b = menu();
    const screen = b.tree.screens[0]!;
    const sides = screen.buttons[2]!;
    if (sides.kind === 'category') sides.category.pages[0]!.buttons = [];
    // Wings goes; Pepperoni moves into its slot.
    screen.buttons = screen.buttons.filter((x) => x.id !== 12);
    screen.buttons[0]!.position = 2;
    const diff = diffMenus(a, b);
    expect(diff.vacated.map((v) => ({ ...v, label: english(v.label) }))).toEqual([
      { screenId: 8, position: 1, label: '"Fries"' },
    ]);
  });

  it('says a category was renamed, without calling its buttons moved', () => {
    const b = menu();
    const category = b.tree.screens[0]!.buttons[2]!;
    if (category.kind === 'category') category.category.name = 'Snacks';
    expect(diffMenus(menu(), b).lines.map((l) => english(l.said))).toEqual([
      'Category "Sides" renamed "Snacks".',
    ]);
  });

  it('matches a category by name when its ids changed (a restored menu)', () => {
    const b = menu();
    const category = b.tree.screens[0]!.buttons[2]!;
    if (category.kind === 'category') category.category.id = 99;
    expect(diffMenus(menu(), b).lines).toEqual([]);
  });

  it('names the fields of a recipe that changed since', () => {
    const b = menu();
    b.recipes[3] = { ...recipe('Fries', 475), set_temp: 500 };
    const diff = diffMenus(menu(), b);
    expect(diff.lines.map((l) => english(l.said))).toEqual([
      'Recipe "Fries" changed: set temp 450 °F → 500 °F; stage 1 temperature 450 °F → 475 °F.',
    ]);
    expect(diff.highlight).toEqual([14]);
  });

  it('names a restyled button', () => {
    const b = menu();
    b.tree.screens[0]!.buttons[1]!.color = 'BLUE_800' as never;
    b.tree.screens[0]!.buttons[1]!.favorite = true;
    expect(diffMenus(menu(), b).lines.map((l) => english(l.said))).toEqual([
      'Button "Wings" on screen 1, slot 2: new colour; made a favourite.',
    ]);
  });
});
