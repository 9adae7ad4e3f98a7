import { describe, expect, it } from 'vitest';
import { OVEN_MODELS, type OvenType, ovenModel } from './oven-models';
import { STAGE_DEFAULTS, type Stage } from './stage';

const conveyor = ovenModel('Conveyor 2600/2000/1400');
const matchbox = ovenModel('Matchbox 1718/1313');
const m360 = ovenModel('Matchbox M360 14/12');
const milo = ovenModel('MiLO/Double MiLO');
const misa = ovenModel('MiSA');
const shuttle = ovenModel('Shuttle 1200/1600/2000/2600');

const _stage = (patch: Partial<Stage> = {}): Stage => ({
  ...STAGE_DEFAULTS,
  order: 1,
  temp: 400,
  minutes: '01',
  ...patch,
});

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
      expect(m.thumbnail).toMatch(/^\/images\/ovens\/\w+\.webp$/);
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
