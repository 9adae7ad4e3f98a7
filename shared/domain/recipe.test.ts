import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english, englishIssues, englishOf } from '../i18n/english';
import { said } from '../i18n/said';
import { partitionImport } from './import';
import { OVEN_MODELS, ovenModel } from './oven-models';
import {
  copyRecipeName,
  normalizeRecipeName,
  normalizeSetTemp,
  recipeIssues,
  recipeNameIssue,
  setTempIssue,
} from './recipe';
import { STAGE_DEFAULTS, type Stage } from './stage';

const conveyor = ovenModel('Conveyor 2600/2000/1400');
const matchbox = ovenModel('Matchbox 1718/1313');
const _m360 = ovenModel('Matchbox M360 14/12');
const milo = ovenModel('MiLO/Double MiLO');
const misa = ovenModel('MiSA');
const shuttle = ovenModel('Shuttle 1200/1600/2000/2600');

const stage = (patch: Partial<Stage> = {}): Stage => ({
  ...STAGE_DEFAULTS,
  order: 1,
  temp: 400,
  minutes: '01',
  ...patch,
});

describe('recipe name (spec §5)', () => {
  it.each([
    ['', english(said('rules.recipeName'))],
    ['    ', english(said('rules.recipeName'))],
    ['Pizza!', `${english(said('rules.recipeNameCharset'))} "!" cannot be shown on the oven.`],
    ['Crème', `${english(said('rules.recipeNameCharset'))} "è" cannot be shown on the oven; use "e".`],
    ['Pizza/Large', `${english(said('rules.recipeNameCharset'))} "/" cannot be shown on the oven.`],
    ['Pepperoni_12 "XL"-2', null],
    ['a', null],
  ])('%j → %s', (name, message) => {
    expect(englishOf(recipeNameIssue(name))).toBe(message);
  });

  it.each([
    [conveyor, 15],
    [matchbox, 16],
    [milo, 24],
    [misa, 24],
    [shuttle, 16],
  ])('trims and truncates ($0.key) to %s characters', (model, max) => {
    const long = 'X'.repeat(max + 5);
    expect(normalizeRecipeName(`  ${long}  `, model)).toHaveLength(max);
    expect(normalizeRecipeName('X'.repeat(max), model)).toHaveLength(max);
    expect(normalizeRecipeName(`${'X'.repeat(max - 1)} Y`, model)).toBe(`${'X'.repeat(max - 1)}`);
  });

  it.each([
    ['Pizza', 'Matchbox 1718/1313', 'Pizza Copy'],
    ['Pepperoni Pz', 'Matchbox 1718/1313', 'Pepperon--- Copy'],
    ['Pepperoni Pizza', 'Matchbox 1718/1313', 'Pepperon--- Copy'],
    ['Garlic Knot', 'Matchbox 1718/1313', 'Garlic Knot Copy'],
    ['Garlic Knots', 'Matchbox 1718/1313', 'Garlic K--- Copy'],
    ['Chicken Wing', 'Conveyor 2600/2000/1400', 'Chicken--- Copy'],
    ['Chicken Wings Deluxe', 'MiLO/Double MiLO', 'Chicken Wings De--- Copy'],
    ['Chicken Wings Del', 'MiLO/Double MiLO', 'Chicken Wings Del Copy'],
  ] as const)('copy of %j on %s is %j', (name, type, expected) => {
    const model = ovenModel(type);
    const copy = copyRecipeName(name, model);
    expect(copy).toBe(expected);
    expect(copy.length).toBeLessThanOrEqual(model.recipeNameMax);
  });

  it('a copy always fits and always ends in Copy (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 ]{1,30}$/),
        fc.constantFrom(...OVEN_MODELS),
        (name, model) => {
          const copy = copyRecipeName(name, model);
          return copy.length <= model.recipeNameMax && copy.endsWith(' Copy');
        },
      ),
    );
  });
});

describe('set temp (spec §5)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [999, 999],
    [1000, 0],
    [-1, 0],
    [Number.NaN, 0],
    [12.5, 0],
    ['450', 450],
    ['abc', 0],
    [null, 0],
    [undefined, 0],
  ])('%j becomes %i', (input, expected) => {
    expect(normalizeSetTemp(input)).toBe(expected);
  });
  it("0 gives 'Set Temp cannot be 0.'", () => {
    expect(englishOf(setTempIssue(0))).toBe('Set Temp cannot be 0.');
    expect(englishOf(setTempIssue(1))).toBeNull();
    expect(englishOf(setTempIssue(9999))).toBe('Set Temp cannot be 0. 9999 is above 999.');
  });
});

describe('whole recipe and import dedupe', () => {
  const recipe = {
    name: 'Pizza',
    oven_type: 'Matchbox 1718/1313',
    product_name: 'Pizza 12in',
    set_temp: 450,
    category: 'Pizza',
    starting_state: 'Frozen',
    icon: 'ICON_PIZZA',
    stages: [stage()],
    events: [],
  };
  it('a valid recipe has no issues; each broken field is named', () => {
    expect(recipeIssues(recipe)).toEqual([]);
    const broken = recipeIssues({
      ...recipe,
      product_name: ' ',
      set_temp: 0,
      category: 'Soup',
      icon: 'ICON_NOPE',
      stages: [],
    });
    expect(broken.map((i) => i.path.join('.'))).toEqual([
      'product_name',
      'set_temp',
      'category',
      'icon',
      'stages',
    ]);
    expect(englishIssues(recipeIssues({ ...recipe, oven_type: 'Toaster' }))).toEqual([
      { path: ['oven_type'], message: english(said('rules.ovenType')) },
    ]);
  });

  it('skips recipes whose name and stages already exist for the oven type, and repeats within the file', () => {
    const existing = [recipe];
    const same = { ...recipe, name: 'pizza ' };
    const otherStages = { ...recipe, stages: [stage({ temp: 410 })] };
    const otherType = { ...recipe, oven_type: 'Matchbox M360 14/12' };
    const { imported, skipped } = partitionImport(existing, [same, otherStages, otherType, otherStages]);
    expect(imported).toEqual([otherStages, otherType]);
    expect(skipped).toEqual([same, otherStages]);
  });
});
