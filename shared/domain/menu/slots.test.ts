import { describe, expect, it } from 'vitest';
import { ovenModel } from '../oven-models';
import { dropDecision, type MenuTree, type RecipeButton } from './index';

const look = { icon: 'ICON_PIZZA', color: 'ORANGE_900' as const, favorite: false };
const dish = (id: number, position: number, ovenType = 'Matchbox 1718/1313'): RecipeButton => ({
  id,
  kind: 'recipe',
  position,
  recipe: { id, name: `Dish ${id}`, ovenType },
  ...look,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A Matchbox: main screen 1 holds a recipe (slot 1) and the category Pizzas (slot 2), whose page 101 has slot 8
 * free and page 102 one button. */
const grid = (): MenuTree => ({
  screens: [
    {
      id: 1,
      buttons: [
        dish(11, 1),
        {
          id: 12,
          kind: 'category',
          position: 2,
          ...look,
          category: {
            id: 100,
            name: 'Pizzas',
            icon: 'ICON_PIZZA',
            pages: [
              { id: 101, buttons: range(1, 7).map((p) => dish(200 + p, p)) },
              { id: 102, buttons: [dish(301, 1)] },
            ],
          },
        },
      ],
    },
  ],
});
const matchbox = ovenModel('Matchbox 1718/1313');

describe('where a dropped button lands', () => {
  it('on a page as a whole: that page’s first free slot, even when an earlier page has one', () => {
    const from = { screenId: 101, position: 1, buttonId: 201 };
    expect(dropDecision(grid(), matchbox, from, { screenId: 102, position: null })).toEqual({
      kind: 'move',
      screenId: 102,
      position: 2,
    });
  });

  it('on a slot of page 2: that slot', () => {
    const from = { screenId: 101, position: 1, buttonId: 201 };
    expect(dropDecision(grid(), matchbox, from, { screenId: 102, position: 5 })).toEqual({
      kind: 'move',
      screenId: 102,
      position: 5,
    });
  });

  it('a recipe on a category button: filed inside, on its first page with room', () => {
    const from = { screenId: 1, position: 1, buttonId: 11 };
    expect(dropDecision(grid(), matchbox, from, { screenId: 1, position: 2 })).toEqual({
      kind: 'move',
      screenId: 101,
      position: 8,
    });
  });

  it('a recipe on a full category: refused with its name', () => {
    const tree = grid();
    const category = tree.screens[0]!.buttons[1]!;
    if (category.kind === 'category')
      category.category.pages = [{ id: 101, buttons: range(1, 8).map((p) => dish(200 + p, p)) }];
    const from = { screenId: 1, position: 1, buttonId: 11 };
    expect(dropDecision(tree, matchbox, from, { screenId: 1, position: 2 })).toEqual({
      kind: 'category-full',
      name: 'Pizzas',
    });
  });

  it('on a full page as a whole: refused', () => {
    const tree = grid();
    const category = tree.screens[0]!.buttons[1]!;
    if (category.kind === 'category') category.category.pages[0]!.buttons.push(dish(208, 8));
    const from = { screenId: 102, position: 1, buttonId: 301 };
    expect(dropDecision(tree, matchbox, from, { screenId: 101, position: null })).toEqual({
      kind: 'screen-full',
    });
  });

  it('where it stood: nothing', () => {
    const from = { screenId: 1, position: 1, buttonId: 11 };
    expect(dropDecision(grid(), matchbox, from, { screenId: 1, position: 1 })).toEqual({ kind: 'none' });
  });

  it('in a list, past its last button: at its end', () => {
    const milo = ovenModel('MiLO/Double MiLO');
    const tree: MenuTree = {
      screens: [{ id: 1, buttons: range(1, 3).map((p) => dish(10 + p, p, 'MiLO/Double MiLO')) }],
    };
    const from = { screenId: 1, position: 1, buttonId: 11 };
    expect(dropDecision(tree, milo, from, { screenId: 1, position: 4 })).toEqual({
      kind: 'move',
      screenId: 1,
      position: 3,
    });
  });
});
