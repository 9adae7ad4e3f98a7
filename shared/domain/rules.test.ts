import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OVEN_MODELS, type OvenType, ovenModel } from './oven-models';
import {
  addStage,
  canAddStage,
  categoryNameIssue,
  clampTemp,
  copyRecipeName,
  deleteStage,
  detectImageType,
  eventIssues,
  eventsIssues,
  isAllowedImageName,
  MESSAGES,
  newStage,
  normalizeRecipeName,
  normalizeSetTemp,
  ovenNameIssue,
  padTime,
  parseProfileTemperature,
  partitionImport,
  recipeIssues,
  recipeNameIssue,
  STAGE_DEFAULTS,
  type Stage,
  setTempIssue,
  stageIssues,
  stagesIssues,
  stageTempIssue,
  stageTempWarnings,
  stageTimeIssues,
  totalStageMinutes,
  updateStage,
  warmUpsIssues,
} from './rules';

const conveyor = ovenModel('Conveyor 2600/2000/1400');
const matchbox = ovenModel('Matchbox 1718/1313');
const m360 = ovenModel('Matchbox M360 14/12');
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
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('the oven model catalogue (spec §1, §3, §9)', () => {
  it.each([
    ['Conveyor 2600/2000/1400', 'CO', 'ai2', 82, 550, 8, 1, 15, 2, 60, 25, 0],
    ['Matchbox 1718/1313', 'MB', 'ai2', 250, 525, 8, 3, 16, 0, 99, 50, 3],
    ['Matchbox M360 14/12', '360', 'ai2', 250, 525, 8, 3, 16, 0, 99, 50, 3],
    ['MiLO/Double MiLO', 'MiLO', 'rcp', 82, 600, 1, 3, 24, 0, 99, 25, 3],
    ['MiSA', 'MiSA', 'rcp', 200, 525, 1, 3, 24, 0, 99, 25, 3],
    ['Shuttle 1200/1600/2000/2600', 'S', 'ai2', 250, 550, 8, 3, 16, 0, 99, 25, 3],
  ] as const)(
    '%s',
    (type, badge, family, min, max, screens, stages, nameMax, hours, minutes, step, warmUps) => {
      const m = ovenModel(type as OvenType);
      expect([m.badge, m.family, m.minTemp, m.maxTemp, m.maxScreens, m.maxStages, m.recipeNameMax]).toEqual([
        badge,
        family,
        min,
        max,
        screens,
        stages,
        nameMax,
      ]);
      expect([m.maxHours, m.maxMinutes, m.tempStep, m.maxWarmUps, m.maxPagesPerCategory > 0]).toEqual([
        hours,
        minutes,
        step,
        warmUps,
        true,
      ]);
      expect(m.fileName).toMatch(/^[A-Z0-9]{1,8}\.(AI2|RCP)$/);
      expect(m.thumbnail).toMatch(/^\/images\/ovens\/\w+\.svg$/);
    },
  );

  it('MiLO: 32 categories of 1,024 recipes, 6 buttons a screen; inner screens have 22 pages elsewhere', () => {
    expect([milo.maxCategories, milo.maxRecipesPerCategory, milo.buttonsPerScreen]).toEqual([32, 1024, 6]);
    expect(misa.buttonsPerScreen).toBe(6);
    for (const m of [conveyor, matchbox, m360, shuttle]) expect(m.maxPagesPerCategory).toBe(22);
  });

  it('only MiLO has microwave and only MiSA has infrared', () => {
    expect(OVEN_MODELS.filter((m) => m.microwave).map((m) => m.key)).toEqual(['milo']);
    expect(OVEN_MODELS.filter((m) => m.infrared).map((m) => m.key)).toEqual(['misa']);
  });
});

