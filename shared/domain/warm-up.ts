/** Warm-up profiles (spec §5: none on Conveyor, at most 3 elsewhere; name 24 characters; °F in range, floored). */

import type { Issue } from './issues';
import { LIMITS, MESSAGES } from './messages';
import { OVEN_NAME_CHARS } from './oven';
import { OVEN_CHARS, withRefusedCharacter } from './oven-charset';
import type { OvenModel } from './oven-models';

export interface WarmUp {
  name: string;
  temperature: number;
}

/** Parses a typed profile temperature: digits only, up to 3, floored, within the model's range; else null. */
export function parseProfileTemperature(input: string | number, model: OvenModel): number | null {
  const text = String(input).trim();
  if (!/^\d{1,3}(\.\d+)?$/.test(text)) return null;
  const value = Math.floor(Number(text));
  return value >= model.minTemp && value <= model.maxTemp ? value : null;
}

export function warmUpNameIssue(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > LIMITS.profileNameMax) return MESSAGES.profileName;
  return OVEN_NAME_CHARS.test(trimmed)
    ? null
    : withRefusedCharacter(MESSAGES.profileName, trimmed, OVEN_CHARS.oven);
}

export function warmUpsIssues(warmUps: readonly WarmUp[], model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  if (warmUps.length > model.maxWarmUps) {
    issues.push({
      path: [],
      message:
        model.maxWarmUps === 0
          ? `${model.type} ovens have no warm-up profiles.`
          : `An oven has at most ${model.maxWarmUps} warm-up profiles.`,
    });
  }
  warmUps.forEach((w, i) => {
    const nameIssue = warmUpNameIssue(w.name);
    if (nameIssue) issues.push({ path: [i, 'name'], message: nameIssue });
    if (!Number.isInteger(w.temperature) || w.temperature < model.minTemp || w.temperature > model.maxTemp) {
      issues.push({ path: [i, 'temperature'], message: MESSAGES.profileTemp });
    }
  });
  return issues;
}
