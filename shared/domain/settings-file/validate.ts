import type { Issue } from '../issues';
import { menuIssues } from '../menu';
import { ovenNameIssue } from '../oven';
import { recipeIssuesFor } from '../recipe';
import { warmUpsIssues } from '../warm-up';
import { settingsToMenu } from './menu';
import type { BuildView, SettingsButton } from './types';

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
export function validateRecipe(b: BuildView, r: number): void {
  const recipe = b.s.recipes[r]!;
  const issues = recipeIssuesFor(recipe, b.model);
  for (let i = 0; i < issues.length; i++)
    placeRecipeIssue(b, issues[i]!, r, `recipe ${r + 1} "${recipe.name}"`);
}

/**
 * Checks the oven's own values and warm-ups and, when `checkLinks`, the links between records: buttons to
 * recipes and categories, positions. (Recipes were checked as they were read: `validateRecipe`.)
 */
export function validateSettings(b: BuildView, checkLinks: boolean): void {
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
  // References first: what each button opens must exist, and each category is opened by exactly one button.
  const categoryUses = new Array<number>(s.categories.length).fill(0);
  const checkRefs = (button: SettingsButton, line: number) => {
    if (button.kind === 'recipe' && !(button.ref >= 1 && button.ref <= recipes.length)) {
      problems.add(
        line,
        b.col(line, 'recipe'),
        'button recipe',
        `There is no recipe ${button.ref} in this file.`,
      );
    }
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
  };
  s.screens.forEach((screen, i) => {
    screen.buttons.forEach((button, j) => {
      checkRefs(button, o.screens[i]!.buttons[j]!);
    });
  });
  s.categories.forEach((c, k) => {
    const origin = o.categories[k]!;
    c.pages.forEach((page, p) => {
      page.buttons.forEach((button, q) => {
        checkRefs(button, origin.pages[p]!.buttons[q]!);
      });
    });
    if (categoryUses[k] !== 1) {
      problems.add(
        origin.line,
        1,
        `category ${k + 1} "${c.name}"`,
        categoryUses[k] === 0
          ? 'This category is not on any screen.'
          : 'This category is on more than one button.',
      );
    }
  });
  // Then every menu rule: the same check the editor and the server make, placed on the file's lines.
  for (const issue of menuIssues(settingsToMenu(s), model)) placeMenuIssue(b, issue);
}

const BUTTON_KEY: Record<string, [string, string]> = {
  position: ['pos', 'button position'],
  icon: ['icon', 'button icon'],
  color: ['color', 'button colour'],
  recipe: ['recipe', 'button recipe'],
};

/** Puts a menu rule's issue on the line of the screen, button or category it concerns. */
function placeMenuIssue(b: BuildView, issue: Issue): void {
  const { o, s, model, problems } = b;
  const path = issue.path;
  if (path[0] === 'screens' && path.length === 1) {
    problems.add(o.screens[model.maxScreens]?.line ?? o.oven, 1, 'screens', issue.message);
    return;
  }
  if (path[0] === 'categories') {
    problems.add(o.categories[model.maxCategories]?.line ?? o.oven, 1, 'categories', issue.message);
    return;
  }
  const i = path[1] as number;
  const j = path[3] as number;
  if (path[4] !== 'category') {
    const line = o.screens[i]!.buttons[j]!;
    const [key, field] = BUTTON_KEY[String(path[4])] ?? ['pos', 'button'];
    problems.add(line, b.col(line, key), field, issue.message);
    return;
  }
  const k = s.screens[i]!.buttons[j]!.ref - 1;
  const origin = o.categories[k]!;
  const label = `category ${k + 1} "${s.categories[k]!.name}"`;
  if (path[5] === 'pages' && typeof path[6] === 'number' && path[7] === 'buttons') {
    const line = origin.pages[path[6]]!.buttons[path[8] as number]!;
    const [key, field] = BUTTON_KEY[String(path[9])] ?? ['pos', 'button'];
    problems.add(line, b.col(line, key), field, issue.message);
    return;
  }
  const key = path[5] === 'name' || path[5] === 'icon' ? path[5] : undefined;
  problems.add(
    origin.line,
    key ? b.col(origin.line, key) : 1,
    key ? `${label} ${key}` : label,
    issue.message,
  );
}

/** Puts a recipe rule's issue on the line and column of the value it concerns. */
function placeRecipeIssue(b: BuildView, issue: Issue, r: number, label: string): void {
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
