import type { Owner, RecipeDetail } from '../../../shared/contracts/recipes';
import { DEFAULT_CATEGORY } from '../../../shared/domain/catalog';
import type { CookEvent } from '../../../shared/domain/event';
import { ICON_RECIPE_DEFAULT } from '../../../shared/domain/icons';
import { DEFAULT_OVEN_TYPE, type OvenType } from '../../../shared/domain/oven-models';
import { setTempTypedIssue } from '../../../shared/domain/recipe';
import {
  emptyTexts,
  RECIPE_TEXT_FIELDS,
  type RecipeTexts,
  textsOf,
} from '../../../shared/domain/recipe-fields';
import type { Stage } from '../../../shared/domain/stage';
import { fromFahrenheit, type TemperatureUnit } from '../../../shared/domain/temperature';
import { say } from '../../lib/i18n';
import type { RecipeSave } from './recipes-api';

/** The wizard's form values: what the person typed (numbers as text), checked by the server's recipe schema. */
export interface Draft extends RecipeTexts {
  name: string;
  oven_type: OvenType;
  product_name: string;
  set_temp: string;
  category: string;
  starting_state: string;
  icon: string;
  stages: Stage[];
  events: CookEvent[];
}

/** What happens to the photo on save: keep the current one, send a new one, or remove it. */
export type Photo = { kind: 'keep' } | { kind: 'new'; dataUrl: string; name: string } | { kind: 'remove' };

export function toDraft(r: RecipeDetail | null, name?: string): Draft {
  return {
    name: name ?? r?.name ?? '',
    oven_type: (r?.oven_type as OvenType) ?? DEFAULT_OVEN_TYPE,
    product_name: r?.product_name ?? '',
    set_temp: r ? String(r.set_temp) : '',
    category: r?.category ?? DEFAULT_CATEGORY,
    starting_state: r?.starting_state ?? '',
    icon: r?.icon ?? ICON_RECIPE_DEFAULT,
    ...(r ? textsOf(r) : emptyTexts()),
    stages: r?.stages.map((s) => ({ ...s })) ?? [],
    events: r?.events.map((e) => ({ ...e })) ?? [],
  };
}

/** The request body the draft stands for (also what the schema checks while typing). */
export function toBody(draft: Draft, photo: Photo = { kind: 'keep' }, scope?: Owner): RecipeSave {
  const body: RecipeSave = {
    ...draft,
    starting_state: (draft.starting_state || null) as RecipeSave['starting_state'],
    category: draft.category as RecipeSave['category'],
    icon: draft.icon as RecipeSave['icon'],
  };
  if (photo.kind === 'new') body.image = photo.dataUrl;
  if (photo.kind === 'remove') body.image = null;
  if (scope === 'provider') body.scope = 'provider';
  return body;
}

/** Which fields each step asks for, so a step's gate reads only its own problems. */
export const STEP_FIELDS = {
  1: ['name', 'oven_type', 'image'],
  2: ['stages', 'events'],
  3: [
    'product_name',
    'set_temp',
    'category',
    'starting_state',
    'icon',
    ...RECIPE_TEXT_FIELDS.map((f) => f.key),
  ],
} as const;

/** The problems of one step, from the schema's messages per field (`stages.1.temp` belongs to `stages`). */
export function stepProblems(
  live: Record<string, string[]>,
  step: 1 | 2 | 3,
): { field: string; message: string }[] {
  const fields: readonly string[] = STEP_FIELDS[step];
  return Object.entries(live)
    .filter(([field]) => fields.includes(field.split('.')[0] ?? ''))
    .map(([field, messages]) => ({ field, message: messages[0] ?? '' }));
}

/**
 * The schema's live messages (already said in the user's unit), with Set Temp judged and named as typed: the
 * draft keeps °F text, as the API takes it, so in °C the value typed in °C is the one the message names.
 */
export function problemsInUnit(
  live: Record<string, string[]>,
  draft: Pick<Draft, 'set_temp'>,
  unit: TemperatureUnit,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(live)) out[field] = messages;
  // The schema turns what is not a whole number 1–999 into 0; the message says what was typed ("1200 is above 999").
  if (out.set_temp) {
    const f = draft.set_temp.trim();
    const typed = unit === 'F' || !/^\d+$/.test(f) ? f : String(fromFahrenheit(Number(f), unit));
    const issue = setTempTypedIssue(typed, unit);
    out.set_temp = [issue ? say(issue, unit) : out.set_temp[0]!];
  }
  return out;
}
