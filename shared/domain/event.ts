/** Cooking events (spec §3 Event, §5: at most 2, name up to 24 characters, within the cooking time). */

import { said } from '../i18n/said';
import { type Issue, nest } from './issues';
import { LIMITS } from './messages';
import { OVEN_CHARS, withRefusedCharacter } from './oven-charset';
import { type Stage, stageSeconds } from './stage';

export interface CookEvent {
  name: string;
  minutes: number;
  seconds: number;
}

const EVENT_NAME = /^[A-Za-z0-9 -]+$/;

/** Seconds of cooking in all stages: an event must happen within them. */
export function totalStageSeconds(stages: readonly Pick<Stage, 'hours' | 'minutes' | 'seconds'>[]): number {
  return stages.reduce((sum, s) => sum + stageSeconds(s), 0);
}

/** Whole minutes of all stages: the largest minute an event may be set at (spec §5). */
export function totalStageMinutes(stages: readonly Pick<Stage, 'hours' | 'minutes' | 'seconds'>[]): number {
  return Math.floor(totalStageSeconds(stages) / 60);
}

const eventSeconds = (e: Pick<CookEvent, 'minutes' | 'seconds'>) => e.minutes * 60 + e.seconds;

/** `cookSeconds`: the length of the stages; an event after the food comes out would never fire. */
export function eventIssues(event: CookEvent, cookSeconds: number): Issue[] {
  const issues: Issue[] = [];
  const name = typeof event.name === 'string' ? event.name.trim() : '';
  const maxMinutes = Math.floor(cookSeconds / 60);
  if (!name || name.length > LIMITS.eventNameMax || !EVENT_NAME.test(name)) {
    const message =
      name && name.length <= LIMITS.eventNameMax
        ? withRefusedCharacter(said('rules.eventName'), name, OVEN_CHARS.event)
        : said('rules.eventName');
    issues.push({ path: ['name'], said: message });
  }
  if (!Number.isInteger(event.minutes) || event.minutes < 0 || event.minutes > maxMinutes) {
    issues.push({
      path: ['minutes'],
      said: said('ruleMessages.eventMinutes', { max: maxMinutes }),
    });
  }
  if (!Number.isInteger(event.seconds) || event.seconds < 0 || event.seconds > 59) {
    issues.push({ path: ['seconds'], said: said('rules.seconds') });
  }
  if (issues.length === 0 && event.minutes === 0 && event.seconds === 0) {
    issues.push({ path: ['seconds'], said: said('rules.eventTime') });
  }
  // With no stages yet the stage list's own message says what is missing.
  if (issues.length === 0 && cookSeconds > 0 && eventSeconds(event) > cookSeconds) {
    const m = Math.floor(cookSeconds / 60);
    const s = String(cookSeconds % 60).padStart(2, '0');
    issues.push({
      path: ['seconds'],
      said: said('ruleMessages.eventAfterEnd', { time: `${String(m).padStart(2, '0')}:${s}` }),
    });
  }
  return issues;
}

export function eventsIssues(events: readonly CookEvent[], stages: readonly Stage[]): Issue[] {
  const issues: Issue[] = [];
  if (events.length > LIMITS.maxEvents) issues.push({ path: [], said: said('rules.eventCount') });
  const cookSeconds = totalStageSeconds(stages);
  for (let i = 0; i < events.length; i++) nest(issues, i, eventIssues(events[i]!, cookSeconds));
  return issues;
}

/** Events in the order they happen (the list and the oven show them by time, not by when they were typed). */
export function sortEvents<T extends Pick<CookEvent, 'minutes' | 'seconds'>>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => eventSeconds(a) - eventSeconds(b));
}
