/** Every menu rule at once (spec §5, §9), as issues: what a saved menu, an imported file and the editor all check. */

import { type Said, said } from '../../i18n/said';
import { BUTTON_COLOR_NAMES } from '../catalog';
import { categoryNameIssue } from '../category';
import { isIconName } from '../icons';
import type { Issue } from '../issues';
import type { OvenModel } from '../oven-models';
import { countSaid } from '../words';
import { findContainer } from './queries';
import { mainCapacity, pageCapacity } from './slots';
import type { MenuButton, MenuTree } from './tree';

const COLOR_SET = new Set<string>(BUTTON_COLOR_NAMES);

function buttonIssues(
  issues: Issue[],
  buttons: MenuButton[],
  path: (string | number)[],
  capacity: number,
  model: OvenModel,
  where: Said,
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
        said: said('ruleMessages.buttonPosition', { where, capacity }),
      });
    else if (j > 0 && p <= previous)
      issues.push({
        path: [...path, 'buttons', j, 'position'],
        said: said('ruleMessages.buttonsOrdered', { where }),
      });
    else if (list && p !== j + 1)
      issues.push({
        path: [...path, 'buttons', j, 'position'],
        said: said('ruleMessages.buttonsNoGap', { where }),
      });
    previous = p;
    if (!isIconName(b.icon))
      issues.push({
        path: [...path, 'buttons', j, 'icon'],
        said: said('ruleMessages.unknownIcon', { name: b.icon }),
      });
    if (!COLOR_SET.has(b.color))
      issues.push({
        path: [...path, 'buttons', j, 'color'],
        said: said('ruleMessages.chooseColor', { list: BUTTON_COLOR_NAMES.join(', ') }),
      });
    if (b.kind === 'recipe' && b.recipe.ovenType !== model.type)
      issues.push({
        path: [...path, 'buttons', j, 'recipe'],
        said: said('ruleMessages.wrongType', {
          name: b.recipe.name,
          recipeType: b.recipe.ovenType,
          type: model.type,
        }),
      });
  }
}

/**
 * Every menu rule of the model, each problem with its path (`screens.0.buttons.3.position`,
 * `screens.0.buttons.2.category.pages.1.buttons.0.recipe`) and message. Empty means valid.
 */
export function menuIssues(tree: MenuTree, model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  if (tree.screens.length < 1) issues.push({ path: ['screens'], said: said('ruleMessages.needsScreen') });
  if (tree.screens.length > model.maxScreens) {
    issues.push({
      path: ['screens'],
      said:
        model.maxScreens === 1
          ? said('ruleMessages.screensMaxOne', { type: model.type })
          : said('ruleMessages.screensMax', { type: model.type, max: model.maxScreens }),
    });
  }
  let categories = 0;
  tree.screens.forEach((screen, i) => {
    buttonIssues(
      issues,
      screen.buttons,
      ['screens', i],
      mainCapacity(model),
      model,
      said('ruleParts.screen', { n: i + 1 }),
    );
    screen.buttons.forEach((b, j) => {
      if (b.kind !== 'category') return;
      categories += 1;
      const c = b.category;
      const at = ['screens', i, 'buttons', j, 'category'];
      const label = said('ruleParts.categoryQuoted', { name: c.name });
      const nameIssue = categoryNameIssue(c.name);
      if (nameIssue) issues.push({ path: [...at, 'name'], said: nameIssue });
      if (!isIconName(c.icon))
        issues.push({ path: [...at, 'icon'], said: said('ruleMessages.unknownIcon', { name: c.icon }) });
      if (c.pages.length < 1) issues.push({ path: [...at, 'pages'], said: said('ruleMessages.needsPage') });
      if (c.pages.length > model.maxPagesPerCategory) {
        issues.push({
          path: [...at, 'pages'],
          said: said('ruleMessages.maxPagesOn', {
            count: countSaid(model.maxPagesPerCategory, 'page'),
            type: model.type,
          }),
        });
      }
      c.pages.forEach((page, p) => {
        const where =
          model.menuLayout === 'list'
            ? label
            : said('ruleParts.categoryQuotedPage', { name: c.name, n: p + 1 });
        buttonIssues(issues, page.buttons, [...at, 'pages', p], pageCapacity(model), model, where);
        for (let k = 0; k < page.buttons.length; k++) {
          if ((page.buttons[k] as MenuButton).kind !== 'recipe')
            issues.push({
              path: [...at, 'pages', p, 'buttons', k],
              said: said('ruleMessages.fileCategoryPageRecipes'),
            });
        }
      });
    });
  });
  if (categories > model.maxCategories) {
    issues.push({
      path: ['categories'],
      said: said('ruleMessages.categoriesMax', { type: model.type, max: model.maxCategories }),
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
