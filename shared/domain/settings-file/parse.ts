import { BUTTON_COLOR_NAMES, type ButtonColor, IR_LEVELS, type IrLevel } from '../catalog';
import { isIconName } from '../icons';
import { type OvenModel, type OvenType, ovenModel, ovenModelByCode } from '../oven-models';
import { type Issue, ovenNameIssue, recipeIssues, type Stage, warmUpsIssues } from '../rules';
import { crc32 } from './crc32';
import { OPTIONAL_RECIPE_KEYS } from './serialize';
import { tokenizeLine } from './text';
import {
  FORMAT_VERSION,
  type OvenSettings,
  type ParseResult,
  type SettingsButton,
  type SettingsCategory,
  type SettingsFileError,
  type SettingsRecipe,
} from './types';

export interface ParseOptions {
  /** The oven type the user chose: a file for another model or family is refused. */
  expectedType?: OvenType;
  /** Stop listing problems after this many (default 200). */
  maxErrors?: number;
}

const HEADER = /^HEARTH-([A-Z0-9]+) (\d+)\.(\d+) ([A-Z0-9]+)$/;

/** A record as read: its line, keyword, and parallel lists of keys, values and columns. */
/** Where a record stands: enough to point at it, or re-read it, when a later check fails. */
interface Where {
  line: number;
  text: string;
}

interface Rec extends Where {
  keyword: string;
  canonical: boolean;
  keys: string[];
  values: string[];
  cols: number[];
}

function has(rec: Rec, key: string): boolean {
  return rec.keys.indexOf(key) >= 0;
}
function val(rec: Rec, key: string): string | undefined {
  const i = rec.keys.indexOf(key);
  return i < 0 ? undefined : rec.values[i];
}
/** Column of `key=` on a record; a line kept only as Where is read again (errors are rare, so this is cheap). */
function col(where: Where | Rec, key: string): number {
  const rec = 'keys' in where ? where : tokenizeLine(where.text, knownKeys);
  const i = rec.keys.indexOf(key);
  return i < 0 ? 1 : rec.cols[i]!;
}
const at = (rec: Rec): Where => ({ line: rec.line, text: rec.text });

class Problems {
  readonly list: SettingsFileError[] = [];
  constructor(private readonly max: number) {}
  add(line: number, column: number, field: string, message: string): void {
    this.list.push({ line, column, field, message });
  }
  get full(): boolean {
    return this.list.length >= this.max;
  }
}

/**
 * Reads a settings file. Accepts CRLF and a UTF-8 BOM; never throws; reports every problem with its line,
 * column and the field in plain words. Checks the header, the END line's count and CRC-32, the grammar,
 * and every value against the model's rules.
 */
export function parseSettings(input: string, options: ParseOptions = {}): ParseResult {
  try {
    return parse(input, options);
  } catch (error) {
    return {
      ok: false,
      errors: [
        { line: 0, column: 0, field: 'file', message: `The file could not be read (${String(error)}).` },
      ],
    };
  }
}

