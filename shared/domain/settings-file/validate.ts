import { type Said, type SaidValue, said } from '../../i18n/said';
import type { Issue } from '../issues';
import { menuIssues } from '../menu';
import { ovenNameIssue } from '../oven';
import { recipeIssuesFor } from '../recipe';
import { RECIPE_TEXT_FIELDS } from '../recipe-fields';
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
const STAGE_KEY: Record<string, [string, Said]> = {
  hours: ['time', said('ruleParts.fieldStageTime')],
  minutes: ['time', said('ruleParts.fieldStageTime')],
  seconds: ['time', said('ruleParts.fieldStageTime')],
  temp: ['temp', said('ruleParts.fieldTemperature')],
  percent_air_top: ['airtop', said('ruleParts.fieldAirTop')],
  percent_air_bottom: ['airbottom', said('ruleParts.fieldAirBottom')],
  blower_percent: ['blower', said('ruleParts.fieldBlower')],
  microwave_percent: ['microwave', said('ruleParts.fieldMicrowave')],
  ir_lvl_top: ['irtop', said('ruleParts.fieldIrTop')],
  ir_lvl_bottom: ['irbottom', said('ruleParts.fieldIrBottom')],
  force_vent_open: ['vent', said('ruleParts.fieldForceVent')],
};
/** A recipe's own fields in words, where the file's problem list names them. */
const RECIPE_WORDS: Record<string, Said> = {
  name: said('ruleParts.fieldName'),
  product_name: said('ruleParts.fieldProductName'),
  set_temp: said('ruleParts.fieldSetTemp'),
  category: said('ruleParts.fieldCategory'),
  starting_state: said('ruleParts.fieldStartingState'),
  icon: said('ruleParts.fieldIcon'),
  stages: said('ruleParts.fieldStages'),
  events: said('ruleParts.fieldEvents'),
  ...Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [f.key, said(f.label)])),
};
const fieldOf = (owner: SaidValue, words: SaidValue) => said('ruleParts.fieldOf', { owner, words });

/**
 * Checks recipe `r` against the recipe rules (the same functions the forms and the API use). The builder
 * calls this as soon as a recipe is complete, while its objects are still in the processor's cache: checking
 * 30,000 recipes afterwards costs twice as much, most of it waiting for memory.
 */
export function validateRecipe(b: BuildView, r: number): void {
  const recipe = b.s.recipes[r]!;
  const issues = recipeIssuesFor(recipe, b.model);
  for (let i = 0; i < issues.length; i++)
    placeRecipeIssue(b, issues[i]!, r, said('ruleParts.recipeNumbered', { n: r + 1, name: recipe.name }));
}

/**
 * Checks the oven's own values and warm-ups and, when `checkLinks`, the links between records: buttons to
 * recipes and categories, positions. (Recipes were checked as they were read: `validateRecipe`.)
 */
export function validateSettings(b: BuildView, checkLinks: boolean): void {
  const { s, o, model, problems } = b;
  const nameIssue = ovenNameIssue(s.name);
  if (nameIssue) problems.add(o.oven, b.col(o.oven, 'name'), said('ruleParts.fieldOvenName'), nameIssue);

  for (const issue of warmUpsIssues(s.warmUps, model)) {
    const [i, field] = issue.path as [number | undefined, string | undefined];
    const line = i === undefined ? o.oven : o.warmUps[i]!;
    const key = field === 'temperature' ? 'temp' : 'name';
    problems.add(
      line,
      b.col(line, key),
      i === undefined
        ? said('ruleParts.fieldWarmUps')
        : said('ruleParts.warmUpField', {
            n: i + 1,
            field: said(field === 'temperature' ? 'ruleParts.fieldTemperature' : 'ruleParts.fieldName'),
          }),
      issue.said,
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
        said('ruleParts.fieldButtonRecipe'),
        said('ruleMessages.fileNoRecipe', { n: button.ref }),
      );
    }
    if (button.kind === 'category') {
      if (button.ref >= 1 && button.ref <= s.categories.length) categoryUses[button.ref - 1]! += 1;
      else
        problems.add(
          line,
          b.col(line, 'category'),
          said('ruleParts.fieldButtonCategory'),
          said('ruleMessages.fileNoCategory', { n: button.ref }),
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
          ? said('ruleMessages.fileCategoryUnused')
          : said('ruleMessages.fileCategoryTwice'),
      );
    }
  });
  // Then every menu rule: the same check the editor and the server make, placed on the file's lines.
  for (const issue of menuIssues(settingsToMenu(s), model)) placeMenuIssue(b, issue);
}

