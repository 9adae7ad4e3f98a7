import { z } from 'zod';
import { RECIPE_TEXT_FIELDS } from '../domain/recipe-fields';
import { type Said, type SaidValue, said } from '../i18n/said';
import { zodMessage } from './zod-said';

/**
 * zod's own messages ("expected nonoptional, received undefined", a regular expression) mean nothing to a
 * kitchen manager. Every schema without a message of its own gets one here, in plain words naming the field,
 * said by key (./zod-said.ts) so each reader has it in their language.
 */
const LABELS: Record<string, Said> = {
  temp: said('ruleParts.fieldTemperatureCap'),
  set_temp: said('ruleParts.labelSetTemp'),
  percent_air_top: said('ruleParts.fieldAirTopCap'),
  percent_air_bottom: said('ruleParts.fieldAirBottomCap'),
  blower_percent: said('ruleParts.fieldBlowerCap'),
  microwave_percent: said('ruleParts.fieldMicrowaveCap'),
  ir_lvl_top: said('ruleParts.fieldIrTop'),
  ir_lvl_bottom: said('ruleParts.fieldIrBottom'),
  force_vent_open: said('ruleParts.labelForceVent'),
  oven_type: said('ruleParts.labelOvenType'),
  product_name: said('ruleParts.labelProductName'),
  starting_state: said('ruleParts.labelStartingState'),
  ...Object.fromEntries(RECIPE_TEXT_FIELDS.map((f) => [f.key, said(f.label)])),
  warm_ups: said('ruleParts.labelWarmUps'),
  data: said('ruleParts.labelData'),
  id: said('ruleParts.labelId'),
  page: said('ruleParts.labelPage'),
};

/** The nouns of the lists a path may run through ("stages.1.temp" → "Stage 2 …"). */
const LIST_NOUNS: Record<string, Said> = {
  stages: said('ruleParts.labelStage'),
  events: said('ruleParts.labelEvent'),
  warm_ups: said('ruleParts.labelWarmUp'),
};

/** "stages.1.temp" → "Stage 2 Temperature"; "user_id" → "user_id"; "dish_type" → "Dish type". */
export function fieldLabel(path: readonly PropertyKey[]): SaidValue {
  const parts = path.filter((p): p is string | number => typeof p !== 'symbol');
  const last = [...parts].reverse().find((p) => typeof p === 'string');
  const index = parts.findIndex((p) => typeof p === 'number');
  const label: SaidValue =
    last === undefined
      ? said('ruleParts.labelThisValue')
      : (LABELS[last] ?? (last.endsWith('_id') ? last : humanize(last)));
  if (index > 0 && typeof parts[index - 1] === 'string' && parts[index - 1] !== last) {
    const list = parts[index - 1] as string;
    const noun = LIST_NOUNS[list] ?? humanize(list.endsWith('s') ? list.slice(0, -1) : list);
    return said('ruleParts.labelInList', { list: noun, n: (parts[index] as number) + 1, label });
  }
  if (typeof parts[parts.length - 1] === 'number')
    return said('ruleParts.labelItemOf', { n: (parts[parts.length - 1] as number) + 1, label });
  return label;
}

function humanize(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KIND: Record<string, Said> = {
  number: said('ruleParts.kindNumber'),
  int: said('ruleParts.kindInt'),
  string: said('ruleParts.kindText'),
  boolean: said('ruleParts.kindBoolean'),
  array: said('ruleParts.kindList'),
  object: said('ruleParts.kindObject'),
};

function message(issue: z.core.$ZodRawIssue): Said {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null)
        return said('ruleMessages.zodRequired', { label });
      return said('ruleMessages.zodType', {
        label,
        kind: KIND[issue.expected] ?? said('ruleParts.kindValid', { expected: issue.expected }),
      });
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return said('ruleMessages.zodMaxChars', { label, max });
      if (issue.origin === 'array' || issue.origin === 'set')
        return said('ruleMessages.zodMaxItems', { label, max });
      return said('ruleMessages.zodMax', { label, max });
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1
          ? said('ruleMessages.zodRequired', { label })
          : said('ruleMessages.zodMinChars', { label, min });
      if (issue.origin === 'array' || issue.origin === 'set')
        return said('ruleMessages.zodMinItems', { label, min });
      return said('ruleMessages.zodMin', { label, min });
    }
    case 'invalid_format':
      return said('ruleMessages.zodFormat', { label });
    case 'invalid_value': {
      const values = issue.values.map(String);
      return values.length <= 8
        ? said('ruleMessages.zodOneOf', { label, list: values.join(', ') })
        : said('ruleMessages.zodNotAllowed', { label });
    }
    case 'not_multiple_of':
      return said('ruleMessages.zodMultiple', { label, divisor: Number(issue.divisor) });
    case 'unrecognized_keys':
      return said('ruleMessages.unknownFields', {
        what: said(issue.keys.length === 1 ? 'ruleParts.nounField' : 'ruleParts.nounFields'),
        list: issue.keys.slice(0, 5).join(', '),
      });
    default:
      return said('ruleMessages.zodInvalid', { label });
  }
}

z.config({ customError: (issue) => zodMessage(message(issue)) });