function parse(input: string, options: ParseOptions): ParseResult {
  const problems = new Problems(options.maxErrors ?? 200);
  const fail = (): ParseResult => ({ ok: false, errors: finish(problems) });
  if (typeof input !== 'string' || input.length === 0) {
    problems.add(1, 1, 'file', 'The file is empty.');
    return fail();
  }
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replace(/\r\n/g, '\n');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();

  // Header: format, version, model.
  const header = HEADER.exec(lines[0] ?? '');
  if (!header) {
    problems.add(
      1,
      1,
      'header',
      "This is not a Hearth settings file: the first line must read like 'HEARTH-AI2 1.0 MB'.",
    );
    return fail();
  }
  const [, family = '', major = '', minor = '', code = ''] = header;
  const model = ovenModelByCode(code);
  if (family !== 'AI2' && family !== 'RCP') {
    problems.add(1, 8, 'format', `Unknown file family "${family}": Hearth reads AI2 and RCP files.`);
    return fail();
  }
  if (Number(major) !== FORMAT_VERSION.major) {
    problems.add(
      1,
      9 + family.length - 3,
      'version',
      `This file uses format version ${major}.${minor}; this Hearth reads version ${FORMAT_VERSION.major}.x. Update Hearth or export the file again.`,
    );
    return fail();
  }
  if (!model) {
    problems.add(1, lines[0]!.length - code.length + 1, 'oven model', `Unknown oven model code "${code}".`);
    return fail();
  }
  if (model.family.toUpperCase() !== family) {
    problems.add(
      1,
      1,
      'format',
      `${model.type} ovens use .${model.family} files, but this file is marked ${family}.`,
    );
    return fail();
  }
  if (options.expectedType && options.expectedType !== model.type) {
    const expected = ovenModel(options.expectedType);
    problems.add(
      1,
      1,
      'oven model',
      expected.family === model.family
        ? `This file is for a ${model.type} oven, not a ${expected.type}.`
        : `This is a .${model.family} file for ${model.type}; ${expected.type} ovens use .${expected.family} files.`,
    );
    return fail();
  }
  const newerMinor = Number(minor) > FORMAT_VERSION.minor;

  // END line: count and checksum.
  let endIndex = lines.length - 1;
  while (endIndex > 0 && lines[endIndex] === '') endIndex--;
  const endLine = lines[endIndex] ?? '';
  if (endIndex === 0 || !endLine.startsWith('END')) {
    problems.add(
      lines.length,
      1,
      'END line',
      'The file ends early: its END line is missing, so the copy may be cut short.',
    );
  } else {
    const end = tokenizeLine(endLine);
    const count = end.values[end.keys.indexOf('lines')];
    const sum = end.values[end.keys.indexOf('crc32')];
    const body = text.slice(0, bodyLength(text, endIndex));
    if (end.keyword !== 'END' || end.error || !count || !sum) {
      problems.add(endIndex + 1, 1, 'END line', "The END line must read like 'END lines=42 crc32=1A2B3C4D'.");
    } else if (Number(count) !== endIndex) {
      problems.add(
        endIndex + 1,
        5,
        'END line',
        `The file should have ${count} lines before END but has ${endIndex}: lines were added or lost.`,
      );
    } else if (sum.toUpperCase() !== crc32(body)) {
      problems.add(
        endIndex + 1,
        endLine.indexOf('crc32=') + 1,
        'checksum',
        'The file was changed or damaged after it was written: its checksum does not match.',
      );
    }
  }

  const anyOdd = NON_ASCII.test(text);
  // Records, read one at a time as the builder asks, so each is garbage as soon as it is used.
  function* records(): Generator<Rec> {
    for (let i = 1; i < endIndex && !problems.full; i++) {
      const raw = lines[i]!;
      const bad = anyOdd ? firstNonAscii(raw) : -1;
      if (bad >= 0) {
        problems.add(
          i + 1,
          bad + 1,
          'text',
          'Only plain ASCII characters may appear; other characters are written as \\uXXXX.',
        );
        continue;
      }
      const t = tokenizeLine(raw, knownKeys);
      if (t.error) {
        problems.add(i + 1, t.error.column, t.keyword || 'line', t.error.message);
        continue;
      }
      // Known keys matched in order cannot repeat; only other lines need the check.
      if (!t.canonical) {
        for (let k = 1; k < t.keys.length; k++) {
          if (t.keys.indexOf(t.keys[k]!) < k)
            problems.add(i + 1, t.cols[k]!, t.keys[k]!, `"${t.keys[k]}" appears twice.`);
        }
      }
      yield {
        line: i + 1,
        text: raw,
        keyword: t.keyword,
        canonical: t.canonical,
        keys: t.keys,
        values: t.values,
        cols: t.cols,
      };
    }
  }

  const settings = build(records(), model, problems, newerMinor, endIndex + 1);
  // Values are always checked; links between records only when every record could be read, so a
  // skipped line does not echo as "no such category" elsewhere.
  if (settings) validate(settings, model, problems, problems.list.length === 0);
  if (problems.list.length > 0 || !settings) return fail();
  return { ok: true, settings };
}

