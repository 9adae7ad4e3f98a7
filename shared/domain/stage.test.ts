import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english, englishOf } from '../i18n/english';
import { said } from '../i18n/said';
import type { Issue } from './issues';
import { OVEN_MODELS, ovenModel } from './oven-models';
import {
  addStage,
  canAddStage,
  clampTemp,
  deleteStage,
  newStage,
  normalizeTimePart,
  STAGE_DEFAULTS,
  type Stage,
  stageIssues,
  stagesIssues,
  stageTempIssue,
  stageTempWarnings,
  stageTimeIssues,
  updateStage,
} from './stage';

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
const messages = (issues: readonly Issue[]) => issues.map((i) => english(i.said));

describe('stage time (spec §5)', () => {
  it.each([
    [{ seconds: '59', minutes: '00' }, []],
    [{ seconds: '60', minutes: '00' }, [english(said('rules.seconds'))]],
    [{ seconds: '5', minutes: '00' }, [english(said('rules.seconds'))]],
    [{ seconds: '04', minutes: '00' }, [english(said('rules.stageTooShort'))]],
    [{ seconds: '05', minutes: '00' }, []],
    [{ seconds: '00', minutes: '00' }, [english(said('rules.stageTooShort'))]],
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

  it('pads whole numbers and single digits to two digits', () => {
    expect([normalizeTimePart('7'), normalizeTimePart(7), normalizeTimePart('07')]).toEqual([
      '07',
      '07',
      '07',
    ]);
  });

  it('keeps what is not a time part as written, so the rules refuse it by name', () => {
    expect([normalizeTimePart('x'), normalizeTimePart(-3), normalizeTimePart(2.5)]).toEqual([
      'x',
      '-3',
      '2.5',
    ]);
    expect(messages(stageTimeIssues(stage({ minutes: normalizeTimePart(-3) }), matchbox))).toEqual([
      'Minutes must be between 0 and 99.',
    ]);
  });
});

describe('stage temperature (spec §5)', () => {
  it.each(OVEN_MODELS.map((m) => [m.type, m] as const))('%s: stage 1 must lie in the range', (_type, m) => {
    expect(englishOf(stageTempIssue(m.minTemp, undefined, m))).toBeNull();
    expect(englishOf(stageTempIssue(m.maxTemp, undefined, m))).toBeNull();
    expect(englishOf(stageTempIssue(m.minTemp - 1, undefined, m))).toBe(
      `Temperature must be between ${m.minTemp} and ${m.maxTemp} °F.`,
    );
    expect(englishOf(stageTempIssue(m.maxTemp + 1, undefined, m))).toMatch(/must be between/);
  });

  it.each([
    [matchbox, 400, 450, null],
    [matchbox, 400, 451, english(said('rules.tempTooFar'))],
    [matchbox, 400, 350, null],
    [matchbox, 400, 349, english(said('rules.tempTooFar'))],
    [m360, 400, 450, null],
    [shuttle, 400, 425, null],
    [shuttle, 400, 426, english(said('rules.tempTooFar'))],
    [milo, 400, 375, null],
    [milo, 400, 374, english(said('rules.tempTooFar'))],
    [misa, 300, 326, english(said('rules.tempTooFar'))],
  ])('$0.key: after %i, %i → %s', (model, previous, temp, expected) => {
    expect(englishOf(stageTempIssue(temp, previous, model))).toBe(expected);
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
