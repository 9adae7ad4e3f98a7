/** Cooking stages (spec §3 Stage, §4 stage list, §5 stage time, temperature and selects). */

import { degrees, type Said, said } from '../i18n/said';
import { IR_LEVELS, type IrLevel } from './catalog';
import { type Issue, nest } from './issues';
import { LIMITS } from './messages';
import type { OvenModel } from './oven-models';

export interface Stage {
  order: number;
  hours: string;
  minutes: string;
  seconds: string;
  temp: number;
  percent_air_top: number;
  percent_air_bottom: number;
  blower_percent: number;
  microwave_percent: number;
  ir_lvl_top: IrLevel;
  ir_lvl_bottom: IrLevel;
  force_vent_open: boolean;
}

/**
 * A stage's settings beyond its place and its time, in the order the screens show them: what tells two stages
 * apart (an import's duplicate check), listed once. The type below fails to compile if a field of Stage is
 * neither here nor one of order, hours, minutes and seconds.
 */
export const STAGE_SETTINGS = [
  'temp',
  'percent_air_top',
  'percent_air_bottom',
  'blower_percent',
  'microwave_percent',
  'ir_lvl_top',
  'ir_lvl_bottom',
  'force_vent_open',
] as const satisfies readonly (keyof Stage)[];
type Unlisted = Exclude<
  keyof Stage,
  (typeof STAGE_SETTINGS)[number] | 'order' | 'hours' | 'minutes' | 'seconds'
>;
/** `never` while every field of a stage is listed; a field left out names itself in the error. */
export const STAGE_SETTINGS_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;

export const STAGE_DEFAULTS: Omit<Stage, 'order' | 'temp'> = {
  hours: '00',
  minutes: '00',
  seconds: '00',
  percent_air_top: 10,
  percent_air_bottom: 10,
  blower_percent: 10,
  microwave_percent: 0,
  ir_lvl_top: 'OFF',
  ir_lvl_bottom: 'OFF',
  force_vent_open: false,
};

/**
 * A time part as it travels (two-digit strings, spec §3): whole numbers 0–99 and single digits are padded
 * ('7' → '07'); anything else is kept as written, so the time rules refuse it by name instead of a silent '00'.
 */
export function normalizeTimePart(value: string | number): string {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 && value <= 99
      ? String(value).padStart(2, '0')
      : String(value);
  return /^\d$/.test(value) ? `0${value}` : value;
}

