import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english, englishOf } from '../../i18n/english';
import type { Said } from '../../i18n/said';
import { BUTTON_COLOR_NAMES, FOOD_CATEGORIES, IR_LEVELS, STARTING_STATES } from '../catalog';
import type { CookEvent } from '../event';
import { ICON_NAMES } from '../icons';
import { ovenNameIssue } from '../oven';
import { OVEN_MODELS, type OvenModel, type OvenType, ovenModel } from '../oven-models';
import { recipeIssues } from '../recipe';
import type { Stage } from '../stage';
import { warmUpsIssues } from '../warm-up';
import { EXAMPLE_TYPES, exampleSettings, maximalMiloSettings } from './examples';
import { goldenFileName, reseal } from './golden';
import { parseSettings } from './parse';
import { serializeSettings, settingsFileName } from './serialize';
import type { OvenSettings, SettingsFileError } from './types';

const golden = (type: OvenType) =>
  readFileSync(new URL(`./fixtures/${goldenFileName(type)}`, import.meta.url), 'utf8');

function edit(file: string, from: string | RegExp, to: string): string {
  const out = file.replace(from, to);
  if (out === file) throw new Error(`edit did not apply: ${from}`);
  return reseal(out);
}

/** A refused file's problems, in English (line, column, field, message). */
function errorsOf(file: string, expectedType?: OvenType) {
  const r = parseSettings(file, expectedType ? { expectedType } : {});
  if (r.ok) throw new Error('expected the file to be refused');
  return r.errors.map(inEnglish);
}

const inEnglish = (e: SettingsFileError) => ({
  line: e.line,
  column: e.column,
  field: typeof e.field === 'string' ? e.field : english(e.field as Said),
  message: english(e.said),
});

function lineOf(file: string, needle: string): number {
  return file.split('\n').findIndex((l) => l.includes(needle)) + 1;
}

describe('golden files, one per oven model', () => {
  it.each(EXAMPLE_TYPES)(
    '%s: the committed file is what the examples serialize to, and it round-trips',
    (type) => {
      const file = golden(type);
      expect(serializeSettings(exampleSettings(type))).toBe(file);
      const r = parseSettings(file, { expectedType: type });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.settings).toEqual(exampleSettings(type));
      expect(serializeSettings(r.settings)).toBe(file);
    },
  );

  it('files are ASCII with LF endings, and named 8.3 per model', () => {
    for (const type of EXAMPLE_TYPES) {
      const file = golden(type);
      expect(/^[\n\x20-\x7e]*$/.test(file)).toBe(true);
      expect(file.includes('\r')).toBe(false);
      expect(file.endsWith('\n')).toBe(true);
      expect(settingsFileName({ type })).toMatch(/^[A-Z0-9]{1,8}\.(AI2|RCP)$/);
    }
  });

  it('accepts CRLF line endings and a BOM', () => {
    const file = golden('Matchbox 1718/1313');
    const windows = `\uFEFF${file.replace(/\n/g, '\r\n')}`;
    const r = parseSettings(windows);
    expect(r.ok && serializeSettings(r.settings)).toBe(file);
  });

  it('keeps text with quotes, new lines and non-ASCII characters exactly', () => {
    const s = exampleSettings('MiSA');
    s.recipes[0]!.procedure = 'Say "hi"\\ then\n\ttab — 180ºF ✓';
    const file = serializeSettings(s);
    expect(/^[\n\x20-\x7e]*$/.test(file)).toBe(true);
    const r = parseSettings(file);
    expect(r.ok && r.settings.recipes[0]!.procedure).toBe(s.recipes[0]!.procedure);
  });
});

