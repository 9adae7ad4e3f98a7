import { beforeAll, describe, expect, it } from 'vitest';
import type { ConvertPreview, RecipeDetail } from '../../../shared/contracts/recipes';
import { STAGE_DEFAULTS } from '../../../shared/domain/stage';
import { degrees, said } from '../../../shared/i18n/said';
import { loadRest } from '../../lib/i18n';
import { changeLines, comparisonRows } from './convert-preview';

// The preview's words are in the catalogue's rest, which the Convert dialog's route has loaded.
beforeAll(() => loadRest());

const source: RecipeDetail = {
  id: 3,
  name: 'Three Stage Pie',
  product_name: 'Pie',
  category: 'Pizza',
  oven_type: 'Matchbox 1718/1313',
  icon: 'ICON_PIZZA',
  image_url: null,
  owner: 'community',
  team_id: 1,
  set_temp: 450,
  starting_state: null,
  dish_type: '',
  brand: '',
  sku: '',
  weight: '',
  quantity: '',
  ingredients: '',
  outcome_attributes: '',
  procedure: '',
  outcome: '',
  stages: [
    { ...STAGE_DEFAULTS, order: 1, minutes: '01', temp: 450 },
    { ...STAGE_DEFAULTS, order: 2, minutes: '02', temp: 500 },
  ],
  events: [],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

const merged =
  'Stages 1, 2 → stage 1: Conveyor 2600/2000/1400 recipes have at most 1 stage, so it runs their total time (00:03:00) at their time-weighted temperature (483 °F).';

const preview: ConvertPreview = {
  source,
  result: {
    name: 'Three Stage Pie',
    oven_type: 'Conveyor 2600/2000/1400',
    set_temp: 450,
    stages: [{ ...STAGE_DEFAULTS, order: 1, minutes: '03', temp: 483 }],
    events: [],
  },
  changes: [
    {
      field: 'oven_type',
      message: 'Oven model Matchbox 1718/1313 → Conveyor 2600/2000/1400.',
      said: said('ruleMessages.convertModel', { from: 'Matchbox 1718/1313', to: 'Conveyor 2600/2000/1400' }),
    },
    {
      field: 'stages',
      message: merged,
      said: said('ruleMessages.convertMergedOne', {
        list: '1, 2',
        n: 1,
        type: 'Conveyor 2600/2000/1400',
        time: '00:03:00',
        temp: degrees(483),
      }),
    },
  ],
};

describe('the conversion preview', () => {
  it('lists what changed besides the oven model, in the cook’s unit', () => {
    expect(changeLines(preview, 'F')).toEqual([merged]);
    expect(changeLines(preview, 'C')).toEqual([merged.replace('483 °F', '251 °C')]);
  });

  it('sets the two recipes side by side, with a dash for a stage the result no longer has', () => {
    const rows = comparisonRows(preview, 'F');
    expect(rows[0]).toEqual({
      label: 'Oven model',
      before: 'Matchbox 1718/1313',
      after: 'Conveyor 2600/2000/1400',
    });
    expect(rows.find((r) => r.label === 'Stage 1 temperature')).toEqual({
      label: 'Stage 1 temperature',
      before: '450 °F',
      after: '483 °F',
    });
    expect(rows.find((r) => r.label === 'Stage 2 temperature')).toEqual({
      label: 'Stage 2 temperature',
      before: '500 °F',
      after: '—',
    });
    expect(rows.at(-1)).toEqual({ label: 'Events', before: '—', after: '—' });
  });

  it('shows temperatures in °C for a cook who reads °C', () => {
    const rows = comparisonRows(preview, 'C');
    expect(rows.find((r) => r.label === 'Set temp')).toEqual({
      label: 'Set temp',
      before: '232 °C',
      after: '232 °C',
    });
  });
});
