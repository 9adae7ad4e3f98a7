/** Warm-up profiles (spec §5: none on Conveyor, at most 3 elsewhere; name 24 characters; °F in range, floored). */

import { type Said, said } from '../i18n/said';
import type { Issue } from './issues';
import { LIMITS } from './messages';
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

export function warmUpNameIssue(name: string): Said | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > LIMITS.profileNameMax) return said('rules.profileName');
  return OVEN_NAME_CHARS.test(trimmed)
    ? null
    : withRefusedCharacter(said('rules.profileName'), trimmed, OVEN_CHARS.oven, true);
}

export function warmUpsIssues(warmUps: readonly WarmUp[], model: OvenModel): Issue[] {
  const issues: Issue[] = [];
  if (warmUps.length > model.maxWarmUps) {
    issues.push({
      path: [],
      said:
        model.maxWarmUps === 0
          ? said('ruleMessages.noWarmUps', { type: model.type })
          : said('ruleMessages.maxWarmUps', { max: model.maxWarmUps }),
    });
  }
  warmUps.forEach((w, i) => {
    const nameIssue = warmUpNameIssue(w.name);
    if (nameIssue) issues.push({ path: [i, 'name'], said: nameIssue });
    if (!Number.isInteger(w.temperature) || w.temperature < model.minTemp || w.temperature > model.maxTemp) {
      issues.push({ path: [i, 'temperature'], said: said('rules.profileTemp') });
    }
  });
  return issues;
}
