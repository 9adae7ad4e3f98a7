/**
 * What a rule or a service says, as a catalogue key and its values, never as English to be matched: every
 * reader (a screen, a mail, a PDF, an API client) says it in their own language from the key. The values may
 * themselves be said ("screen 1, slot 2" inside "Moved Pizza from … to …"), so they are translated too.
 */
import {
  formatTemp,
  type TemperatureUnit,
  tempDifference,
  tempRange,
  unitSymbol,
} from '../domain/temperature';
import type { Catalog } from './catalogs';

/** A key of the catalogues (shared/i18n/locales/*.json): a section and a name in it. */
export type SaidKey = {
  [S in keyof Catalog]: Catalog[S] extends string ? never : `${S}.${keyof Catalog[S] & string}`;
}[keyof Catalog];

/** A list of values said one after the other ("set temp 400 → 425; stage 1 time …"). */
export interface SaidList {
  readonly items: readonly SaidValue[];
  readonly separator: string;
}
/**
 * A temperature the rules hold in °F, said in the reader's unit: a `value` ("450 °F" / "232 °C"), a `step`
 * ("50 °F" / "about 28 °C"), a range's bare `low` or `high` bound (rounded inwards), or the `unit` symbol alone.
 */
export interface Degrees {
  readonly degrees: number;
  readonly as: 'value' | 'step' | 'low' | 'high' | 'unit';
}
/** A day (an ISO date or time), said in the reader's way of writing dates: "28 November 2026". */
export interface Dated {
  readonly date: string;
}
export type SaidValue = string | number | Said | SaidList | Degrees | Dated;
export interface Said {
  readonly key: SaidKey;
  readonly params?: Readonly<Record<string, SaidValue>>;
}

export function said(key: SaidKey, params?: Record<string, SaidValue>): Said {
  return params === undefined ? { key } : { key, params };
}

export function listOf(items: readonly SaidValue[], separator = ', '): SaidList {
  return { items, separator };
}

export function isSaid(value: unknown): value is Said {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Said).key === 'string' &&
    /^\w+\.\w+$/.test((value as Said).key)
  );
}

/** Looks a key up with its values already said; i18next's `t`, or the English catalogue (./english.ts). */
export type Lookup = (key: SaidKey, values: Record<string, string>) => string;

export const degrees = (f: number, as: Degrees['as'] = 'value'): Degrees => ({ degrees: f, as });

/** The reader's ways: °F or °C, and the locale dates are written in ('en-GB', 'de'). */
export interface Reader {
  unit?: TemperatureUnit;
  locale?: string;
}

/** A said thing in the lookup's language and the reader's ways, its values first (a few levels deep at most). */
export function sayWith(lookup: Lookup, what: Said, reader: Reader = {}): string {
  const values: Record<string, string> = {};
  if (what.params)
    for (const [name, value] of Object.entries(what.params)) values[name] = valueWith(lookup, value, reader);
  return lookup(what.key, values);
}

function valueWith(lookup: Lookup, value: SaidValue, reader: Reader): string {
  const unit = reader.unit ?? 'F';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if ('items' in value)
    return value.items.map((item) => valueWith(lookup, item, reader)).join(value.separator);
  if ('date' in value) {
    const day = new Date(value.date);
    return Number.isNaN(day.getTime())
      ? value.date
      : day.toLocaleDateString(reader.locale ?? 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  }
  if ('degrees' in value) {
    const f = value.degrees;
    if (value.as === 'unit') return unitSymbol(unit);
    if (value.as === 'low') return String(tempRange(f, f, unit).min);
    if (value.as === 'high') return String(tempRange(f, f, unit).max);
    if (value.as === 'step' && unit === 'C')
      return lookup('ruleMessages.about', { value: `${tempDifference(f, unit)} ${unitSymbol(unit)}` });
    return formatTemp(f, unit);
  }
  return sayWith(lookup, value, reader);
}

/** Words kept as they were written (a line saved before lines were said by key): shown as they are. */
export const asWritten = (text: string): Said => ({ key: 'ruleMessages.asWritten', params: { text } });
export const dated = (at: Date | string): Dated => ({ date: typeof at === 'string' ? at : at.toISOString() });
