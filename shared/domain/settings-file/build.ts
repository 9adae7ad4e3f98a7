import { type Said, type SaidKey, type SaidValue, said } from '../../i18n/said';
import { BUTTON_COLOR_NAMES, type ButtonColor, IR_LEVELS, type IrLevel } from '../catalog';
import type { CookEvent } from '../event';
import type { OvenModel } from '../oven-models';
import { RECIPE_TEXT_FIELDS, type RecipeTexts } from '../recipe-fields';
import type { Stage } from '../stage';
import { OPTIONAL_RECIPE_KEYS } from './serialize';
import { tokenizeLine } from './text';
import type { Origins, OvenSettings, SettingsButton, SettingsFileError, SettingsRecipe } from './types';
import { validateRecipe } from './validate';

/** A line read by the general reader: its keyword, and parallel lists of keys, values and columns. */
export interface Rec {
  line: number;
  keyword: string;
  canonical: boolean;
  keys: string[];
  values: string[];
  cols: number[];
}

/** The records numbered in order: the noun, its number inside a sentence, and as a title. */
const NUMBERED = {
  'warm-up': ['ruleParts.fieldWarmUp', 'ruleParts.fieldWarmUpNumber', 'ruleParts.fieldWarmUpNumberCap'],
  recipe: ['ruleParts.fieldRecipe', 'ruleParts.fieldRecipeNumber', 'ruleParts.fieldRecipeNumberCap'],
  stage: ['ruleParts.fieldStage', 'ruleParts.fieldStageNumber', 'ruleParts.fieldStageNumberCap'],
  event: ['ruleParts.fieldEvent', 'ruleParts.fieldEventNumber', 'ruleParts.fieldEventNumberCap'],
  screen: ['ruleParts.fieldScreen', 'ruleParts.fieldScreenNumber', 'ruleParts.fieldScreenNumberCap'],
  category: ['ruleParts.fieldCategory', 'ruleParts.fieldCategoryNumber', 'ruleParts.fieldCategoryNumberCap'],
  page: ['ruleParts.fieldPage', 'ruleParts.fieldPageNumber', 'ruleParts.fieldPageNumberCap'],
} as const satisfies Record<string, readonly [SaidKey, SaidKey, SaidKey]>;

export class Problems {
  readonly list: SettingsFileError[] = [];
  constructor(private readonly max: number) {}
  add(line: number, column: number, field: SaidValue, what: Said): void {
    this.list.push({ line, column, field, said: what });
  }
  get full(): boolean {
    return this.list.length >= this.max;
  }
}