/** One or two digits as a number, else NaN (read by hand: this runs for every stage of a settings file). */
function timeNumber(part: string): number {
  if (typeof part !== 'string') return timeNumber(String(part));
  const len = part.length;
  if (len < 1 || len > 2) return Number.NaN;
  const a = part.charCodeAt(0) - 48;
  if (a < 0 || a > 9) return Number.NaN;
  if (len === 1) return a;
  const b = part.charCodeAt(1) - 48;
  return b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

export function stageSeconds(stage: Pick<Stage, 'hours' | 'minutes' | 'seconds'>): number {
  const h = timeNumber(stage.hours);
  const m = timeNumber(stage.minutes);
  const s = timeNumber(stage.seconds);
  return (h || 0) * 3600 + (m || 0) * 60 + (s || 0);
}

const two = (n: number) => String(n).padStart(2, '0');

/** A duration in seconds as the oven shows it: mm:ss, or h:mm:ss from an hour up (2 h 60 min reads 3:00:00). */
export function formatDuration(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export function formatStageTime(stage: Pick<Stage, 'hours' | 'minutes' | 'seconds'>): string {
  return formatDuration(stageSeconds(stage));
}

export function clampTemp(temp: number, model: OvenModel): number {
  if (!Number.isFinite(temp)) return model.minTemp;
  return Math.min(model.maxTemp, Math.max(model.minTemp, Math.round(temp)));
}

export function tempRangeMessage(model: OvenModel): Said {
  return said('ruleMessages.tempRange', {
    min: degrees(model.minTemp, 'low'),
    max: degrees(model.maxTemp, 'high'),
    unit: degrees(0, 'unit'),
  });
}

function isPercent(value: unknown, min: number): boolean {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= min &&
    value <= 100 &&
    value % LIMITS.percentStep === 0
  );
}

/** Time rules of one stage: seconds 0–59, minutes and hours per model, at least 5 s in total. */
export function stageTimeIssues(stage: Stage, model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  const h = timeNumber(stage.hours);
  const m = timeNumber(stage.minutes);
  const s = timeNumber(stage.seconds);
  if (!(h >= 0 && h <= model.maxHours)) {
    issues.push({
      path: ['hours'],
      said:
        model.maxHours > 0
          ? said('ruleMessages.hours', { max: model.maxHours })
          : said('ruleMessages.hoursConveyor'),
    });
  }
  if (!(m >= 0 && m <= model.maxMinutes)) {
    issues.push({ path: ['minutes'], said: said('ruleMessages.minutes', { max: model.maxMinutes }) });
  }
  if (!(s >= 0 && s <= 59) || stage.seconds.length !== 2)
    issues.push({ path: ['seconds'], said: said('rules.seconds') });
  if (issues.length === 0 && stageSeconds(stage) < LIMITS.minStageSeconds) {
    issues.push({ path: ['seconds'], said: said('rules.stageTooShort') });
  }
  return issues;
}

/** The temperature rule: stage 1 in the model's range; later stages also within the step of the previous one. */
export function stageTempIssue(
  temp: number,
  previousTemp: number | undefined,
  model: OvenModel,
): Said | null {
  if (!Number.isInteger(temp) || temp < model.minTemp || temp > model.maxTemp) return tempRangeMessage(model);
  if (previousTemp !== undefined && Math.abs(temp - previousTemp) > model.tempStep)
    return said('rules.tempTooFar');
  return null;
}

/** Spec §5: the warning flag for stage 2 or 3 whose temperature is more than the step from the stage before. */
export function stageTempWarnings(stages: readonly Pick<Stage, 'temp'>[], model: OvenModel): boolean[] {
  return stages.map((s, i) => i > 0 && i <= 2 && Math.abs(s.temp - stages[i - 1]!.temp) > model.tempStep);
}

function airIssue(issues: Issue[], field: string, value: number): void {
  if (!isPercent(value, 10)) issues.push({ path: [field], said: said('ruleMessages.steps10to100') });
}

function irIssue(issues: Issue[], field: string, value: string, model: OvenModel): void {
  if (!(IR_LEVELS as readonly string[]).includes(value)) {
    issues.push({ path: [field], said: said('ruleMessages.irChoice') });
  } else if (!model.infrared && value !== 'OFF') {
    issues.push({ path: [field], said: said('ruleMessages.noInfrared', { type: model.type }) });
  }
}

/** Every rule of one stage except its place in the list. */
export function stageIssues(stage: Stage, previousTemp: number | undefined, model: OvenModel): Issue[] {
  const issues = stageTimeIssues(stage, model);
  const tempIssue = stageTempIssue(stage.temp, previousTemp, model);
  if (tempIssue) issues.push({ path: ['temp'], said: tempIssue });
  // Fields by name, not stage[field] in a loop: this runs for every stage of a 30,000-recipe file.
  airIssue(issues, 'percent_air_top', stage.percent_air_top);
  airIssue(issues, 'percent_air_bottom', stage.percent_air_bottom);
  airIssue(issues, 'blower_percent', stage.blower_percent);
  if (!isPercent(stage.microwave_percent, 0)) {
    issues.push({ path: ['microwave_percent'], said: said('ruleMessages.steps0to100') });
  } else if (!model.microwave && stage.microwave_percent !== 0) {
    issues.push({
      path: ['microwave_percent'],
      said: said('ruleMessages.noMicrowave', { type: model.type }),
    });
  }
  irIssue(issues, 'ir_lvl_top', stage.ir_lvl_top, model);
  irIssue(issues, 'ir_lvl_bottom', stage.ir_lvl_bottom, model);
  if (typeof stage.force_vent_open !== 'boolean') {
    issues.push({ path: ['force_vent_open'], said: said('ruleMessages.forceVentOnOff') });
  } else if (!model.forceVent && stage.force_vent_open) {
    issues.push({
      path: ['force_vent_open'],
      said: said('ruleMessages.noForceVent', { type: model.type }),
    });
  }
  return issues;
}

/** The whole stage list: count per model, orders 1..n, and every stage against the one before. */
export function stagesIssues(stages: readonly Stage[], model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  if (stages.length < 1) issues.push({ path: [], said: said('rules.stageCountMin') });
  if (stages.length > model.maxStages) {
    issues.push({
      path: [],
      said:
        model.maxStages === 1
          ? said('ruleMessages.stagesMaxOne', { type: model.type })
          : said('ruleMessages.stagesMax', { type: model.type, max: model.maxStages }),
    });
  }
  for (let i = 0; i < stages.length; i++) {
    const stage = stages[i]!;
    if (stage.order !== i + 1)
      issues.push({
        path: [i, 'order'],
        said: said('ruleMessages.stageOrder', { n: i + 1, order: i + 1 }),
      });
    nest(issues, i, stageIssues(stage, i > 0 ? stages[i - 1]!.temp : undefined, model));
  }
  return issues;
}

/* Stage list operations of spec §4. */

export function newStage(stages: readonly Stage[], model: OvenModel): Stage {
  const previous = stages[stages.length - 1];
  return { ...STAGE_DEFAULTS, order: stages.length + 1, temp: previous ? previous.temp : model.minTemp };
}

/** True when a stage form holds something the user typed (it differs from the fresh form of `newStage`). */
export function isStageTouched(form: Stage, stages: readonly Stage[], model: OvenModel): boolean {
  const fresh = newStage(stages, model);
  return (Object.keys(fresh) as (keyof Stage)[]).some((k) => k !== 'order' && fresh[k] !== form[k]);
}

export function addStage(stages: readonly Stage[], stage: Stage): Stage[] {
  return [...stages, { ...stage, order: stages.length + 1 }];
}

export function updateStage(stages: readonly Stage[], stage: Stage): Stage[] {
  return stages.map((s) => (s.order === stage.order ? { ...stage } : s));
}

export function deleteStage(stages: readonly Stage[], order: number): Stage[] {
  return stages.filter((s) => s.order !== order).map((s, i) => ({ ...s, order: i + 1 }));
}

/** Spec §5: a stage can be added only with at least 5 s and a valid temperature. */
export function canAddStage(stage: Stage, stages: readonly Stage[], model: OvenModel): boolean {
  if (stages.length >= model.maxStages) return false;
  const previous = stages[stages.length - 1];
  return stageIssues(stage, previous?.temp, model).length === 0;
}
