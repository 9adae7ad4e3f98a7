import { isIconName } from '../icons';
import type { Issue } from '../issues';
import { ovenNameIssue } from '../oven';
import type { OvenModel } from '../oven-models';
import { recipeIssuesFor } from '../recipe';
import { warmUpsIssues } from '../warm-up';
import type { Builder } from './build';
import type { SettingsButton, SettingsCategory } from './types';

const RECIPE_KEY: Record<string, string> = {
  name: 'name',
  product_name: 'product',
  set_temp: 'settemp',
  category: 'category',
  starting_state: 'state',
  icon: 'icon',
};
const STAGE_KEY: Record<string, [string, string]> = {
  hours: ['time', 'stage time'],
  minutes: ['time', 'stage time'],
  seconds: ['time', 'stage time'],
  temp: ['temp', 'temperature'],
  percent_air_top: ['airtop', 'air top'],
  percent_air_bottom: ['airbottom', 'air bottom'],
  blower_percent: ['blower', 'blower'],
  microwave_percent: ['microwave', 'microwave'],
  ir_lvl_top: ['irtop', 'IR top'],
  ir_lvl_bottom: ['irbottom', 'IR bottom'],
  force_vent_open: ['vent', 'force vent'],
};

/**
 * Checks recipe `r` against the recipe rules (the same functions the forms and the API use). The builder
 * calls this as soon as a recipe is complete, while its objects are still in the processor's cache: checking
 * 30,000 recipes afterwards costs twice as much, most of it waiting for memory.
 */
export function validateRecipe(b: Builder, r: number): void {
  const recipe = b.s.recipes[r]!;
  const issues = recipeIssuesFor(recipe, b.model);
  for (let i = 0; i < issues.length; i++)
    placeRecipeIssue(b, issues[i]!, r, `recipe ${r + 1} "${recipe.name}"`);
}

/**
 * Checks the oven's own values and warm-ups and, when `checkLinks`, the links between records: buttons to
 * recipes and categories, positions. (Recipes were checked as they were read: `validateRecipe`.)
 */
export function validateSettings(b: Builder, checkLinks: boolean): void {
  const { s, o, model, problems } = b;
  const nameIssue = ovenNameIssue(s.name);
  if (nameIssue) problems.add(o.oven, b.col(o.oven, 'name'), 'oven name', nameIssue);

  for (const issue of warmUpsIssues(s.warmUps, model)) {
    const [i, field] = issue.path as [number | undefined, string | undefined];
    const line = i === undefined ? o.oven : o.warmUps[i]!;
    const key = field === 'temperature' ? 'temp' : 'name';
    problems.add(
      line,
      b.col(line, key),
      i === undefined ? 'warm-ups' : `warm-up ${i + 1} ${field === 'temperature' ? 'temperature' : 'name'}`,
      issue.message,
    );
  }

  const { recipes } = s;
  if (!checkLinks) return;
  const recipeRefs = (button: SettingsButton, line: number) => {
    if (button.kind === 'recipe' && !(button.ref >= 1 && button.ref <= recipes.length)) {
      problems.add(
        line,
        b.col(line, 'recipe'),
        'button recipe',
        `There is no recipe ${button.ref} in this file.`,
      );
    }
  };
  const commonButton = (button: SettingsButton, line: number, max: number, where: string) => {
    if (!(button.position >= 1 && button.position <= max)) {
      problems.add(
        line,
        b.col(line, 'pos'),
        'button position',
        `A button on ${where} must be in position 1 to ${max}.`,
      );
    }
    if (!isIconName(button.icon))
      problems.add(line, b.col(line, 'icon'), 'button icon', `Unknown icon "${button.icon}".`);
  };
  const checkPositions = (buttons: SettingsButton[], lines: number[], where: string) => {
    for (let i = 1; i < buttons.length; i++) {
      if (buttons[i]!.position <= buttons[i - 1]!.position) {
        problems.add(
          lines[i]!,
          b.col(lines[i]!, 'pos'),
          'button position',
          `Buttons on ${where} must be listed by increasing position, each once.`,
        );
      }
    }
  };

  if (s.screens.length < 1) problems.add(o.oven, 1, 'screens', 'An oven needs at least one screen.');
  if (s.screens.length > model.maxScreens) {
    problems.add(
      o.screens[model.maxScreens]!.line,
      1,
      'screens',
      `${model.type} ovens have at most ${model.maxScreens} screen${model.maxScreens === 1 ? '' : 's'}.`,
    );
  }
  const categoryUses = new Array<number>(s.categories.length).fill(0);
  s.screens.forEach((screen, i) => {
    const where = `screen ${i + 1}`;
    const lines = o.screens[i]!.buttons;
    screen.buttons.forEach((button, j) => {
      const line = lines[j]!;
      commonButton(button, line, model.buttonsPerMainScreen, where);
      recipeRefs(button, line);
      if (button.kind === 'category') {
        if (button.ref >= 1 && button.ref <= s.categories.length) categoryUses[button.ref - 1]! += 1;
        else
          problems.add(
            line,
            b.col(line, 'category'),
            'button category',
            `There is no category ${button.ref} in this file.`,
          );
      }
    });
    checkPositions(screen.buttons, lines, where);
  });

  if (s.categories.length > model.maxCategories) {
    problems.add(
      o.categories[model.maxCategories]!.line,
      1,
      'categories',
      `${model.type} ovens have at most ${model.maxCategories} categories.`,
    );
  }
  const perPage = model.maxPagesPerCategory === 1 ? model.maxRecipesPerCategory : model.buttonsPerScreen;
  s.categories.forEach((c, i) => {
    const origin = o.categories[i]!;
    const label = `category ${i + 1} "${c.name}"`;
    checkCategory(b, c, origin.line, label, model);
    if (categoryUses[i] !== 1) {
      problems.add(
        origin.line,
        1,
        label,
        categoryUses[i] === 0
          ? 'This category is not on any screen.'
          : 'This category is on more than one button.',
      );
    }
    c.pages.forEach((page, p) => {
      const where = `${label}, page ${p + 1}`;
      const lines = origin.pages[p]!.buttons;
      for (let j = 0; j < page.buttons.length; j++) {
        commonButton(page.buttons[j]!, lines[j]!, perPage, where);
        recipeRefs(page.buttons[j]!, lines[j]!);
      }
      checkPositions(page.buttons, lines, where);
    });
  });
}