/** Sorted by place; one problem per place, since a value that failed to read also fails its rule. */
export function finish(problems: Problems): SettingsFileError[] {
  const seen = new Set<string>();
  return [...problems.list]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .filter((e) => {
      const key = `${e.line}:${e.column}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const KEYS: Record<string, { required: string[]; optional?: string[] }> = {
  OVEN: { required: ['name'] },
  WARMUP: { required: ['n', 'name', 'temp'] },
  RECIPE: {
    required: ['n', 'name', 'product', 'settemp', 'category', 'icon'],
    optional: OPTIONAL_RECIPE_KEYS.map(([k]) => k),
  },
  STAGE: {
    required: [
      'recipe',
      'n',
      'time',
      'temp',
      'airtop',
      'airbottom',
      'blower',
      'microwave',
      'irtop',
      'irbottom',
      'vent',
    ],
  },
  EVENT: { required: ['recipe', 'n', 'name', 'at'] },
  SCREEN: { required: ['n'] },
  CATEGORY: { required: ['n', 'name', 'icon'] },
  PAGE: { required: ['category', 'n'] },
  BUTTON: {
    required: ['pos', 'icon', 'color', 'favorite'],
    optional: ['screen', 'category', 'page', 'recipe'],
  },
};

/** Keys in the order the serializer writes them, so the tokenizer can match them in place. */
const CANONICAL_KEYS: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(KEYS).map(([k, v]) => [k, [...v.required, ...(v.optional ?? [])]])),
  BUTTON: ['screen', 'category', 'page', 'pos', 'recipe', 'category', 'icon', 'color', 'favorite'],
};
export const knownKeys = (keyword: string) => CANONICAL_KEYS[keyword];

/** Sections in the order a file must give them (docs/settings-file-format.md). */
export const SECTION = { OVEN: 0, WARMUP: 1, RECIPE: 2, SCREEN: 3, CATEGORY: 4 } as const;
const SECTION_OF: Record<string, number | undefined> = SECTION;

/** The text of a line by its number, for re-reading a line whose column is needed for a late problem. */
export type LineText = (line: number) => string;

function has(rec: Rec, key: string): boolean {
  return rec.keys.indexOf(key) >= 0;
}
function val(rec: Rec, key: string): string | undefined {
  const i = rec.keys.indexOf(key);
  return i < 0 ? undefined : rec.values[i];
}
function colOf(rec: Rec, key: string): number {
  const i = rec.keys.indexOf(key);
  return i < 0 ? 1 : rec.cols[i]!;
}

/** A whole number written plainly (optional minus, up to 9 digits), else NaN. */
function wholeNumber(s: string): number {
  const len = s.length;
  if (len === 0 || len > 10) return Number.NaN;
  let i = s.charCodeAt(0) === 0x2d ? 1 : 0;
  if (i === len) return Number.NaN;
  let n = 0;
  for (; i < len; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return s.charCodeAt(0) === 0x2d ? -n : n;
}

/**
 * Builds the settings from records in file order. Lines come either from the general reader (`record`, any
 * layout, every problem reported) or from the canonical reader (`canonical-lines.ts`), which reads only lines
 * laid out exactly as the serializer writes them, with nothing to report, and hands over finished values.
 */
export class Builder {
  readonly s: OvenSettings;
  readonly o: Origins = {
    oven: 0,
    warmUps: [],
    recipes: [],
    stages: [],
    firstStage: [],
    events: [],
    firstEvent: [],
    screens: [],
    categories: [],
  };
  section = -1;

  constructor(
    readonly model: OvenModel,
    readonly problems: Problems,
    private readonly newerMinor: boolean,
    readonly lineText: LineText,
  ) {
    this.s = { type: model.type, name: '', warmUps: [], recipes: [], screens: [], categories: [] };
  }

  /** Column of `key=` on a line read earlier (re-read: only problems need it). */
  col(line: number, key: string): number {
    const t = tokenizeLine(this.lineText(line), knownKeys);
    const i = t.keys.indexOf(key);
    return i < 0 ? 1 : t.cols[i]!;
  }

  /* The steps both readers share. */

  pushRecipe(recipe: SettingsRecipe, line: number): void {
    this.checkRecipes();
    this.s.recipes.push(recipe);
    this.o.recipes.push(line);
    this.o.firstStage.push(this.o.stages.length);
    this.o.firstEvent.push(this.o.events.length);
  }

  pushStage(recipe: SettingsRecipe, stage: Stage, line: number): void {
    recipe.stages.push(stage);
    this.o.stages.push(line);
  }

  pushEvent(recipe: SettingsRecipe, event: CookEvent, line: number): void {
    recipe.events.push(event);
    this.o.events.push(line);
  }

  pushScreenButton(button: SettingsButton, line: number): void {
    const i = this.s.screens.length - 1;
    this.s.screens[i]!.buttons.push(button);
    this.o.screens[i]!.buttons.push(line);
  }

  pushPageButton(button: SettingsButton, line: number): void {
    const c = this.s.categories.length - 1;
    const p = this.s.categories[c]!.pages.length - 1;
    this.s.categories[c]!.pages[p]!.buttons.push(button);
    this.o.categories[c]!.pages[p]!.buttons.push(line);
  }

  private checked = 0;

  /** Checks the recipes read so far and not yet checked (a recipe is complete once the next one starts). */
  checkRecipes(): void {
    for (; this.checked < this.s.recipes.length; this.checked++) {
      if (!this.problems.full) validateRecipe(this, this.checked);
    }
  }

  /* The general reader. */

  /** `field` names the value where it stands; `title` begins the sentence that refuses it. */
  private int(rec: Rec, key: string, field: Said, title = field): number {
    const value = val(rec, key);
    if (value === undefined) return Number.NaN;
    const n = wholeNumber(value);
    if (Number.isNaN(n))
      this.problems.add(
        rec.line,
        colOf(rec, key),
        field,
        said('ruleMessages.fileWholeNumber', { field: title, value }),
      );
    return n;
  }

  private expectN(rec: Rec, expected: number, what: keyof typeof NUMBERED): boolean {
    const [noun, number, title] = NUMBERED[what];
    const n = this.int(rec, 'n', said(number), said(title));
    if (n === expected) return true;
    const found = val(rec, 'n');
    this.problems.add(
      rec.line,
      colOf(rec, 'n'),
      said(number),
      said('ruleMessages.fileExpectedNumber', {
        what: said(noun),
        expected,
        found: found ?? said('ruleParts.none'),
      }),
    );
    return false;
  }

  record(rec: Rec): void {
    const { problems, s, o } = this;
    const spec = KEYS[rec.keyword];
    if (!spec) {
      if (!this.newerMinor)
        problems.add(
          rec.line,
          1,
          said('ruleParts.fieldRecord'),
          said('ruleMessages.fileUnknownRecord', { keyword: rec.keyword }),
        );
      return;
    }
    // A canonical record with exactly the required keys needs no further key checks.
    if (!(rec.canonical && !spec.optional && rec.keys.length === spec.required.length)) {
      for (const key of spec.required) {
        if (!has(rec, key))
          problems.add(rec.line, 1, key, said('ruleMessages.fileNeedsKey', { keyword: rec.keyword, key }));
      }
      for (let k = 0; k < rec.keys.length; k++) {
        const key = rec.keys[k]!;
        if (!spec.required.includes(key) && !spec.optional?.includes(key) && !this.newerMinor) {
          problems.add(
            rec.line,
            rec.cols[k]!,
            key,
            said('ruleMessages.fileUnknownField', { key, keyword: rec.keyword }),
          );
        }
      }
    }
    const idx = SECTION_OF[rec.keyword];
    if (idx !== undefined) {
      if (idx < this.section || (idx === SECTION.OVEN && this.section === SECTION.OVEN)) {
        problems.add(
          rec.line,
          1,
          said('ruleParts.fieldRecord'),
          said('ruleMessages.fileOutOfPlace', { keyword: rec.keyword }),
        );
        return;
      }
      this.section = idx;
    }
    const str = (key: string) => val(rec, key) ?? '';

    switch (rec.keyword) {
      case 'OVEN':
        o.oven = rec.line;
        s.name = str('name');
        break;
      case 'WARMUP':
        this.expectN(rec, s.warmUps.length + 1, 'warm-up');
        o.warmUps.push(rec.line);
        s.warmUps.push({
          name: str('name'),
          temperature: this.int(rec, 'temp', said('ruleParts.fieldWarmUpTemperatureCap')),
        });
        break;
      case 'RECIPE': {
        this.expectN(rec, s.recipes.length + 1, 'recipe');
        this.pushRecipe(
          {
            name: str('name'),
            product_name: str('product'),
            set_temp: this.int(rec, 'settemp', said('ruleParts.fieldSetTempCap')),
            category: str('category'),
            starting_state: val(rec, 'state') ?? null,
            icon: str('icon'),
            ...(Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [f.key, str(f.file)])) as RecipeTexts),
            stages: [],
            events: [],
          },
          rec.line,
        );
        break;
      }
      case 'STAGE':
      case 'EVENT': {
        const current = s.recipes.length;
        const owner = this.int(rec, 'recipe', said('ruleParts.fieldRecipeNumberCap'));
        if (this.section !== SECTION.RECIPE || owner !== current) {
          problems.add(
            rec.line,
            colOf(rec, 'recipe'),
            said('ruleParts.fieldRecipeNumber'),
            said('ruleMessages.fileFollowRecipe', { keyword: rec.keyword, n: current || '?' }),
          );
          break;
        }
        const recipe = s.recipes[current - 1]!;
        if (rec.keyword === 'STAGE') {
          if (recipe.events.length > 0)
            problems.add(rec.line, 1, said('ruleParts.fieldStage'), said('ruleMessages.fileStagesFirst'));
          this.expectN(rec, recipe.stages.length + 1, 'stage');
          this.pushStage(recipe, this.readStage(rec, recipe.stages.length + 1), rec.line);
        } else {
          this.expectN(rec, recipe.events.length + 1, 'event');
          const time = /^(\d{2}):(\d{2})$/.exec(str('at'));
          if (!time)
            problems.add(
              rec.line,
              colOf(rec, 'at'),
              said('ruleParts.fieldEventTime'),
              said('ruleMessages.fileEventTime'),
            );
          this.pushEvent(
            recipe,
            { name: str('name'), minutes: Number(time?.[1] ?? 0), seconds: Number(time?.[2] ?? 0) },
            rec.line,
          );
        }
        break;
      }
      case 'SCREEN':
        this.expectN(rec, s.screens.length + 1, 'screen');
        s.screens.push({ buttons: [] });
        o.screens.push({ line: rec.line, buttons: [] });
        break;
      case 'CATEGORY':
        this.expectN(rec, s.categories.length + 1, 'category');
        s.categories.push({ name: str('name'), icon: str('icon'), pages: [] });
        o.categories.push({ line: rec.line, pages: [] });
        break;
      case 'PAGE': {
        const cat = s.categories.length;
        if (
          this.section !== SECTION.CATEGORY ||
          this.int(rec, 'category', said('ruleParts.fieldCategoryNumberCap')) !== cat
        ) {
          problems.add(
            rec.line,
            1,
            said('ruleParts.fieldPage'),
            said('ruleMessages.filePageFollows', { n: cat || '?' }),
          );
          break;
        }
        this.expectN(rec, s.categories[cat - 1]!.pages.length + 1, 'page');
        s.categories[cat - 1]!.pages.push({ buttons: [] });
        o.categories[cat - 1]!.pages.push({ line: rec.line, buttons: [] });
        break;
      }
      case 'BUTTON':
        this.button(rec);
        break;
    }
  }

  private readStage(rec: Rec, order: number): Stage {
    const time = /^(\d{2}):(\d{2}):(\d{2})$/.exec(val(rec, 'time') ?? '');
    if (!time)
      this.problems.add(
        rec.line,
        colOf(rec, 'time'),
        said('ruleParts.fieldStageTime'),
        said('ruleMessages.fileStageTime'),
      );
    const vent = val(rec, 'vent');
    if (vent !== '0' && vent !== '1')
      this.problems.add(
        rec.line,
        colOf(rec, 'vent'),
        said('ruleParts.fieldForceVent'),
        said('ruleMessages.fileForceVent'),
      );
    return {
      order,
      hours: time?.[1] ?? '00',
      minutes: time?.[2] ?? '00',
      seconds: time?.[3] ?? '00',
      temp: this.int(rec, 'temp', said('ruleParts.fieldTemperatureCap')),
      percent_air_top: this.int(rec, 'airtop', said('ruleParts.fieldAirTopCap')),
      percent_air_bottom: this.int(rec, 'airbottom', said('ruleParts.fieldAirBottomCap')),
      blower_percent: this.int(rec, 'blower', said('ruleParts.fieldBlowerCap')),
      microwave_percent: this.int(rec, 'microwave', said('ruleParts.fieldMicrowaveCap')),
      ir_lvl_top: this.irLevel(rec, 'irtop'),
      ir_lvl_bottom: this.irLevel(rec, 'irbottom'),
      force_vent_open: vent === '1',
    };
  }

  private irLevel(rec: Rec, key: string): IrLevel {
    const v = val(rec, key) ?? '';
    if ((IR_LEVELS as readonly string[]).includes(v)) return v as IrLevel;
    this.problems.add(
      rec.line,
      colOf(rec, key),
      key === 'irtop' ? said('ruleParts.fieldIrTop') : said('ruleParts.fieldIrBottom'),
      said('ruleMessages.fileIrLevel'),
    );
    return 'OFF';
  }

  private button(rec: Rec): void {
    const { problems, s } = this;
    const hasRecipe = has(rec, 'recipe');
    const onScreen = has(rec, 'screen');
    if (hasRecipe === (onScreen && has(rec, 'category'))) {
      problems.add(rec.line, 1, said('ruleParts.fieldButton'), said('ruleMessages.fileButtonOpens'));
      return;
    }
    const color = val(rec, 'color') ?? '';
    if (!(BUTTON_COLOR_NAMES as string[]).includes(color)) {
      problems.add(
        rec.line,
        colOf(rec, 'color'),
        said('ruleParts.fieldButtonColour'),
        said('ruleMessages.fileButtonColour', { list: BUTTON_COLOR_NAMES.join(', ') }),
      );
    }
    const favorite = val(rec, 'favorite');
    if (favorite !== '0' && favorite !== '1') {
      problems.add(
        rec.line,
        colOf(rec, 'favorite'),
        said('ruleParts.fieldFavorite'),
        said('ruleMessages.fileFavorite'),
      );
    }
    const button: SettingsButton = {
      position: this.int(rec, 'pos', said('ruleParts.fieldButtonPositionCap')),
      kind: hasRecipe ? 'recipe' : 'category',
      ref: hasRecipe
        ? this.int(rec, 'recipe', said('ruleParts.fieldRecipeNumberCap'))
        : this.int(rec, 'category', said('ruleParts.fieldCategoryNumberCap')),
      icon: val(rec, 'icon') ?? '',
      color: color as ButtonColor,
      favorite: favorite === '1',
    };
    if (onScreen) {
      const screen = s.screens.length;
      if (
        this.section !== SECTION.SCREEN ||
        this.int(rec, 'screen', said('ruleParts.fieldScreenNumberCap')) !== screen
      ) {
        problems.add(
          rec.line,
          colOf(rec, 'screen'),
          said('ruleParts.fieldScreenNumber'),
          said('ruleMessages.fileButtonScreen', { n: screen || '?' }),
        );
        return;
      }
      this.pushScreenButton(button, rec.line);
    } else if (has(rec, 'category') && has(rec, 'page')) {
      const cat = s.categories.length;
      const page = s.categories[cat - 1]?.pages.length ?? 0;
      if (
        this.section !== SECTION.CATEGORY ||
        this.int(rec, 'category', said('ruleParts.fieldCategoryNumberCap')) !== cat ||
        this.int(rec, 'page', said('ruleParts.fieldPageNumberCap')) !== page ||
        page === 0
      ) {
        problems.add(
          rec.line,
          1,
          said('ruleParts.fieldPage'),
          said('ruleMessages.fileButtonPage', { category: cat || '?', page: page || '?' }),
        );
        return;
      }
      if (button.kind === 'category') {
        problems.add(
          rec.line,
          colOf(rec, 'category'),
          said('ruleParts.fieldButton'),
          said('ruleMessages.fileCategoryPageRecipes'),
        );
        return;
      }
      this.pushPageButton(button, rec.line);
    } else {
      problems.add(rec.line, 1, said('ruleParts.fieldButton'), said('ruleMessages.fileButtonNeeds'));
    }
  }
}
