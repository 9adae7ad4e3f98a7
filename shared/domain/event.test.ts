import { describe, expect, it } from 'vitest';
import { english } from '../i18n/english';
import { said } from '../i18n/said';
import { eventIssues, eventsIssues, sortEvents, totalStageMinutes, totalStageSeconds } from './event';
import type { Issue } from './issues';
import { ovenModel } from './oven-models';
import { STAGE_DEFAULTS, type Stage } from './stage';

const _conveyor = ovenModel('Conveyor 2600/2000/1400');
const _matchbox = ovenModel('Matchbox 1718/1313');
const _m360 = ovenModel('Matchbox M360 14/12');
const _milo = ovenModel('MiLO/Double MiLO');
const _misa = ovenModel('MiSA');
const _shuttle = ovenModel('Shuttle 1200/1600/2000/2600');

const stage = (patch: Partial<Stage> = {}): Stage => ({
  ...STAGE_DEFAULTS,
  order: 1,
  temp: 400,
  minutes: '01',
  ...patch,
});
const messages = (issues: readonly Issue[]) => issues.map((i) => english(i.said));

describe('events (spec §5)', () => {
  const stages = [stage({ minutes: '02', seconds: '30' }), stage({ order: 2, minutes: '01', seconds: '45' })];
  it('minute choices go up to the total stage minutes', () => {
    expect(totalStageMinutes(stages)).toBe(4);
  });
  it.each([
    [{ name: 'Rotate', minutes: 0, seconds: 30 }, []],
    [{ name: 'X'.repeat(24), minutes: 1, seconds: 0 }, []],
    [{ name: 'X'.repeat(25), minutes: 1, seconds: 0 }, [english(said('rules.eventName'))]],
    [{ name: '  ', minutes: 1, seconds: 0 }, [english(said('rules.eventName'))]],
    [
      { name: 'Add cheese!', minutes: 1, seconds: 0 },
      [`${english(said('rules.eventName'))} "!" cannot be shown on the oven.`],
    ],
    [{ name: 'Flip-over 2', minutes: 0, seconds: 0 }, [english(said('rules.eventTime'))]],
    [{ name: 'Flip', minutes: 4, seconds: 0 }, []],
    [
      { name: 'Flip', minutes: 5, seconds: 0 },
      ['Minutes must be between 0 and 4 (the length of the stages).'],
    ],
    [{ name: 'Flip', minutes: 0, seconds: 60 }, [english(said('rules.seconds'))]],
    [{ name: 'Flip', minutes: 4, seconds: 15 }, []],
    [
      { name: 'Flip', minutes: 4, seconds: 16 },
      ['The event is after the end of cooking: the stages last 04:15.'],
    ],
  ])('%j', (event, expected) => {
    expect(messages(eventIssues(event, totalStageSeconds(stages)))).toEqual(expected);
  });
  it('lists events by the time they happen', () => {
    const late = { name: 'Cheese', minutes: 3, seconds: 0 };
    const early = { name: 'Rotate', minutes: 0, seconds: 45 };
    expect(sortEvents([late, early])).toEqual([early, late]);
  });
  it('at most 2 events', () => {
    const e = { name: 'Rotate', minutes: 0, seconds: 30 };
    expect(eventsIssues([e, e], stages)).toEqual([]);
    expect(messages(eventsIssues([e, e, e], stages))).toEqual([english(said('rules.eventCount'))]);
  });
});
