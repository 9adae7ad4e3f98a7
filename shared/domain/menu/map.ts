/** Copying a menu tree node by node (ids and recipes passed through), the one walk every copy uses. */
import type { MenuButton, MenuTree, RecipeButton } from './tree';

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
