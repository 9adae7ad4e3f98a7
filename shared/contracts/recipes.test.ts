import { describe, expect, it } from 'vitest';
import { englishFields } from '../i18n/english';
import { fieldErrors } from './common';
import { recipeInput } from './recipes';

const valid = {
  name: '  Pepperoni Pizza Supreme  ',
  oven_type: 'Matchbox 1718/1313',
  product_name: 'Pepperoni 12in',
  set_temp: '475',
  category: 'Pizza',
  starting_state: 'Frozen',
  icon: 'ICON_PIZZA',
  stages: [
    { order: 1, hours: '00', minutes: 1, seconds: '5', temp: 450 },
    { order: 2, minutes: '00', seconds: '30', temp: 500, force_vent_open: true },
  ],
  events: [{ name: 'Rotate', minutes: 0, seconds: 45 }],
};

function errors(input: unknown) {
  const r = recipeInput.safeParse(input);
  return r.success ? {} : englishFields(fieldErrors(r.error));
}

describe('recipe contract', () => {
  it('normalizes: trims and truncates the name, pads time parts, fills stage defaults, coerces set temp', () => {
    const r = recipeInput.parse(valid);
    expect(r.name).toBe('Pepperoni Pizza');
    expect(r.set_temp).toBe(475);
    expect(r.stages[0]).toMatchObject({
      minutes: '01',
      seconds: '05',
      percent_air_top: 10,
      blower_percent: 10,
      microwave_percent: 0,
      ir_lvl_top: 'OFF',
    });
    expect(r.dish_type).toBe('');
  });

  it('defaults the oven type to Matchbox 1718/1313 and the category to Bakery', () => {
    const { oven_type: _t, category: _c, ...rest } = valid;
    expect(recipeInput.parse(rest)).toMatchObject({ oven_type: 'Matchbox 1718/1313', category: 'Bakery' });
  });

  it('names each broken field with the rule message', () => {
    expect(
      errors({
        ...valid,
        name: ' ',
        set_temp: 'abc',
        stages: [valid.stages[0], { order: 2, minutes: '01', seconds: '00', temp: 520 }],
        events: [{ name: 'Flip!', minutes: 0, seconds: 0 }],
      }),
    ).toEqual({
      name: ['Please enter a valid recipe name'],
      set_temp: ['Set Temp cannot be 0.'],
      'stages.1.temp': ['The temperature is too far from previous stage. Please edit stage to correct it.'],
      'events.0.name': [
        'Please enter a valid event name: up to 24 letters, numbers, hyphens or spaces. "!" cannot be shown on the oven.',
      ],
    });
  });

  it('checks stage limits per oven type', () => {
    expect(
      errors({ ...valid, oven_type: 'Conveyor 2600/2000/1400', name: 'Pizza', set_temp: 300 }),
    ).toMatchObject({
      stages: ['Conveyor 2600/2000/1400 recipes have at most 1 stage.'],
      'stages.1.force_vent_open': ['Conveyor 2600/2000/1400 ovens have no force vent.'],
    });
    expect(errors({ ...valid, stages: [] })).toEqual({ stages: ['Add at least one cooking stage.'] });
    expect(errors({ ...valid, oven_type: 'Toaster' })).toMatchObject({
      oven_type: ['Please select an oven type to start'],
    });
  });

  it('limits free text', () => {
    expect(errors({ ...valid, procedure: 'x'.repeat(4001) })).toEqual({
      procedure: ['Procedure may have at most 4000 characters.'],
    });
  });
});

describe('every problem of a recipe at once', () => {
  it('a stage rule shows while a free-text field is too long', () => {
    expect(
      errors({
        ...valid,
        procedure: 'x'.repeat(4001),
        stages: [valid.stages[0], { order: 2, minutes: '01', seconds: '00', temp: 520 }],
      }),
    ).toEqual({
      procedure: ['Procedure may have at most 4000 characters.'],
      'stages.1.temp': ['The temperature is too far from previous stage. Please edit stage to correct it.'],
    });
  });
});
