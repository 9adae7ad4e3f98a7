import { z } from 'zod';
import { RECIPE_TEXT_FIELDS } from '../domain/recipe-fields';
import { nounFor } from '../domain/words';

/**
 * zod's own messages ("expected nonoptional, received undefined", a regular expression) mean nothing to a
 * kitchen manager. Every schema without a message of its own gets one here, in plain words naming the field.
 */
const LABELS: Record<string, string> = {
  temp: 'Temperature',
  set_temp: 'Set Temp',
  percent_air_top: 'Air top',
  percent_air_bottom: 'Air bottom',
  blower_percent: 'Blower',
  microwave_percent: 'Microwave',
  ir_lvl_top: 'IR top',
  ir_lvl_bottom: 'IR bottom',
  force_vent_open: 'Force Vent',
  oven_type: 'Oven type',
  product_name: 'Product name',
  starting_state: 'Starting state',
  ...Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [f.key, f.english])),
  warm_ups: 'Warm-up profiles',
  data: 'The data',
  id: 'The id',
  page: 'The page',
};

/** "stages.1.temp" → "Stage 2 temperature"; "user_id" → "user_id"; "dish_type" → "Dish type". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const parts = path.filter((p): p is string | number => typeof p !== 'symbol');
  const last = [...parts].reverse().find((p) => typeof p === 'string');
  const index = parts.findIndex((p) => typeof p === 'number');
  let label =
    last === undefined ? 'This value' : (LABELS[last] ?? (last.endsWith('_id') ? last : humanize(last)));
  if (index > 0 && typeof parts[index - 1] === 'string' && parts[index - 1] !== last) {
    const list = parts[index - 1] as string;
    const noun = list.endsWith('s') ? list.slice(0, -1) : list;
    label = `${humanize(noun)} ${(parts[index] as number) + 1} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  } else if (typeof parts[parts.length - 1] === 'number') {
    label = `Item ${(parts[parts.length - 1] as number) + 1} of ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  }
  return label;
}

function humanize(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KIND: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function message(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required.`;
      return `${label} must be ${KIND[issue.expected] ?? `a valid ${issue.expected}`}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} may have at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} may have at most ${issue.maximum} items.`;
      return `${label} must be at most ${issue.maximum}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label} is required.`
          : `${label} must have at least ${issue.minimum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} needs at least ${issue.minimum} items.`;
      return `${label} must be at least ${issue.minimum}.`;
    case 'invalid_format':
      return `${label} is not in the right form.`;
    case 'invalid_value': {
      const values = issue.values.map(String);
      return values.length <= 8
        ? `${label} must be one of: ${values.join(', ')}.`
        : `${label} is not one of the allowed values.`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Unknown ${nounFor(issue.keys.length, 'field')}: ${issue.keys.slice(0, 5).join(', ')}.`;
    default:
      return `${label} is not valid.`;
  }
}

z.config({ customError: (issue) => message(issue) });