const NON_ASCII = /[^\n\x20-\x7e]/;

/** Length of the text before line `index` (0-based), i.e. the bytes the END line's count and CRC cover. */
function bodyLength(text: string, index: number): number {
  let at = 0;
  for (let n = 0; n < index; n++) at = text.indexOf('\n', at) + 1;
  return at;
}

function firstNonAscii(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return i;
  }
  return -1;
}

/** Sorted by place; one problem per place, since a value that failed to read also fails its rule. */
function finish(problems: Problems): SettingsFileError[] {
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

/* ---------- Building the structure from records ---------- */

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
const knownKeys = (keyword: string) => CANONICAL_KEYS[keyword];

/** Where each value came from, so a rule broken later can point at its line and column. */
interface Origins {
  oven: Where;
  warmUps: Where[];
  recipes: { rec: Where; stages: Where[]; events: Where[] }[];
  screens: { rec: Where; buttons: Where[] }[];
  categories: { rec: Where; pages: { rec: Where; buttons: Where[] }[] }[];
}

const origins = new WeakMap<OvenSettings, Origins>();

function build(
  records: Iterable<Rec>,
  model: OvenModel,
  problems: Problems,
  newerMinor: boolean,
  endLine: number,
): OvenSettings | null {
  const o: Origins = {
    oven: undefined as unknown as Where,
    warmUps: [],
    recipes: [],
    screens: [],
    categories: [],
  };
  const s: OvenSettings = {
    type: model.type,
    name: '',
    warmUps: [],
    recipes: [],
    screens: [],
    categories: [],
  };
  // Sections must come in this order (spec'd in docs/settings-file-format.md).
  const order = ['OVEN', 'WARMUP', 'RECIPE', 'SCREEN', 'CATEGORY'];
  let section = -1;

  const int = (rec: Rec, key: string, what: string): number => {
    const value = val(rec, key);
    if (value === undefined) return Number.NaN;
    const n = wholeNumber(value);
    if (Number.isNaN(n))
      problems.add(rec.line, col(rec, key), what, `${what} must be a whole number (found "${value}").`);
    return n;
  };
  const str = (rec: Rec, key: string) => val(rec, key) ?? '';
  const expectN = (rec: Rec, expected: number, what: string): boolean => {
    const n = int(rec, 'n', `${what} number`);
    if (n !== expected) {
      problems.add(
        rec.line,
        col(rec, 'n'),
        `${what} number`,
        `Expected ${what} ${expected} here (found ${val(rec, 'n') ?? 'none'}).`,
      );
      return false;
    }
    return true;
  };

  for (const rec of records) {
    if (problems.full) break;
    const spec = KEYS[rec.keyword];
    if (!spec) {
      if (!newerMinor) problems.add(rec.line, 1, 'record', `Unknown record "${rec.keyword}".`);
      continue;
    }
    // A canonical record with exactly the required keys needs no further key checks.
    if (!(rec.canonical && !spec.optional && rec.keys.length === spec.required.length)) {
      for (const key of spec.required) {
        if (!has(rec, key)) problems.add(rec.line, 1, key, `${rec.keyword} needs "${key}=".`);
      }
      for (let k = 0; k < rec.keys.length; k++) {
        const key = rec.keys[k]!;
        if (!spec.required.includes(key) && !spec.optional?.includes(key) && !newerMinor) {
          problems.add(rec.line, rec.cols[k]!, key, `Unknown field "${key}" in ${rec.keyword}.`);
        }
      }
    }
    const idx = order.indexOf(rec.keyword);
    if (idx >= 0) {
      if (idx < section || (idx === 0 && section === 0)) {
        problems.add(
          rec.line,
          1,
          'record',
          `${rec.keyword} is out of place: the order is OVEN, WARMUP, RECIPE, SCREEN, CATEGORY.`,
        );
        continue;
      }
      section = idx;
    }

    switch (rec.keyword) {
      case 'OVEN':
        o.oven = at(rec);
        s.name = str(rec, 'name');
        break;
      case 'WARMUP':
        expectN(rec, s.warmUps.length + 1, 'warm-up');
        o.warmUps.push(at(rec));
        s.warmUps.push({ name: str(rec, 'name'), temperature: int(rec, 'temp', 'Warm-up temperature') });
        break;
      case 'RECIPE': {
        expectN(rec, s.recipes.length + 1, 'recipe');
        const recipe: SettingsRecipe = {
          name: str(rec, 'name'),
          product_name: str(rec, 'product'),
          set_temp: int(rec, 'settemp', 'Set temp'),
          category: str(rec, 'category'),
          starting_state: val(rec, 'state') ?? null,
          icon: str(rec, 'icon'),
          dish_type: str(rec, 'dish'),
          brand: str(rec, 'brand'),
          sku: str(rec, 'sku'),
          weight: str(rec, 'weight'),
          quantity: str(rec, 'quantity'),
          ingredients: str(rec, 'ingredients'),
          outcome_attributes: str(rec, 'attributes'),
          procedure: str(rec, 'procedure'),
          outcome: str(rec, 'outcome'),
          stages: [],
          events: [],
        };
        s.recipes.push(recipe);
        o.recipes.push({ rec: at(rec), stages: [], events: [] });
        break;
      }
      case 'STAGE':
      case 'EVENT': {
        const current = s.recipes.length;
        const owner = int(rec, 'recipe', 'Recipe number');
        if (section !== 2 || owner !== current) {
          problems.add(
            rec.line,
            col(rec, 'recipe'),
            'recipe number',
            `${rec.keyword} must follow its RECIPE (recipe=${current || '?'}).`,
          );
          break;
        }
        const recipe = s.recipes[current - 1]!;
        const origin = o.recipes[current - 1]!;
        if (rec.keyword === 'STAGE') {
          if (origin.events.length > 0) problems.add(rec.line, 1, 'stage', 'Stages come before events.');
          int(rec, 'n', 'Stage number');
          recipe.stages.push(readStage(rec, recipe.stages.length + 1, problems, int, str));
          origin.stages.push(at(rec));
        } else {
          expectN(rec, recipe.events.length + 1, 'event');
          const time = /^(\d{2}):(\d{2})$/.exec(str(rec, 'at'));
          if (!time) problems.add(rec.line, col(rec, 'at'), 'event time', 'An event time must read MM:SS.');
          recipe.events.push({
            name: str(rec, 'name'),
            minutes: Number(time?.[1] ?? 0),
            seconds: Number(time?.[2] ?? 0),
          });
          origin.events.push(at(rec));
        }
        break;
      }
      case 'SCREEN':
        expectN(rec, s.screens.length + 1, 'screen');
        s.screens.push({ buttons: [] });
        o.screens.push({ rec: at(rec), buttons: [] });
        break;
      case 'CATEGORY':
        expectN(rec, s.categories.length + 1, 'category');
        s.categories.push({ name: str(rec, 'name'), icon: str(rec, 'icon'), pages: [] });
        o.categories.push({ rec: at(rec), pages: [] });
        break;
      case 'PAGE': {
        const cat = s.categories.length;
        if (section !== 4 || int(rec, 'category', 'Category number') !== cat) {
          problems.add(rec.line, 1, 'page', `PAGE must follow its CATEGORY (category=${cat || '?'}).`);
          break;
        }
        expectN(rec, s.categories[cat - 1]!.pages.length + 1, 'page');
        s.categories[cat - 1]!.pages.push({ buttons: [] });
        o.categories[cat - 1]!.pages.push({ rec: at(rec), buttons: [] });
        break;
      }
      case 'BUTTON': {
        const button = readButton(rec, problems, int, str);
        if (!button) break;
        if (has(rec, 'screen')) {
          const screen = s.screens.length;
          if (section !== 3 || int(rec, 'screen', 'Screen number') !== screen) {
            problems.add(
              rec.line,
              col(rec, 'screen'),
              'screen number',
              `BUTTON must follow its SCREEN (screen=${screen || '?'}).`,
            );
            break;
          }
          s.screens[screen - 1]!.buttons.push(button);
          o.screens[screen - 1]!.buttons.push(at(rec));
        } else if (has(rec, 'category') && has(rec, 'page')) {
          const cat = s.categories.length;
          const page = s.categories[cat - 1]?.pages.length ?? 0;
          if (
            section !== 4 ||
            int(rec, 'category', 'Category number') !== cat ||
            int(rec, 'page', 'Page number') !== page ||
            page === 0
          ) {
            problems.add(
              rec.line,
              1,
              'page',
              `BUTTON must follow its PAGE (category=${cat || '?'} page=${page || '?'}).`,
            );
            break;
          }
          if (button.kind === 'category') {
            problems.add(rec.line, col(rec, 'category'), 'button', 'A category page holds recipes only.');
            break;
          }
          s.categories[cat - 1]!.pages[page - 1]!.buttons.push(button);
          o.categories[cat - 1]!.pages[page - 1]!.buttons.push(at(rec));
        } else {
          problems.add(rec.line, 1, 'button', 'A BUTTON needs screen=, or category= and page=.');
        }
        break;
      }
    }
  }
  if (!o.oven) {
    problems.add(2, 1, 'OVEN', 'The OVEN line is missing.');
    return null;
  }
  void endLine;
  origins.set(s, o);
  return s;
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

type IntReader = (rec: Rec, key: string, what: string) => number;
type StrReader = (rec: Rec, key: string) => string;

function readStage(rec: Rec, order: number, problems: Problems, int: IntReader, str: StrReader): Stage {
  const time = /^(\d{2}):(\d{2}):(\d{2})$/.exec(str(rec, 'time'));
  if (!time) problems.add(rec.line, col(rec, 'time'), 'stage time', 'A stage time must read HH:MM:SS.');
  const vent = str(rec, 'vent');
  if (vent !== '0' && vent !== '1')
    problems.add(rec.line, col(rec, 'vent'), 'force vent', 'Force vent must be 0 or 1.');
  return {
    order,
    hours: time?.[1] ?? '00',
    minutes: time?.[2] ?? '00',
    seconds: time?.[3] ?? '00',
    temp: int(rec, 'temp', 'Temperature'),
    percent_air_top: int(rec, 'airtop', 'Air top'),
    percent_air_bottom: int(rec, 'airbottom', 'Air bottom'),
    blower_percent: int(rec, 'blower', 'Blower'),
    microwave_percent: int(rec, 'microwave', 'Microwave'),
    ir_lvl_top: irLevel(rec, 'irtop', problems),
    ir_lvl_bottom: irLevel(rec, 'irbottom', problems),
    force_vent_open: vent === '1',
  };
}

function irLevel(rec: Rec, key: string, problems: Problems): IrLevel {
  const v = val(rec, key) ?? '';
  if ((IR_LEVELS as readonly string[]).includes(v)) return v as IrLevel;
  problems.add(
    rec.line,
    col(rec, key),
    key === 'irtop' ? 'IR top' : 'IR bottom',
    'IR level must be OFF, LOW, MEDIUM or HIGH.',
  );
  return 'OFF';
}

function readButton(rec: Rec, problems: Problems, int: IntReader, str: StrReader): SettingsButton | null {
  const hasRecipe = has(rec, 'recipe');
  const onScreen = has(rec, 'screen');
  const categoryRef = onScreen && has(rec, 'category');
  if (hasRecipe === categoryRef) {
    problems.add(rec.line, 1, 'button', 'A BUTTON opens either recipe= or category=.');
    return null;
  }
  const color = str(rec, 'color');
  if (!(BUTTON_COLOR_NAMES as string[]).includes(color)) {
    problems.add(
      rec.line,
      col(rec, 'color'),
      'button colour',
      `Button colour must be one of ${BUTTON_COLOR_NAMES.join(', ')}.`,
    );
  }
  const favorite = str(rec, 'favorite');
  if (favorite !== '0' && favorite !== '1') {
    problems.add(rec.line, col(rec, 'favorite'), 'favorite', 'Favorite must be 0 or 1.');
  }
  return {
    position: int(rec, 'pos', 'Button position'),
    kind: hasRecipe ? 'recipe' : 'category',
    ref: hasRecipe ? int(rec, 'recipe', 'Recipe number') : int(rec, 'category', 'Category number'),
    icon: str(rec, 'icon'),
    color: color as ButtonColor,
    favorite: favorite === '1',
  };
}

/* ---------- Rules ---------- */

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

function validate(s: OvenSettings, model: OvenModel, problems: Problems, checkLinks: boolean): void {
  const o = origins.get(s)!;
  const nameIssue = ovenNameIssue(s.name);
  if (nameIssue) problems.add(o.oven.line, col(o.oven, 'name'), 'oven name', nameIssue);

  for (const issue of warmUpsIssues(s.warmUps, model)) {
    const [i, field] = issue.path as [number | undefined, string | undefined];
    const rec = i === undefined ? o.oven : o.warmUps[i]!;
    const key = field === 'temperature' ? 'temp' : 'name';
    problems.add(
      rec.line,
      col(rec, key),
      i === undefined ? 'warm-ups' : `warm-up ${i + 1} ${field === 'temperature' ? 'temperature' : 'name'}`,
      issue.message,
    );
  }

  s.recipes.forEach((recipe, r) => {
    if (problems.full) return;
    const origin = o.recipes[r]!;
    const label = `recipe ${r + 1} "${recipe.name}"`;
    for (const issue of recipeIssues({ ...recipe, oven_type: model.type }))
      placeRecipeIssue(issue, origin, label, problems);
  });

  if (!checkLinks) return;
  const recipeRefs = (b: SettingsButton, rec: Where) => {
    if (b.kind === 'recipe' && !(b.ref >= 1 && b.ref <= s.recipes.length)) {
      problems.add(
        rec.line,
        col(rec, 'recipe'),
        'button recipe',
        `There is no recipe ${b.ref} in this file.`,
      );
    }
  };
  const commonButton = (b: SettingsButton, rec: Where, max: number, where: string) => {
    if (!(b.position >= 1 && b.position <= max)) {
      problems.add(
        rec.line,
        col(rec, 'pos'),
        'button position',
        `A button on ${where} must be in position 1 to ${max}.`,
      );
    }
    if (!isIconName(b.icon))
      problems.add(rec.line, col(rec, 'icon'), 'button icon', `Unknown icon "${b.icon}".`);
  };
  const checkPositions = (buttons: SettingsButton[], recs: Where[], where: string) => {
    buttons.forEach((b, i) => {
      if (i > 0 && b.position <= buttons[i - 1]!.position) {
        problems.add(
          recs[i]!.line,
          col(recs[i]!, 'pos'),
          'button position',
          `Buttons on ${where} must be listed by increasing position, each once.`,
        );
      }
    });
  };

  if (s.screens.length < 1) problems.add(o.oven.line, 1, 'screens', 'An oven needs at least one screen.');
  if (s.screens.length > model.maxScreens) {
    problems.add(
      o.screens[model.maxScreens]!.rec.line,
      1,
      'screens',
      `${model.type} ovens have at most ${model.maxScreens} screen${model.maxScreens === 1 ? '' : 's'}.`,
    );
  }
  const categoryUses = new Array<number>(s.categories.length).fill(0);
  s.screens.forEach((screen, i) => {
    const where = `screen ${i + 1}`;
    screen.buttons.forEach((b, j) => {
      const rec = o.screens[i]!.buttons[j]!;
      commonButton(b, rec, model.buttonsPerMainScreen, where);
      recipeRefs(b, rec);
      if (b.kind === 'category') {
        if (b.ref >= 1 && b.ref <= s.categories.length) categoryUses[b.ref - 1]! += 1;
        else
          problems.add(
            rec.line,
            col(rec, 'category'),
            'button category',
            `There is no category ${b.ref} in this file.`,
          );
      }
    });
    checkPositions(screen.buttons, o.screens[i]!.buttons, where);
  });

  if (s.categories.length > model.maxCategories) {
    problems.add(
      o.categories[model.maxCategories]!.rec.line,
      1,
      'categories',
      `${model.type} ovens have at most ${model.maxCategories} categories.`,
    );
  }
  s.categories.forEach((c, i) => {
    const origin = o.categories[i]!;
    const label = `category ${i + 1} "${c.name}"`;
    checkCategory(c, origin.rec, label, model, problems);
    if (categoryUses[i] !== 1) {
      problems.add(
        origin.rec.line,
        1,
        label,
        categoryUses[i] === 0
          ? 'This category is not on any screen.'
          : 'This category is on more than one button.',
      );
    }
    const perPage = model.maxPagesPerCategory === 1 ? model.maxRecipesPerCategory : model.buttonsPerScreen;
    c.pages.forEach((page, p) => {
      const where = `${label}, page ${p + 1}`;
      page.buttons.forEach((b, j) => {
        const rec = origin.pages[p]!.buttons[j]!;
        commonButton(b, rec, perPage, where);
        recipeRefs(b, rec);
      });
      checkPositions(page.buttons, origin.pages[p]!.buttons, where);
    });
  });
}

function checkCategory(
  c: SettingsCategory,
  rec: Where,
  label: string,
  model: OvenModel,
  problems: Problems,
): void {
  const name = c.name.trim();
  if (!name || name.length > 16 || !/^[A-Za-z0-9 -]+$/.test(name)) {
    problems.add(
      rec.line,
      col(rec, 'name'),
      `${label} name`,
      'A category name has up to 16 letters, numbers, hyphens or spaces.',
    );
  }
  if (!isIconName(c.icon))
    problems.add(rec.line, col(rec, 'icon'), `${label} icon`, `Unknown icon "${c.icon}".`);
  if (c.pages.length < 1) problems.add(rec.line, 1, label, 'A category needs at least one page.');
  if (c.pages.length > model.maxPagesPerCategory) {
    problems.add(
      rec.line,
      1,
      label,
      `A category has at most ${model.maxPagesPerCategory} page${model.maxPagesPerCategory === 1 ? '' : 's'} on ${model.type}.`,
    );
  }
}

function placeRecipeIssue(
  issue: Issue,
  origin: Origins['recipes'][number],
  label: string,
  problems: Problems,
): void {
  const [head, index, field] = issue.path;
  if (head === 'stages' && typeof index === 'number' && origin.stages[index]) {
    const rec = origin.stages[index]!;
    const [key, words] = STAGE_KEY[String(field)] ?? ['n', 'stage'];
    problems.add(rec.line, col(rec, key), `${label}, stage ${index + 1}, ${words}`, issue.message);
  } else if (head === 'events' && typeof index === 'number' && origin.events[index]) {
    const rec = origin.events[index]!;
    const key = field === 'name' ? 'name' : 'at';
    problems.add(
      rec.line,
      col(rec, key),
      `${label}, event ${index + 1}, ${field === 'name' ? 'name' : 'time'}`,
      issue.message,
    );
  } else {
    const key = RECIPE_KEY[String(head)] ?? 'n';
    const words =
      head === 'stages' ? 'stages' : head === 'events' ? 'events' : String(head).replace(/_/g, ' ');
    problems.add(origin.rec.line, col(origin.rec, key), `${label}, ${words}`, issue.message);
  }
}