describe('refusing the wrong file', () => {
  it.each([
    ['', 'The file is empty.'],
    ['hello world\n', 'This is not a Hearth settings file'],
    ['HEARTH-AI2 2.0 MB\nOVEN name="x"\n', 'format version 2.0'],
    ['HEARTH-AI2 1.0 ZZ\nOVEN name="x"\n', 'Unknown oven model code "ZZ"'],
    ['HEARTH-RCP 1.0 MB\nOVEN name="x"\n', 'use .ai2 files'],
    ['HEARTH-XYZ 1.0 MB\nOVEN name="x"\n', 'Unknown file family'],
    ['\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', 'binary data'],
    ['\ufffd\ufffd\ufffd\ufffdJFIF\ufffd\ufffd', 'binary data'],
  ])('%j', (file, message) => {
    const errors = errorsOf(file);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain(message);
  });

  it('reads a short file with a BOM as text, not as binary data', () => {
    expect(errorsOf('\ufeffhello\n')[0]!.message).toContain('This is not a Hearth settings file');
  });

  it('refuses a file for another model or family than the chosen oven type', () => {
    expect(errorsOf(golden('MiLO/Double MiLO'), 'Matchbox 1718/1313')[0]!.message).toBe(
      'This is a .rcp file for MiLO/Double MiLO; Matchbox 1718/1313 ovens use .ai2 files.',
    );
    expect(errorsOf(golden('Shuttle 1200/1600/2000/2600'), 'Matchbox 1718/1313')[0]!.message).toBe(
      'This file is for a Shuttle 1200/1600/2000/2600 oven, not a Matchbox 1718/1313.',
    );
  });

  it('detects a truncated copy', () => {
    const file = golden('Matchbox 1718/1313');
    const cut = file.slice(0, Math.floor(file.length / 2));
    const errors = errorsOf(cut);
    expect(errors.some((e) => e.field === 'END line' && /cut short/.test(e.message))).toBe(true);
  });

  it('detects lost lines and altered values', () => {
    const file = golden('Matchbox 1718/1313');
    const lines = file.split('\n');
    const lost = [...lines.slice(0, 5), ...lines.slice(6)].join('\n');
    expect(errorsOf(lost).some((e) => /lines were added or lost/.test(e.message))).toBe(true);
    const altered = file.replace('temp=475 airtop', 'temp=476 airtop');
    const errors = errorsOf(altered);
    expect(errors).toEqual([
      expect.objectContaining({
        field: 'checksum',
        line: lines.length - 1,
        message: expect.stringMatching(/checksum does not match/),
      }),
    ]);
  });
});

describe('grammar errors say line, column and field', () => {
  const file = golden('Matchbox 1718/1313');
  it.each([
    [
      (f: string) => edit(f, 'SCREEN n=2', 'SCREEN n=3'),
      'SCREEN n=3',
      8,
      'screen number',
      'Expected screen 2 here (found 3).',
    ],
    [(f: string) => edit(f, 'OVEN name=', 'OVEN nom='), 'OVEN nom=', 1, 'name', 'OVEN needs "name=".'],
    [
      (f: string) =>
        edit(
          f,
          'blower=60 microwave=0 irtop=OFF irbottom=OFF vent=0\nEVENT',
          'blower=60 microwave=0 irtop=OFF irbottom=OFF vent=0 extra=1\nEVENT',
        ),
      'extra=1',
      0,
      'extra',
      'Unknown field "extra" in STAGE.',
    ],
    [
      (f: string) => edit(f, 'settemp=410', 'settemp=4x0'),
      'settemp=4x0',
      0,
      'Set temp',
      'Set temp must be a whole number (found "4x0").',
    ],
    [
      (f: string) => edit(f, 'settemp=410', 'settemp=9999'),
      'settemp=9999',
      0,
      'recipe 2 "Garlic Knots", set temp',
      'Set Temp cannot be 0. 9999 is above 999.',
    ],
    [
      (f: string) => edit(f, 'name="Garlic Knots"', 'name="Garlic Knots'),
      'name="Garlic Knots p',
      0,
      'RECIPE',
      'Expected a space.',
    ],
    [
      (f: string) => edit(f, 'SCREEN n=1\n', 'SCREEN n=1\nTOASTER n=1\n'),
      'TOASTER',
      1,
      'record',
      'Unknown record "TOASTER".',
    ],
    [
      (f: string) => edit(f, 'name="Sides"', 'name="Si\\qdes"'),
      'Si\\qdes',
      0,
      'CATEGORY',
      'Unknown escape in "name".',
    ],
  ])('case %#', (make, needle, column, field, message) => {
    const bad = make(file);
    const errors = errorsOf(bad);
    const line = lineOf(bad, needle);
    expect(errors[0]).toMatchObject({ line, field, message });
    if (column) expect(errors[0]!.column).toBe(column);
    else expect(errors[0]!.column).toBeGreaterThan(1);
  });

  it('refuses records out of order and non-ASCII text', () => {
    const moved = edit(file, /(WARMUP n=2 [^\n]*\n)/, '');
    const outOfOrder = reseal(moved.replace('SCREEN n=1\n', 'SCREEN n=1\nWARMUP n=2 name="Late" temp=400\n'));
    expect(errorsOf(outOfOrder)[0]!.message).toMatch(/out of place/);
    const accented = reseal(file.replace('name="Sides"', 'name="Sidés"'));
    expect(errorsOf(accented)[0]).toMatchObject({ field: 'text', message: expect.stringMatching(/ASCII/) });
  });

  it('ignores unknown fields from a newer minor version of the same format', () => {
    const newer = reseal(
      file.replace('HEARTH-AI2 1.0 MB', 'HEARTH-AI2 1.3 MB').replace('SCREEN n=1', 'SCREEN n=1 layout=grid'),
    );
    const r = parseSettings(newer);
    expect(r.ok && serializeSettings(r.settings)).toBe(file);
  });
});

