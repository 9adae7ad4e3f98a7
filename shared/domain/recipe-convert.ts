/**
 * A recipe converted to another oven model: the result passes every rule of the target, and every change is
 * listed in one line a manager reads ('Stage 2 temperature 560 °F → 525 °F: the MiSA's maximum.'). Temperatures
 * in the lines are held in °F, as everywhere in the domain, and said in the reader's unit (`degrees`).
 *
 * Choices: stages beyond the target's count become one last stage that runs their total time at their
 * time-weighted temperature (and microwave), with the air settings of the longest of them; a stage longer than the
 * target allows is shortened to its longest; temperatures are brought into the target's range, then within its
 * step of the stage before; microwave, infrared and force vent are switched off where the target has none (a
 * target that has them gets their defaults: 0 %, OFF, closed); the name is cut to the target's length; the set
 * temperature is brought into the target's range; events after the new end of cooking are dropped. A time written
 * differently (1 h 10 min on a Conveyor, 70 min on a Matchbox) is the same time and is not listed.
 */

import { degrees, type Said, said } from '../i18n/said';
import type { CookEvent } from './event';
import type { OvenModel } from './oven-models';
import { findOvenModel } from './oven-models';
import { normalizeRecipeName, type RecipeFields } from './recipe';
import { formatDuration, type Stage, stageSeconds } from './stage';

export interface ConversionChange {
  /** Where in the result: 'name', 'set_temp', 'stages', 'stages.1.temp', 'events.0', … */
  field: string;
  said: Said;
}

