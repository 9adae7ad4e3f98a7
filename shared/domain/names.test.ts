import { describe, expect, it } from 'vitest';
import { english, englishOf } from '../i18n/english';
import { said } from '../i18n/said';
import { categoryNameIssue } from './category';
import type { Issue } from './issues';
import { ovenNameIssue } from './oven';
import { ovenModel } from './oven-models';
import { STAGE_DEFAULTS, type Stage } from './stage';
import { parseProfileTemperature, warmUpsIssues } from './warm-up';

const conveyor = ovenModel('Conveyor 2600/2000/1400');
const matchbox = ovenModel('Matchbox 1718/1313');
const _m360 = ovenModel('Matchbox M360 14/12');
const milo = ovenModel('MiLO/Double MiLO');
const _misa = ovenModel('MiSA');
const _shuttle = ovenModel('Shuttle 1200/1600/2000/2600');

const _stage = (patch: Partial<Stage> = {}): Stage => ({
  ...STAGE_DEFAULTS,
  order: 1,
  temp: 400,
  minutes: '01',
  ...patch,
});
const messages = (issues: readonly Issue[]) => issues.map((i) => english(i.said));

describe('names: category, oven, warm-up profiles (spec §5)', () => {
  it.each([
    ['Pizza', null],
    ['Hot-Snacks 2', null],
    ['X'.repeat(16), null],
    ['X'.repeat(17), english(said('rules.categoryName'))],
    ['Pizza_Pies', `${english(said('rules.categoryName'))} "_" cannot be shown on the oven; use "-".`],
    ['', english(said('rules.categoryName'))],
  ])('category %j', (name, expected) => {
    expect(englishOf(categoryNameIssue(name))).toBe(expected);
  });

  it.each([
    ['Main Street', null],
    ['Oven_2-North', null],
    ['  Padded  ', null],
    ['X'.repeat(16), null],
    ['X'.repeat(17), `${english(said('rules.ovenName'))}: at most 16 characters (this one has 17).`],
    ['', english(said('rules.ovenName'))],
    ['Oven #1', `${english(said('rules.ovenName'))}. "#" cannot be shown on the oven.`],
  ])('oven %j', (name, expected) => {
    expect(englishOf(ovenNameIssue(name))).toBe(expected);
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
      english(said('rules.profileName')),
    ]);
    expect(messages(warmUpsIssues([{ name: 'X'.repeat(24), temperature: 600 }], matchbox))).toEqual([
      english(said('rules.profileTemp')),
    ]);
  });
});