describe("every value is checked against the model's rules", () => {
  const base = exampleSettings('Matchbox 1718/1313');
  const variant = (change: (s: OvenSettings) => void) => {
    const s = structuredClone(base);
    change(s);
    return serializeSettings(s);
  };
  it.each([
    [
      'stage temperature too far',
      (s: OvenSettings) => {
        s.recipes[2]!.stages[1]!.temp = 520;
      },
      'STAGE recipe=3 n=2',
      'recipe 3 "Chicken Wings", stage 2, temperature',
      'The temperature is too far from previous stage. Please edit stage to correct it.',
    ],
    [
      'name too long',
      (s: OvenSettings) => {
        s.recipes[1]!.name = 'Garlic Knots Extra';
      },
      'RECIPE n=2',
      'recipe 2 "Garlic Knots Extra", name',
      'The name may have at most 16 characters on Matchbox 1718/1313.',
    ],
    [
      'microwave on a Matchbox',
      (s: OvenSettings) => {
        s.recipes[0]!.stages[0]!.microwave_percent = 20;
      },
      'STAGE recipe=1 n=1',
      'recipe 1 "Pepperoni Pizza", stage 1, microwave',
      'Matchbox 1718/1313 ovens have no microwave: leave it at 0.',
    ],
    [
      'set temp 0',
      (s: OvenSettings) => {
        s.recipes[4]!.set_temp = 0;
      },
      'RECIPE n=5',
      'recipe 5 "Toasted Sub", set temp',
      'Set Temp cannot be 0.',
    ],
    [
      'stage too short',
      (s: OvenSettings) => {
        Object.assign(s.recipes[3]!.stages[0]!, { minutes: '00', seconds: '04' });
      },
      'STAGE recipe=4 n=1',
      'recipe 4 "Cookie \\"XL\\"", stage 1, stage time'.replace('\\"XL\\"', '"XL"'),
      'A stage must last at least 5 seconds.',
    ],
    [
      'event after the end',
      (s: OvenSettings) => {
        s.recipes[0]!.events[1]!.minutes = 9;
      },
      'EVENT recipe=1 n=2',
      'recipe 1 "Pepperoni Pizza", event 2, time',
      'Minutes must be between 0 and 6 (the length of the stages).',
    ],
    [
      'oven name',
      (s: OvenSettings) => {
        s.name = 'Oven #1';
      },
      'OVEN',
      'oven name',
      'Please input a valid oven name. "#" cannot be shown on the oven.',
    ],
    [
      'warm-up temperature',
      (s: OvenSettings) => {
        s.warmUps[1]!.temperature = 900;
      },
      'WARMUP n=2',
      'warm-up 2 temperature',
      'Please enter a valid profile temperature',
    ],
    [
      'button position',
      (s: OvenSettings) => {
        s.screens[1]!.buttons[0]!.position = 9;
      },
      'BUTTON screen=2',
      'button position',
      'A button on screen 2 must be in position 1 to 8.',
    ],
    [
      'missing recipe',
      (s: OvenSettings) => {
        s.screens[1]!.buttons[0]!.ref = 42;
      },
      'BUTTON screen=2',
      'button recipe',
      'There is no recipe 42 in this file.',
    ],
    [
      'category off screen',
      (s: OvenSettings) => {
        s.screens[0]!.buttons.splice(1, 1);
      },
      'CATEGORY n=1',
      'category 1 "Sides"',
      'This category is not on any screen.',
    ],
    [
      'too many pages',
      (s: OvenSettings) => {
        s.categories[0]!.pages = Array.from({ length: 23 }, () => ({ buttons: [] }));
      },
      'CATEGORY n=1',
      'category 1 "Sides"',
      'A category has at most 22 pages on Matchbox 1718/1313.',
    ],
    [
      'too many screens',
      (s: OvenSettings) => {
        s.screens = Array.from({ length: 9 }, () => ({ buttons: [] }));
        s.categories = [];
      },
      'SCREEN n=9',
      'screens',
      'Matchbox 1718/1313 ovens have at most 8 screens.',
    ],
    [
      'unknown icon',
      (s: OvenSettings) => {
        s.recipes[1]!.icon = 'ICON_TOASTER';
      },
      'RECIPE n=2',
      'recipe 2 "Garlic Knots", icon',
      'Choose one of the icons.',
    ],
  ])('%s', (_name, change, needle, field, message) => {
    const file = variant(change);
    const errors = errorsOf(file);
    expect(errors).toContainEqual(expect.objectContaining({ line: lineOf(file, needle), field, message }));
  });

  it('conveyor: one stage, no warm-ups; MiLO: 32 categories at most', () => {
    const co = exampleSettings('Conveyor 2600/2000/1400');
    co.recipes[0]!.stages.push({ ...co.recipes[0]!.stages[0]!, order: 2 });
    co.warmUps = [{ name: 'Morning', temperature: 400 }];
    const messages = errorsOf(serializeSettings(co)).map((e) => e.message);
    expect(messages).toContain('Conveyor 2600/2000/1400 recipes have at most 1 stage.');
    expect(messages).toContain('Conveyor 2600/2000/1400 ovens have no warm-up profiles.');

    const milo = maximalMiloSettings();
    milo.categories.push({ name: 'One Too Many', icon: 'ICON_PIZZA', pages: [{ buttons: [] }] });
    milo.screens[0]!.buttons.push({
      position: 33,
      kind: 'category',
      ref: 33,
      icon: 'ICON_PIZZA',
      color: 'GREY_600',
      favorite: false,
    });
    const miloErrors = errorsOf(serializeSettings(milo)).map((e) => e.message);
    expect(miloErrors).toContain('MiLO/Double MiLO ovens have at most 32 categories.');
    expect(miloErrors).toContain('A button on screen 1 must be in position 1 to 32.');
  });
});

