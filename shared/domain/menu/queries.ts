/** Finding things in a menu and counting them. */
import type {
  CategoryButton,
  MenuButton,
  MenuCategory,
  MenuPage,
  MenuScreen,
  MenuTree,
  RecipeButton,
} from './tree';

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

/** The buttons of a main screen or page, by increasing position. */
export function buttonsOf(c: Container): MenuButton[] {
  return c.kind === 'main' ? c.screen.buttons : c.page.buttons;
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

/** Every button of the menu: main screens' and categories' pages'. */
export function buttonCount(tree: MenuTree): number {
  let n = 0;
  for (const c of containers(tree)) n += buttonsOf(c).length;
  return n;
}