describe('recipe name (spec §5)', () => {
  it.each([
    ['', MESSAGES.recipeName],
    ['    ', MESSAGES.recipeName],
    ['Pizza!', MESSAGES.recipeNameCharset],
    ['Crème', MESSAGES.recipeNameCharset],
    ['Pizza/Large', MESSAGES.recipeNameCharset],
    ['Pepperoni_12 "XL"-2', null],
    ['a', null],
  ])('%j → %s', (name, message) => {
    expect(recipeNameIssue(name)).toBe(message);
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

describe('stage time (spec §5)', () => {
  it.each([
    [{ seconds: '59', minutes: '00' }, []],
    [{ seconds: '60', minutes: '00' }, [MESSAGES.seconds]],
    [{ seconds: '5', minutes: '00' }, [MESSAGES.seconds]],
    [{ seconds: '04', minutes: '00' }, [MESSAGES.stageTooShort]],
    [{ seconds: '05', minutes: '00' }, []],
    [{ seconds: '00', minutes: '00' }, [MESSAGES.stageTooShort]],
    [{ seconds: '00', minutes: '01' }, []],
    [{ seconds: '00', minutes: '99' }, []],
    [{ seconds: '00', minutes: '100' }, ['Minutes must be between 0 and 99.']],
    [{ hours: '01' }, ['Hours are only used on conveyor ovens.']],
  ])('matchbox %j', (patch, expected) => {
    expect(messages(stageTimeIssues(stage(patch), matchbox))).toEqual(expected);
  });

  it.each([
    [{ hours: '02', minutes: '60' }, []],
    [{ hours: '03', minutes: '00' }, ['Hours must be between 0 and 2.']],
    [{ hours: '00', minutes: '61' }, ['Minutes must be between 0 and 60.']],
    [{ hours: '01', minutes: '00', seconds: '00' }, []],
  ])('conveyor %j', (patch, expected) => {
    expect(messages(stageTimeIssues(stage(patch), conveyor))).toEqual(expected);
  });

  it('pads time parts to two digits', () => {
    expect([padTime('7'), padTime(7), padTime('07'), padTime('x'), padTime(-1)]).toEqual([
      '07',
      '07',
      '07',
      '00',
      '00',
    ]);
  });
});

describe('stage temperature (spec §5)', () => {
  it.each(OVEN_MODELS.map((m) => [m.type, m] as const))('%s: stage 1 must lie in the range', (_type, m) => {
    expect(stageTempIssue(m.minTemp, undefined, m)).toBeNull();
    expect(stageTempIssue(m.maxTemp, undefined, m)).toBeNull();
    expect(stageTempIssue(m.minTemp - 1, undefined, m)).toBe(
      `Temperature must be between ${m.minTemp} and ${m.maxTemp} ºF.`,
    );
    expect(stageTempIssue(m.maxTemp + 1, undefined, m)).toMatch(/must be between/);
  });

  it.each([
    [matchbox, 400, 450, null],
    [matchbox, 400, 451, MESSAGES.tempTooFar],
    [matchbox, 400, 350, null],
    [matchbox, 400, 349, MESSAGES.tempTooFar],
    [m360, 400, 450, null],
    [shuttle, 400, 425, null],
    [shuttle, 400, 426, MESSAGES.tempTooFar],
    [milo, 400, 375, null],
    [milo, 400, 374, MESSAGES.tempTooFar],
    [misa, 300, 326, MESSAGES.tempTooFar],
  ])('$0.key: after %i, %i → %s', (model, previous, temp, expected) => {
    expect(stageTempIssue(temp, previous, model)).toBe(expected);
  });

  it('flags a warning on stage 2 or 3 only', () => {
    const temps = [{ temp: 300 }, { temp: 400 }, { temp: 410 }];
    expect(stageTempWarnings(temps, matchbox)).toEqual([false, true, false]);
    expect(stageTempWarnings([{ temp: 300 }, { temp: 300 }, { temp: 400 }], shuttle)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('clamps into the range, and clamping twice changes nothing (property)', () => {
    expect(clampTemp(10, matchbox)).toBe(250);
    expect(clampTemp(999, matchbox)).toBe(525);
    expect(clampTemp(Number.NaN, milo)).toBe(82);
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.constantFrom(...OVEN_MODELS), (t, m) => {
        const once = clampTemp(t, m);
        return once === clampTemp(once, m) && once >= m.minTemp && once <= m.maxTemp;
      }),
    );
  });
});

describe('stage selects (spec §5)', () => {
  it.each([
    ['percent_air_top', 10, true],
    ['percent_air_top', 5, false],
    ['percent_air_top', 100, true],
    ['percent_air_top', 105, false],
    ['percent_air_top', 12, false],
    ['percent_air_bottom', 95, true],
    ['blower_percent', 0, false],
    ['blower_percent', 55, true],
  ] as const)('%s = %i valid: %s', (field, value, valid) => {
    expect(stageIssues(stage({ [field]: value }), undefined, matchbox).length === 0).toBe(valid);
  });

  it('microwave 0–100 step 5, only on MiLO', () => {
    expect(stageIssues(stage({ microwave_percent: 0 }), undefined, milo)).toEqual([]);
    expect(stageIssues(stage({ microwave_percent: 100 }), undefined, milo)).toEqual([]);
    expect(messages(stageIssues(stage({ microwave_percent: 7 }), undefined, milo))).toEqual([
      'Choose a value from 0 to 100 in steps of 5.',
    ]);
    expect(messages(stageIssues(stage({ microwave_percent: 50 }), undefined, matchbox))[0]).toMatch(
      /no microwave/,
    );
  });

  it('IR levels OFF/LOW/MEDIUM/HIGH, only on MiSA; force vent not on conveyor', () => {
    for (const level of ['OFF', 'LOW', 'MEDIUM', 'HIGH'] as const) {
      expect(stageIssues(stage({ ir_lvl_top: level, ir_lvl_bottom: level }), undefined, misa)).toEqual([]);
    }
    expect(messages(stageIssues(stage({ ir_lvl_top: 'LOW' }), undefined, milo))[0]).toMatch(/no infrared/);
    expect(messages(stageIssues(stage({ ir_lvl_top: 'HOT' as never }), undefined, misa))).toEqual([
      'Choose OFF, LOW, MEDIUM or HIGH.',
    ]);
    expect(messages(stageIssues(stage({ force_vent_open: true }), undefined, conveyor))[0]).toMatch(
      /no force vent/,
    );
    expect(stageIssues(stage({ force_vent_open: true }), undefined, matchbox)).toEqual([]);
  });
});

describe('stage count and list operations (spec §4, §5)', () => {
  it.each([
    [conveyor, 1, true],
    [conveyor, 2, false],
    [matchbox, 3, true],
    [matchbox, 4, false],
    [milo, 0, false],
  ])('$0.key with %i stages valid: %s', (model, count, valid) => {
    const stages = Array.from({ length: count }, (_, i) => stage({ order: i + 1, temp: model.minTemp }));
    expect(stagesIssues(stages, model).length === 0).toBe(valid);
  });

  it('a new stage starts at the previous temp, or the model minimum; add appends with order count + 1', () => {
    expect(newStage([], milo)).toMatchObject({
      order: 1,
      temp: 82,
      blower_percent: 10,
      microwave_percent: 0,
    });
    const one = addStage([], stage({ temp: 420 }));
    expect(newStage(one, milo)).toMatchObject({ order: 2, temp: 420 });
    const two = addStage(one, stage({ order: 99, temp: 430 }));
    expect(two.map((s) => s.order)).toEqual([1, 2]);
  });

  it('update replaces the stage of the same order; delete renumbers from 1', () => {
    const three = [stage({ order: 1 }), stage({ order: 2, temp: 410 }), stage({ order: 3, temp: 420 })];
    expect(updateStage(three, stage({ order: 2, temp: 415 })).map((s) => s.temp)).toEqual([400, 415, 420]);
    const after = deleteStage(three, 2);
    expect(after.map((s) => [s.order, s.temp])).toEqual([
      [1, 400],
      [2, 420],
    ]);
  });

  it('deleting any stage keeps orders 1..n (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), (n, del) => {
        const list = Array.from({ length: n }, (_, i) => stage({ order: i + 1 }));
        const out = deleteStage(list, del);
        return out.every((s, i) => s.order === i + 1) && out.length === (del <= n ? n - 1 : n);
      }),
    );
  });

  it('a stage can be added only with 5 s and a valid temperature, below the maximum', () => {
    expect(canAddStage(stage({ minutes: '00', seconds: '05' }), [], matchbox)).toBe(true);
    expect(canAddStage(stage({ minutes: '00', seconds: '04' }), [], matchbox)).toBe(false);
    expect(canAddStage(stage({ temp: 200 }), [], matchbox)).toBe(false);
    expect(canAddStage(stage(), [stage()], conveyor)).toBe(false);
  });
});

describe('events (spec §5)', () => {
  const stages = [stage({ minutes: '02', seconds: '30' }), stage({ order: 2, minutes: '01', seconds: '45' })];
  it('minute choices go up to the total stage minutes', () => {
    expect(totalStageMinutes(stages)).toBe(4);
  });
  it.each([
    [{ name: 'Rotate', minutes: 0, seconds: 30 }, []],
    [{ name: 'X'.repeat(24), minutes: 1, seconds: 0 }, []],
    [{ name: 'X'.repeat(25), minutes: 1, seconds: 0 }, [MESSAGES.eventName]],
    [{ name: '  ', minutes: 1, seconds: 0 }, [MESSAGES.eventName]],
    [{ name: 'Add cheese!', minutes: 1, seconds: 0 }, [MESSAGES.eventName]],
    [{ name: 'Flip-over 2', minutes: 0, seconds: 0 }, [MESSAGES.eventTime]],
    [{ name: 'Flip', minutes: 4, seconds: 0 }, []],
    [
      { name: 'Flip', minutes: 5, seconds: 0 },
      ['Minutes must be between 0 and 4 (the length of the stages).'],
    ],
    [{ name: 'Flip', minutes: 0, seconds: 60 }, [MESSAGES.seconds]],
  ])('%j', (event, expected) => {
    expect(messages(eventIssues(event, totalStageMinutes(stages)))).toEqual(expected);
  });
  it('at most 2 events', () => {
    const e = { name: 'Rotate', minutes: 0, seconds: 30 };
    expect(eventsIssues([e, e], stages)).toEqual([]);
    expect(messages(eventsIssues([e, e, e], stages))).toEqual([MESSAGES.eventCount]);
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
    expect(setTempIssue(0)).toBe('Set Temp cannot be 0.');
    expect(setTempIssue(1)).toBeNull();
  });
});

describe('names: category, oven, warm-up profiles (spec §5)', () => {
  it.each([
    ['Pizza', null],
    ['Hot-Snacks 2', null],
    ['X'.repeat(16), null],
    ['X'.repeat(17), MESSAGES.categoryName],
    ['Pizza_Pies', MESSAGES.categoryName],
    ['', MESSAGES.categoryName],
  ])('category %j', (name, expected) => {
    expect(categoryNameIssue(name)).toBe(expected);
  });

  it.each([
    ['Main Street', null],
    ['Oven_2-North', null],
    ['  Padded  ', null],
    ['X'.repeat(16), null],
    ['X'.repeat(17), MESSAGES.ovenName],
    ['', MESSAGES.ovenName],
    ['Oven #1', MESSAGES.ovenName],
  ])('oven %j', (name, expected) => {
    expect(ovenNameIssue(name)).toBe(expected);
  });

  it.each([
    ['475', matchbox, 475],
    ['475.9', matchbox, 475],
    ['250', matchbox, 250],
    ['249', matchbox, null],
    ['526', matchbox, null],
    ['1000', milo, null],
    ['4a5', matchbox, null],
    ['', matchbox, null],
    ['82', milo, 82],
  ])('profile temperature %j on $1.key → %j', (input, model, expected) => {
    expect(parseProfileTemperature(input, model)).toBe(expected);
  });

  it('warm-ups: up to 3, none on conveyor, names up to 24, temperatures in range', () => {
    const w = { name: 'Morning', temperature: 400 };
    expect(warmUpsIssues([w, w, w], matchbox)).toEqual([]);
    expect(messages(warmUpsIssues([w, w, w, w], matchbox))).toEqual([
      'An oven has at most 3 warm-up profiles.',
    ]);
    expect(messages(warmUpsIssues([w], conveyor))[0]).toMatch(/no warm-up profiles/);
    expect(messages(warmUpsIssues([{ name: 'X'.repeat(25), temperature: 400 }], matchbox))).toEqual([
      MESSAGES.profileName,
    ]);
    expect(messages(warmUpsIssues([{ name: 'X'.repeat(24), temperature: 600 }], matchbox))).toEqual([
      MESSAGES.profileTemp,
    ]);
  });
});

describe('images', () => {
  it('accepts png, jpeg and jpg names and checks the bytes', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg'].map(isAllowedImageName)).toEqual([true, true, true]);
    expect(['a.gif', 'b.svg', 'png'].map(isAllowedImageName)).toEqual([false, false, false]);
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageType(new TextEncoder().encode('<svg></svg>'))).toBeNull();
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
    expect(recipeIssues({ ...recipe, oven_type: 'Toaster' })).toEqual([
      { path: ['oven_type'], message: MESSAGES.ovenType },
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
