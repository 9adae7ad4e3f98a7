import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../i18n/english';
import { FOOD_CATEGORIES, IR_LEVELS } from './catalog';
import { OVEN_MODELS, type OvenModel, ovenModel } from './oven-models';
import { type RecipeFields, recipeIssues } from './recipe';
import { convertRecipe, stagesFor } from './recipe-convert';
import { type Stage, stageSeconds } from './stage';

const two = (n: number) => String(n).padStart(2, '0');

/** Any recipe that passes every rule of its model. */
function validRecipe(model: OvenModel): fc.Arbitrary<RecipeFields> {
  const time =
    model.maxHours > 0
      ? fc.record({
          h: fc.integer({ min: 0, max: model.maxHours }),
          m: fc.integer({ min: 0, max: model.maxMinutes }),
          s: fc.integer({ min: 0, max: 59 }),
        })
      : fc.record({
          h: fc.constant(0),
          m: fc.integer({ min: 0, max: model.maxMinutes }),
          s: fc.integer({ min: 0, max: 59 }),
        });
  const percent = (min: number) => fc.integer({ min: min / 5, max: 20 }).map((n) => n * 5);
  const stage = fc.record({
    time: time.filter(({ h, m, s }) => h * 3600 + m * 60 + s >= 5),
    delta: fc.integer({ min: -model.tempStep, max: model.tempStep }),
    first: fc.integer({ min: model.minTemp, max: model.maxTemp }),
    air: fc.tuple(percent(10), percent(10), percent(10)),
    microwave: model.microwave ? percent(0) : fc.constant(0),
    ir: model.infrared
      ? fc.tuple(fc.constantFrom(...IR_LEVELS), fc.constantFrom(...IR_LEVELS))
      : fc.constant(['OFF', 'OFF'] as const),
    vent: model.forceVent ? fc.boolean() : fc.constant(false),
  });
  return fc
    .record({
      name: fc.stringMatching(
        new RegExp(`^[A-Za-z0-9][A-Za-z0-9 _"-]{0,${model.recipeNameMax - 2}}[A-Za-z0-9]$`),
      ),
      set_temp: fc.integer({ min: 1, max: 999 }),
      category: fc.constantFrom(...FOOD_CATEGORIES),
      stages: fc.array(stage, { minLength: 1, maxLength: model.maxStages }),
      events: fc.array(
        fc.record({ minutes: fc.integer({ min: 0, max: 200 }), seconds: fc.integer({ min: 1, max: 59 }) }),
        { maxLength: 2 },
      ),
    })
    .map(({ name, set_temp, category, stages, events }) => {
      let previous: number | undefined;
      const list: Stage[] = stages.map((s, i) => {
        const temp =
          previous === undefined
            ? s.first
            : Math.min(model.maxTemp, Math.max(model.minTemp, previous + s.delta));
        previous = temp;
        return {
          order: i + 1,
          hours: two(s.time.h),
          minutes: two(s.time.m),
          seconds: two(s.time.s),
          temp,
          percent_air_top: s.air[0],
          percent_air_bottom: s.air[1],
          blower_percent: s.air[2],
          microwave_percent: s.microwave,
          ir_lvl_top: s.ir[0],
          ir_lvl_bottom: s.ir[1],
          force_vent_open: s.vent,
        };
      });
      const cooking = list.reduce((sum, s) => sum + stageSeconds(s), 0);
      return {
        name,
        oven_type: model.type,
        product_name: 'Product',
        set_temp,
        category,
        starting_state: null,
        icon: 'ICON_PIZZA',
        stages: list,
        events: events
          .filter((e) => e.minutes * 60 + e.seconds <= cooking)
          .map((e, i) => ({ name: `Event ${i + 1}`, ...e })),
      };
    });
}

const anyRecipe = fc.constantFrom(...OVEN_MODELS).chain(validRecipe);
const anyModel = fc.constantFrom(...OVEN_MODELS);

/** Every field of a recipe, flattened ('stages.0.temp' → 450), times as seconds. */
function fields(r: RecipeFields): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(r)) if (k !== 'stages' && k !== 'events') out.set(k, v);
  r.stages.forEach((s, i) => {
    const { hours: _h, minutes: _m, seconds: _s, ...rest } = s;
    out.set(`stages.${i}.time`, stageSeconds(s));
    for (const [k, v] of Object.entries(rest)) out.set(`stages.${i}.${k}`, v);
  });
  // Events by name: a dropped event moves the ones after it up, which is not a change of theirs.
  for (const e of r.events) out.set(`event:${e.name}`, JSON.stringify(e));
  return out;
}

describe("a recipe's stages on another model (the wizard's model change)", () => {
  it('clears what the model lacks, a line for each, and leaves the rest as it was', () => {
    fc.assert(
      fc.property(anyRecipe, anyModel, (source, target) => {
        const { stages, changes } = stagesFor(source.stages, target);
        for (const [i, s] of stages.entries()) {
          if (!target.microwave) expect(s.microwave_percent).toBe(0);
          if (!target.infrared) expect([s.ir_lvl_top, s.ir_lvl_bottom]).toEqual(['OFF', 'OFF']);
          if (!target.forceVent) expect(s.force_vent_open).toBe(false);
          const was = source.stages[i]!;
          expect({
            ...s,
            microwave_percent: 0,
            ir_lvl_top: 'OFF',
            ir_lvl_bottom: 'OFF',
            force_vent_open: false,
          }).toEqual({
            ...was,
            microwave_percent: 0,
            ir_lvl_top: 'OFF',
            ir_lvl_bottom: 'OFF',
            force_vent_open: false,
          });
        }
        const differing = stages.flatMap((s, i) =>
          (['microwave_percent', 'ir_lvl_top', 'ir_lvl_bottom', 'force_vent_open'] as const).filter(
            (k) => s[k] !== source.stages[i]![k],
          ),
        );
        expect(changes).toHaveLength(differing.length);
      }),
    );
  });
});