export interface Conversion {
  recipe: RecipeFields;
  changes: ConversionChange[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as the target writes a stage time, shortened to the longest it allows. */
function timeFor(seconds: number, model: OvenModel): Pick<Stage, 'hours' | 'minutes' | 'seconds'> {
  if (model.maxHours > 0) {
    const longest = model.maxHours * 3600 + model.maxMinutes * 60 + 59;
    const s = Math.min(seconds, longest);
    const h = Math.min(model.maxHours, Math.floor(s / 3600));
    const m = Math.min(model.maxMinutes, Math.floor((s - h * 3600) / 60));
    return { hours: pad(h), minutes: pad(m), seconds: pad(s - h * 3600 - m * 60) };
  }
  const s = Math.min(seconds, model.maxMinutes * 60 + 59);
  const m = Math.floor(s / 60);
  return { hours: '00', minutes: pad(m), seconds: pad(s - m * 60) };
}

/** Several stages as one: their total time at their time-weighted temperature and microwave power. */
function mergeStages(stages: readonly Stage[]): Stage {
  const seconds = stages.map((s) => stageSeconds(s));
  const total = seconds.reduce((a, b) => a + b, 0);
  const weighted = (value: (s: Stage) => number) =>
    stages.reduce((sum, s, i) => sum + value(s) * seconds[i]!, 0) / total;
  const longest = stages[seconds.indexOf(Math.max(...seconds))]!;
  return {
    ...longest,
    order: stages[0]!.order,
    ...timeFor(total, { maxHours: 99, maxMinutes: 59 } as OvenModel),
    temp: Math.round(weighted((s) => s.temp)),
    microwave_percent: Math.round(weighted((s) => s.microwave_percent) / 5) * 5,
  };
}

/**
 * Clears in place what a stage sets that the model lacks (microwave, infrared, force vent), saying each in a line:
 * a conversion does it, and so does the wizard when its oven model changes (the field is hidden then, and a value
 * left there would block the recipe with no field to fix it in).
 */
export function withoutMissingSettings(
  out: Stage,
  n: number,
  at: string,
  target: OvenModel,
): ConversionChange[] {
  const changes: ConversionChange[] = [];
  if (!target.microwave && out.microwave_percent !== 0) {
    changes.push({
      field: `${at}.microwave_percent`,
      said: said('ruleMessages.convertMicrowave', {
        n,
        from: `${out.microwave_percent} %`,
        type: target.type,
      }),
    });
    out.microwave_percent = 0;
  }
  for (const side of ['top', 'bottom'] as const) {
    const key = side === 'top' ? 'ir_lvl_top' : 'ir_lvl_bottom';
    if (!target.infrared && out[key] !== 'OFF') {
      changes.push({
        field: `${at}.${key}`,
        said: said(
          side === 'top' ? 'ruleMessages.convertInfraredTop' : 'ruleMessages.convertInfraredBottom',
          {
            n,
            from: out[key],
            type: target.type,
          },
        ),
      });
      out[key] = 'OFF';
    }
  }
  if (!target.forceVent && out.force_vent_open) {
    changes.push({
      field: `${at}.force_vent_open`,
      said: said('ruleMessages.convertVent', { n, type: target.type }),
    });
    out.force_vent_open = false;
  }
  return changes;
}

/** A recipe's stages as the model can run them: what it lacks cleared, and the lines that say so. */
export function stagesFor(
  stages: readonly Stage[],
  target: OvenModel,
): { stages: Stage[]; changes: ConversionChange[] } {
  const changes: ConversionChange[] = [];
  const out = stages.map((stage, i) => {
    const copy = { ...stage };
    changes.push(...withoutMissingSettings(copy, i + 1, `stages.${i}`, target));
    return copy;
  });
  return { stages: out, changes };
}

export function convertRecipe(source: RecipeFields, target: OvenModel): Conversion {
  const from = findOvenModel(source.oven_type);
  const copy: RecipeFields = {
    ...source,
    stages: source.stages.map((s) => ({ ...s })),
    events: source.events.map((e) => ({ ...e })),
  };
  if (from?.type === target.type) return { recipe: copy, changes: [] };

  const changes: ConversionChange[] = [
    {
      field: 'oven_type',
      said: said('ruleMessages.convertModel', { from: source.oven_type, to: target.type }),
    },
  ];
  const recipe: RecipeFields = { ...copy, oven_type: target.type };

  const name = normalizeRecipeName(source.name, target);
  if (name !== source.name) {
    recipe.name = name;
    changes.push({
      field: 'name',
      said: said('ruleMessages.convertName', {
        from: source.name,
        to: name,
        type: target.type,
        max: target.recipeNameMax,
      }),
    });
  }

  if (source.set_temp < target.minTemp || source.set_temp > target.maxTemp) {
    recipe.set_temp = Math.min(target.maxTemp, Math.max(target.minTemp, source.set_temp));
    changes.push({
      field: 'set_temp',
      said: said('ruleMessages.convertSetTemp', {
        from: degrees(source.set_temp),
        to: degrees(recipe.set_temp),
        reason: said(
          recipe.set_temp === target.maxTemp ? 'ruleMessages.reasonMaximum' : 'ruleMessages.reasonMinimum',
          {
            type: target.type,
          },
        ),
      }),
    });
  }

  // Stages: first their number, then each stage's time, temperature and the fields the target lacks.
  let stages = copy.stages;
  if (stages.length > target.maxStages) {
    const keep = stages.slice(0, target.maxStages - 1);
    const rest = stages.slice(target.maxStages - 1);
    const merged = mergeStages(rest);
    const longest = rest.reduce((a, b) => (stageSeconds(b) > stageSeconds(a) ? b : a));
    stages = [...keep, merged];
    changes.push({
      field: 'stages',
      said: said(
        rest.length > 1
          ? target.maxStages === 1
            ? 'ruleMessages.convertMergedLongestOne'
            : 'ruleMessages.convertMergedLongest'
          : target.maxStages === 1
            ? 'ruleMessages.convertMergedOne'
            : 'ruleMessages.convertMerged',
        {
          list: rest.map((s) => s.order).join(', '),
          n: merged.order,
          type: target.type,
          max: target.maxStages,
          time: formatDuration(stageSeconds(merged)),
          temp: degrees(merged.temp),
          longest: longest.order,
        },
      ),
    });
  }
  recipe.stages = stages.map((stage, i) => {
    const n = i + 1;
    const at = `stages.${i}`;
    const out: Stage = { ...stage, order: n };
    const seconds = stageSeconds(stage);
    Object.assign(out, timeFor(seconds, target));
    const kept = stageSeconds(out);
    if (kept < seconds) {
      changes.push({
        field: `${at}.time`,
        said: said('ruleMessages.convertStageTime', {
          n,
          from: formatDuration(seconds),
          to: formatDuration(kept),
          type: target.type,
        }),
      });
    }
    return out;
  });
  for (let i = 0; i < recipe.stages.length; i++) {
    const out = recipe.stages[i]!;
    const n = i + 1;
    const at = `stages.${i}`;
    const before = out.temp;
    let reason: Said | null = null;
    if (out.temp > target.maxTemp) {
      out.temp = target.maxTemp;
      reason = said('ruleMessages.reasonMaximum', { type: target.type });
    } else if (out.temp < target.minTemp) {
      out.temp = target.minTemp;
      reason = said('ruleMessages.reasonMinimum', { type: target.type });
    }
    const previous = recipe.stages[i - 1];
    if (previous && Math.abs(out.temp - previous.temp) > target.tempStep) {
      out.temp = previous.temp + Math.sign(out.temp - previous.temp) * target.tempStep;
      reason = said('ruleMessages.reasonStep', {
        step: degrees(target.tempStep, 'step'),
        n: i,
        type: target.type,
      });
    }
    if (out.temp !== before && reason)
      changes.push({
        field: `${at}.temp`,
        said: said('ruleMessages.convertStageTemp', {
          n,
          from: degrees(before),
          to: degrees(out.temp),
          reason,
        }),
      });
    changes.push(...withoutMissingSettings(out, n, at, target));
  }

  const cooking = recipe.stages.reduce((sum, s) => sum + stageSeconds(s), 0);
  const fits = (e: CookEvent) => e.minutes * 60 + e.seconds <= cooking;
  recipe.events = [];
  copy.events.forEach((e, i) => {
    if (fits(e)) recipe.events.push(e);
    else
      changes.push({
        field: `events.${i}`,
        said: said('ruleMessages.convertEvent', {
          name: e.name,
          at: `${pad(e.minutes)}:${pad(e.seconds)}`,
          end: formatDuration(cooking),
        }),
      });
  });
  return { recipe, changes };
}