describe('the maximal MiLO file (32 categories × 1,024 recipes)', () => {
  it('round-trips exactly', () => {
    const settings = maximalMiloSettings();
    expect(settings.categories).toHaveLength(32);
    expect(settings.categories.every((c) => c.pages[0]!.buttons.length === 1024)).toBe(true);
    const file = serializeSettings(settings);
    const r = parseSettings(file, { expectedType: 'MiLO/Double MiLO' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(serializeSettings(r.settings)).toBe(file);
  });
});

/* ---------- Properties ---------- */

function stagesArb(model: OvenModel): fc.Arbitrary<Stage[]> {
  return fc
    .record({
      count: fc.integer({ min: 1, max: model.maxStages }),
      start: fc.integer({ min: model.minTemp, max: model.maxTemp }),
      deltas: fc.array(fc.integer({ min: -model.tempStep, max: model.tempStep }), {
        minLength: 2,
        maxLength: 2,
      }),
      times: fc.array(
        fc.tuple(fc.integer({ min: 0, max: model.maxMinutes }), fc.integer({ min: 5, max: 59 })),
        { minLength: 3, maxLength: 3 },
      ),
      percents: fc.array(
        fc.integer({ min: 2, max: 20 }).map((n) => n * 5),
        { minLength: 4, maxLength: 4 },
      ),
      ir: fc.constantFrom(...IR_LEVELS),
      vent: fc.boolean(),
    })
    .map(({ count, start, deltas, times, percents, ir, vent }) => {
      const stages: Stage[] = [];
      let temp = start;
      for (let i = 0; i < count; i++) {
        if (i > 0) temp = Math.min(model.maxTemp, Math.max(model.minTemp, temp + deltas[i - 1]!));
        const [m, s] = times[i]!;
        stages.push({
          order: i + 1,
          hours: '00',
          minutes: String(m).padStart(2, '0'),
          seconds: String(s).padStart(2, '0'),
          temp,
          percent_air_top: percents[0]!,
          percent_air_bottom: percents[1]!,
          blower_percent: percents[2]!,
          microwave_percent: model.microwave ? percents[3]! - 10 : 0,
          ir_lvl_top: model.infrared ? ir : 'OFF',
          ir_lvl_bottom: 'OFF',
          force_vent_open: model.forceVent && vent,
        });
      }
      return stages;
    });
}

const safeText = fc.string({ maxLength: 30 });
const nameChars = (max: number) =>
  fc
    .stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 _"-]{0,${max - 1}}$`))
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= max);

function settingsArb(): fc.Arbitrary<OvenSettings> {
  return fc.constantFrom(...OVEN_MODELS).chain((model) =>
    fc
      .record({
        name: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_ -]{0,14}[A-Za-z0-9]$/),
        warmUps: fc.array(
          fc.record({
            name: fc.stringMatching(/^[A-Za-z0-9]{1,24}$/),
            temperature: fc.integer({ min: model.minTemp, max: model.maxTemp }),
          }),
          { maxLength: model.maxWarmUps },
        ),
        recipes: fc.array(
          fc.record({
            name: nameChars(model.recipeNameMax),
            product_name: fc
              .stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}$/)
              .map((s) => s.trim())
              .filter(Boolean),
            set_temp: fc.integer({ min: 1, max: 999 }),
            category: fc.constantFrom(...FOOD_CATEGORIES),
            starting_state: fc.option(fc.constantFrom(...STARTING_STATES), { nil: null }),
            icon: fc.constantFrom(...ICON_NAMES),
            dish_type: safeText,
            brand: safeText,
            sku: safeText,
            weight: safeText,
            quantity: safeText,
            ingredients: safeText,
            outcome_attributes: safeText,
            procedure: safeText,
            outcome: safeText,
            stages: stagesArb(model),
            events: fc.constant<CookEvent[]>([]),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        color: fc.constantFrom(...BUTTON_COLOR_NAMES),
        favorite: fc.boolean(),
      })
      .map(({ name, warmUps, recipes, color, favorite }) => ({
        type: model.type,
        name,
        warmUps,
        recipes,
        screens: [
          {
            buttons: recipes.map((_, i) => ({
              position: i + 1,
              kind: 'recipe' as const,
              ref: i + 1,
              icon: 'ICON_PIZZA',
              color,
              favorite,
            })),
          },
        ],
        categories: [],
      })),
  );
}