describe('converting a recipe to another oven model', () => {
  it('always gives a recipe that passes every rule of the target', () => {
    fc.assert(
      fc.property(anyRecipe, anyModel, (source, target) => {
        expect(recipeIssues(source)).toEqual([]);
        expect(recipeIssues(convertRecipe(source, target).recipe)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it('changes nothing when the model is the same', () => {
    fc.assert(
      fc.property(anyRecipe, (source) => {
        const { recipe, changes } = convertRecipe(source, ovenModel(source.oven_type as never));
        expect(recipe).toEqual(source);
        expect(changes).toEqual([]);
      }),
    );
  });

  it('lists every field that changed', () => {
    fc.assert(
      fc.property(anyRecipe, anyModel, (source, target) => {
        const { recipe, changes } = convertRecipe(source, target);
        const before = fields(source);
        const after = fields(recipe);
        const listed = changes.map((c) => {
          const event = /^events\.(\d+)$/.exec(c.field);
          return event ? `event:${source.events[Number(event[1])]!.name}` : c.field;
        });
        const merged = listed.includes('stages');
        for (const [key, value] of after) {
          if (before.get(key) === value) continue;
          const stageField = /^stages\.(\d+)\./.exec(key);
          // A merged stage is explained by the 'stages' line (time, temperature, microwave, air of the longest).
          if (merged && stageField && Number(stageField[1]) === recipe.stages.length - 1) continue;
          expect(listed, `${key}: ${before.get(key)} → ${value}`).toContain(key);
        }
        for (const key of before.keys()) {
          if (!after.has(key) && !key.startsWith('stages.'))
            expect(listed).toContain(key.startsWith('events.') ? key : key);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('makes a 3-stage Matchbox recipe one Conveyor stage of the total time at the time-weighted temperature', () => {
    const source: RecipeFields = {
      name: 'Three Stage Pie',
      oven_type: 'Matchbox 1718/1313',
      product_name: 'Pie',
      set_temp: 500,
      category: 'Pizza',
      starting_state: null,
      icon: 'ICON_PIZZA',
      stages: [
        { order: 1, hours: '00', minutes: '01', seconds: '00', temp: 500 },
        { order: 2, hours: '00', minutes: '02', seconds: '00', temp: 450 },
        { order: 3, hours: '00', minutes: '01', seconds: '00', temp: 400 },
      ].map((s) => ({
        ...s,
        percent_air_top: 50,
        percent_air_bottom: 50,
        blower_percent: 50,
        microwave_percent: 0,
        ir_lvl_top: 'OFF' as const,
        ir_lvl_bottom: 'OFF' as const,
        force_vent_open: true,
      })),
      events: [{ name: 'Turn', minutes: 3, seconds: 30 }],
    };
    const { recipe, changes } = convertRecipe(source, ovenModel('Conveyor 2600/2000/1400'));
    expect(recipe.stages).toHaveLength(1);
    expect(recipe.stages[0]).toMatchObject({
      hours: '00',
      minutes: '04',
      seconds: '00',
      temp: 450,
      force_vent_open: false,
    });
    expect(recipe.name).toBe('Three Stage Pie');
    expect(changes.map((c) => english(c.said))).toEqual([
      'Oven model Matchbox 1718/1313 → Conveyor 2600/2000/1400.',
      'Stages 1, 2, 3 → stage 1: Conveyor 2600/2000/1400 recipes have at most 1 stage, so it runs their total time (04:00) at their time-weighted temperature (450 °F) with the air, infrared and vent settings of stage 2, the longest.',
      'Stage 1 force vent open → closed: the Conveyor 2600/2000/1400 has no force vent.',
    ]);
  });

  it('brings temperatures into the target range and step, and says why', () => {
    const source: RecipeFields = {
      name: 'Hot Wings Extra Long',
      oven_type: 'MiLO/Double MiLO',
      product_name: 'Wings',
      set_temp: 590,
      category: 'Protein',
      starting_state: null,
      icon: 'ICON_PIZZA',
      stages: [
        { order: 1, temp: 600, microwave_percent: 40 },
        { order: 2, temp: 575, microwave_percent: 0 },
      ].map((s) => ({
        ...s,
        hours: '00',
        minutes: '02',
        seconds: '00',
        percent_air_top: 50,
        percent_air_bottom: 50,
        blower_percent: 50,
        ir_lvl_top: 'OFF' as const,
        ir_lvl_bottom: 'OFF' as const,
        force_vent_open: false,
      })),
      events: [],
    };
    const { recipe, changes } = convertRecipe(source, ovenModel('MiSA'));
    expect(recipe.stages.map((s) => s.temp)).toEqual([525, 525]);
    expect(changes.map((c) => english(c.said))).toEqual([
      'Oven model MiLO/Double MiLO → MiSA.',
      "Set temp 590 °F → 525 °F: the MiSA's maximum.",
      "Stage 1 temperature 600 °F → 525 °F: the MiSA's maximum.",
      'Stage 1 microwave 40 % → 0 %: the MiSA has no microwave.',
      "Stage 2 temperature 575 °F → 525 °F: the MiSA's maximum.",
    ]);
  });
});