const BUTTON_KEY: Record<string, [string, Said]> = {
  position: ['pos', said('ruleParts.fieldButtonPosition')],
  icon: ['icon', said('ruleParts.fieldButtonIcon')],
  color: ['color', said('ruleParts.fieldButtonColour')],
  recipe: ['recipe', said('ruleParts.fieldButtonRecipe')],
};

/** Puts a menu rule's issue on the line of the screen, button or category it concerns. */
function placeMenuIssue(b: BuildView, issue: Issue): void {
  const { o, s, model, problems } = b;
  const path = issue.path;
  if (path[0] === 'screens' && path.length === 1) {
    problems.add(o.screens[model.maxScreens]?.line ?? o.oven, 1, said('ruleParts.fieldScreens'), issue.said);
    return;
  }
  if (path[0] === 'categories') {
    problems.add(
      o.categories[model.maxCategories]?.line ?? o.oven,
      1,
      said('ruleParts.fieldCategories'),
      issue.said,
    );
    return;
  }
  const i = path[1] as number;
  const j = path[3] as number;
  if (path[4] !== 'category') {
    const line = o.screens[i]!.buttons[j]!;
    const [key, field] = BUTTON_KEY[String(path[4])] ?? ['pos', said('ruleParts.fieldButton')];
    problems.add(line, b.col(line, key), field, issue.said);
    return;
  }
  const k = s.screens[i]!.buttons[j]!.ref - 1;
  const origin = o.categories[k]!;
  const label = said('ruleParts.categoryNumbered', { n: k + 1, name: s.categories[k]!.name });
  if (path[5] === 'pages' && typeof path[6] === 'number' && path[7] === 'buttons') {
    const line = origin.pages[path[6]]!.buttons[path[8] as number]!;
    const [key, field] = BUTTON_KEY[String(path[9])] ?? ['pos', said('ruleParts.fieldButton')];
    problems.add(line, b.col(line, key), field, issue.said);
    return;
  }
  const key = path[5] === 'name' || path[5] === 'icon' ? path[5] : undefined;
  problems.add(
    origin.line,
    key ? b.col(origin.line, key) : 1,
    key
      ? said('ruleParts.ownerField', {
          owner: label,
          field: said(key === 'name' ? 'ruleParts.fieldName' : 'ruleParts.fieldIcon'),
        })
      : label,
    issue.said,
  );
}

/** Puts a recipe rule's issue on the line and column of the value it concerns. */
function placeRecipeIssue(b: BuildView, issue: Issue, r: number, label: Said): void {
  const { o, s, problems } = b;
  const recipe = s.recipes[r]!;
  const [head, index, field] = issue.path;
  if (head === 'stages' && typeof index === 'number' && index < recipe.stages.length) {
    const line = o.stages[o.firstStage[r]! + index]!;
    const [key, words] = STAGE_KEY[String(field)] ?? ['n', said('ruleParts.fieldStage')];
    const stage = said('ruleParts.stageNumbered', { n: index + 1 });
    problems.add(line, b.col(line, key), fieldOf(label, fieldOf(stage, words)), issue.said);
  } else if (head === 'events' && typeof index === 'number' && index < recipe.events.length) {
    const line = o.events[o.firstEvent[r]! + index]!;
    const key = field === 'name' ? 'name' : 'at';
    problems.add(
      line,
      b.col(line, key),
      fieldOf(
        label,
        fieldOf(
          said('ruleParts.eventNumbered', { n: index + 1 }),
          said(field === 'name' ? 'ruleParts.fieldName' : 'ruleParts.fieldTime'),
        ),
      ),
      issue.said,
    );
  } else {
    const line = o.recipes[r]!;
    const key = RECIPE_KEY[String(head)] ?? 'n';
    const words = RECIPE_WORDS[String(head)] ?? String(head).replace(/_/g, ' ');
    problems.add(line, b.col(line, key), fieldOf(label, words), issue.said);
  }
}