describe('properties', () => {
  it('parse(serialize(x)) equals x, and serialize(parse(f)) === f', () => {
    fc.assert(
      fc.property(settingsArb(), (settings) => {
        const file = serializeSettings(settings);
        const r = parseSettings(file);
        if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
        expect(r.settings).toEqual(settings);
        expect(serializeSettings(r.settings)).toBe(file);
      }),
      { numRuns: 150 },
    );
  });

  it('the parser never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const r = parseSettings(text);
        return (
          r.ok === false &&
          r.errors.length > 0 &&
          r.errors.every((e) => e.line >= 0 && english(e.said).length > 0)
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a damaged or edited file is either refused or still passes every rule', () => {
    const files = EXAMPLE_TYPES.map((t) => golden(t));
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        fc.nat(),
        fc.string({ minLength: 0, maxLength: 6 }),
        fc.boolean(),
        (file, at, insert, resealIt) => {
          const pos = at % file.length;
          let edited = file.slice(0, pos) + insert + file.slice(pos + (insert.length % 3));
          if (resealIt && edited.includes('END ')) edited = reseal(edited);
          const r = parseSettings(edited);
          if (!r.ok) return r.errors.length > 0;
          const model = ovenModel(r.settings.type);
          return (
            englishOf(ovenNameIssue(r.settings.name)) === null &&
            warmUpsIssues(r.settings.warmUps, model).length === 0 &&
            r.settings.recipes.every((rec) => recipeIssues({ ...rec, oven_type: model.type }).length === 0)
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('the canonical reader and the general reader agree on every edited line', () => {
    const files = EXAMPLE_TYPES.map((t) => golden(t));
    const odd = ['"', '\\', ' ', '=', '0', '9', '-', 'A', 'x', '\t', 'é', ':', '', '  ', '9999999999', '\\n'];
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...odd),
        fc.integer({ min: 0, max: 2 }),
        (file, lineAt, charAt, insert, removed) => {
          const lines = file.split('\n');
          const n = 1 + (lineAt % (lines.length - 3));
          const line = lines[n]!;
          const at = charAt % (line.length + 1);
          lines[n] = line.slice(0, at) + insert + line.slice(at + removed);
          const edited = reseal(lines.join('\n'));
          expect(parseSettings(edited)).toEqual(parseSettings(edited, { generalReaderOnly: true }));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('the two readers agree on the maximal file', () => {
    const file = serializeSettings(maximalMiloSettings());
    const fast = parseSettings(file);
    expect(fast.ok).toBe(true);
    expect(fast).toEqual(parseSettings(file, { generalReaderOnly: true }));
  });
});