function checkCategory(b: Builder, c: SettingsCategory, line: number, label: string, model: OvenModel): void {
  const { problems } = b;
  const name = c.name.trim();
  if (!name || name.length > 16 || !/^[A-Za-z0-9 -]+$/.test(name)) {
    problems.add(
      line,
      b.col(line, 'name'),
      `${label} name`,
      'A category name has up to 16 letters, numbers, hyphens or spaces.',
    );
  }
  if (!isIconName(c.icon))
    problems.add(line, b.col(line, 'icon'), `${label} icon`, `Unknown icon "${c.icon}".`);
  if (c.pages.length < 1) problems.add(line, 1, label, 'A category needs at least one page.');
  if (c.pages.length > model.maxPagesPerCategory) {
    problems.add(
      line,
      1,
      label,
      `A category has at most ${model.maxPagesPerCategory} page${model.maxPagesPerCategory === 1 ? '' : 's'} on ${model.type}.`,
    );
  }
}

/** Puts a recipe rule's issue on the line and column of the value it concerns. */
function placeRecipeIssue(b: Builder, issue: Issue, r: number, label: string): void {
  const { o, s, problems } = b;
  const recipe = s.recipes[r]!;
  const [head, index, field] = issue.path;
  if (head === 'stages' && typeof index === 'number' && index < recipe.stages.length) {
    const line = o.stages[o.firstStage[r]! + index]!;
    const [key, words] = STAGE_KEY[String(field)] ?? ['n', 'stage'];
    problems.add(line, b.col(line, key), `${label}, stage ${index + 1}, ${words}`, issue.message);
  } else if (head === 'events' && typeof index === 'number' && index < recipe.events.length) {
    const line = o.events[o.firstEvent[r]! + index]!;
    const key = field === 'name' ? 'name' : 'at';
    problems.add(
      line,
      b.col(line, key),
      `${label}, event ${index + 1}, ${field === 'name' ? 'name' : 'time'}`,
      issue.message,
    );
  } else {
    const line = o.recipes[r]!;
    const key = RECIPE_KEY[String(head)] ?? 'n';
    const words =
      head === 'stages' ? 'stages' : head === 'events' ? 'events' : String(head).replace(/_/g, ' ');
    problems.add(line, b.col(line, key), `${label}, ${words}`, issue.message);
  }
}
