import { beforeAll, describe, expect, it } from 'vitest';
import { type RecipeDetail, recipeInput } from '../../../shared/contracts/recipes';
import { STAGE_DEFAULTS } from '../../../shared/domain/stage';
import { loadRest } from '../../lib/i18n';
import { problemsInUnit, stepProblems, toBody, toDraft } from './wizard-draft';

const saved: RecipeDetail = {
  id: 7,
  name: 'Margherita',
  product_name: 'Pizza 12 inch',
  category: 'Pizza',
  oven_type: 'Matchbox 1718/1313',
  icon: 'ICON_PIZZA',
  image_url: null,
  owner: 'community',
  team_id: 1,
  set_temp: 475,
  starting_state: null,
  dish_type: 'Main',
  brand: 'House',
  sku: 'P-12',
  weight: '400 g',
  quantity: '1',
  ingredients: 'Dough, tomato, mozzarella',
  outcome_attributes: 'Crisp',
  procedure: 'Place on the screen.',
  outcome: 'Golden',
  stages: [
    { ...STAGE_DEFAULTS, order: 1, minutes: '01', temp: 475 },
    { ...STAGE_DEFAULTS, order: 2, minutes: '00', seconds: '45', temp: 500 },
  ],
  events: [{ name: 'Rotate', minutes: 1, seconds: 0 }],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('the wizard draft', () => {
  it('carries every field of a saved recipe into a body the server schema accepts unchanged', () => {
    const body = toBody(toDraft(saved));
    const parsed = recipeInput.parse(body);
    for (const key of Object.keys(parsed) as (keyof typeof parsed)[]) {
      if (key in saved) expect(parsed[key], key).toEqual(saved[key as keyof RecipeDetail]);
    }
  });

  it('copies stages and events, so editing the draft never changes the recipe it came from', () => {
    const draft = toDraft(saved);
    draft.stages[0]!.temp = 300;
    draft.events[0]!.name = 'Flip';
    expect(saved.stages[0]!.temp).toBe(475);
    expect(saved.events[0]!.name).toBe('Rotate');
  });

  it('starts a new recipe with the defaults and a given name', () => {
    const draft = toDraft(null, 'Wings');
    expect(draft).toMatchObject({ name: 'Wings', set_temp: '', stages: [], events: [] });
  });

  it('sends a blank starting state as none, a new photo as data, a removed one as null, and the scope', () => {
    const draft = { ...toDraft(saved), starting_state: '' };
    expect(toBody(draft).starting_state).toBeNull();
    expect(toBody(draft).image).toBeUndefined();
    expect(toBody(draft, { kind: 'new', dataUrl: 'data:image/png;base64,AA', name: 'a.png' }).image).toBe(
      'data:image/png;base64,AA',
    );
    expect(toBody(draft, { kind: 'remove' }).image).toBeNull();
    expect(toBody(draft, { kind: 'keep' }, 'provider').scope).toBe('provider');
    expect(toBody(draft, { kind: 'keep' }, 'community').scope).toBeUndefined();
  });

  it("gives each step only its own fields' problems, nested stage fields included", () => {
    const live = {
      name: ['Name the recipe.'],
      'stages.1.temp': ['Stage 2 temperature is too high.'],
      set_temp: ['Set Temp is 0.'],
    };
    expect(stepProblems(live, 1)).toEqual([{ field: 'name', message: 'Name the recipe.' }]);
    expect(stepProblems(live, 2)).toEqual([
      { field: 'stages.1.temp', message: 'Stage 2 temperature is too high.' },
    ]);
    expect(stepProblems(live, 3)).toEqual([{ field: 'set_temp', message: 'Set Temp is 0.' }]);
  });
});

describe('problems in the user’s unit', () => {
  // The rules' words come with the catalogue's rest, which the wizard's route has loaded.
  beforeAll(() => loadRest());

  it('a Set Temp typed as 600 °C is refused in °C, not as "1112 is above 999"', () => {
    const live = { set_temp: ['Set Temp will be treated as 0: 1112 is above 999.'] };
    const shown = problemsInUnit(live, { set_temp: '1112' }, 'C');
    expect(shown.set_temp).toEqual(['Type a whole number from -17 to 537 °C.']);
  });

  it('in °F a Set Temp above 999 says what was typed, not only that it counts as 0', () => {
    const live = { set_temp: ['Set Temp cannot be 0.'], 'stages.0.temp': ['Temperature is required.'] };
    expect(problemsInUnit(live, { set_temp: '1200' }, 'F')).toEqual({
      set_temp: ['Set Temp cannot be 0. 1200 is above 999.'],
      'stages.0.temp': ['Temperature is required.'],
    });
  });
});
