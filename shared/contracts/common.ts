import { z } from 'zod';
import './error-map';
import { disguisingCharacter, hasVisibleLetter, invisibleCharacter } from '../domain/text';
import { saying } from './zod-said';

/**
 * What is said, as it travels: a catalogue key and its values (shared/i18n/said.ts), so every client says it in
 * its own language. A value is text, a number, or itself said ({ key, params }), a list ({ items, separator }) or a
 * temperature in °F ({ degrees, as }). The English beside it (`message`) is for people reading the API.
 */
export const saidWire = z.object({ key: z.string(), params: z.record(z.string(), z.unknown()).optional() });
export type SaidWire = z.infer<typeof saidWire>;

/** A line of a comparison or of a report: what kind, said, and its English. */
export const saidLine = z.object({ kind: z.string(), message: z.string(), said: saidWire });
export type SaidLine = z.infer<typeof saidLine>;

/**
 * Every rejected request answers with this shape (Laravel style): a summary and the messages per field, in English;
 * the summary's key and values, and each field's problems as `issues` (path, key, values) for every language.
 */
export const errorResponse = z.object({
  message: z.string(),
  key: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  issues: z
    .array(
      z.object({
        path: z.string(),
        key: z.string(),
        params: z.record(z.string(), z.unknown()),
        message: z.string(),
      }),
    )
    .optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * A string field that is required: missing, non-string and blank all give the same message. It does not abort
 * the parse (an abort would stop the form's own cross-field checks, such as "passwords do not match"), so the
 * checks chained after it skip a blank value with `{ when: filled }`.
 */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/** `when` for a check that only makes sense once something was typed. */
export const filled = (payload: { value: unknown }) =>
  typeof payload.value === 'string' && payload.value.trim() !== '';

export { fieldErrors } from './field-errors';

/** Ids are PostgreSQL integers: 1 to 2,147,483,647. */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a path or query: plain decimal digits only (no "0x10", "1e3" or " 7"), within the integer range,
 * so a guessed or hostile id gets a 422 naming it, never a database error.
 */
export function idParam(label: string) {
  const message = saying('ruleMessages.idWhole', { label, max: MAX_ID });
  return z
    .union([z.string(), z.number()], { error: saying('ruleMessages.zodRequired', { label }) })
    .transform((v, ctx) => {
      const text = String(v);
      const n = /^[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN;
      if (!(n >= 1 && n <= MAX_ID)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** An id inside a JSON body. */
export function idValue(label: string) {
  const message = saying('ruleMessages.idWhole', { label, max: MAX_ID });
  return z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
}

/**
 * A list whose length is checked before its items, so a body of 250,000 stages is refused at once instead of
 * checking every one of them.
 */
export function boundedArray<T extends z.ZodType>(
  item: T,
  max: number,
  message: string,
  params?: { error?: string },
): z.ZodType<z.output<T>[], z.input<T>[]> {
  // The cast keeps the list's own input type (the unknown[] of the length check is an inner step).
  return z.array(z.unknown(), params).max(max, onlyForLists(message)).pipe(z.array(item)) as never;
}

/** A small whole number typed in a form or sent as JSON ("05" or 5); anything else is refused by name. */
export function wholeNumber(label: string, max = 999) {
  const message = saying('ruleMessages.wholeFrom0', { label, max });
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const text = String(v).trim();
    const n = /^[0-9]{1,4}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= 0 && n <= max)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * Params for a check that runs only when `when` says so: zod 4 supports `when` on every check, but the string and
 * array methods' parameter types leave it out.
 */
export function onlyWhen(
  message: string,
  when: (payload: { value: unknown }) => boolean,
): { message: string } {
  return { message, when } as { message: string };
}

/** A list check that skips a value that is not even a list (zod 4 would add "at most N" to "must be a list"). */
export const onlyForLists = (message: string) => onlyWhen(message, (p) => Array.isArray(p.value));

/**
 * A body naming the ovens a batch acts on: some of the user's ovens by id, or every oven in one location (the zip
 * of settings files, a template's application). `extra` adds the batch's own fields.
 */
export function ovensOrLocation<E extends z.ZodRawShape>(max: number, tooMany: string, extra: E) {
  return z
    .object({
      oven_ids: boundedArray(idValue('An oven id'), max, tooMany).optional(),
      location_id: idValue('The location id').optional(),
      ...extra,
    })
    .superRefine((body, ctx) => {
      // The generic shape hides the two fields from the checker; they are the ones declared just above.
      const b = body as { oven_ids?: number[]; location_id?: number };
      const ids = Array.isArray(b.oven_ids) && b.oven_ids.length > 0;
      if (ids === (b.location_id !== undefined))
        ctx.addIssue({
          code: 'custom',
          message: saying('ruleMessages.ovensOrLocation'),
          path: ['oven_ids'],
        });
    });
}

/**
 * A name people read (a team, location, template or version): no characters that hide (line breaks, controls or
 * direction overrides: U+202E would show as another name, in a page and as a folder in a zip), none that show
 * nothing (U+200B, a soft hyphen, a Hangul filler, a lone surrogate), and a letter or digit to see. Each message
 * names the character.
 */
export function readableName(what: 'team' | 'location' | 'template' | 'version' | 'token') {
  return (value: string, ctx: z.RefinementCtx) => {
    const disguising = disguisingCharacter(value);
    const invisible = disguising ? null : invisibleCharacter(value);
    if (disguising)
      ctx.addIssue({
        code: 'custom',
        message: saying(`ruleMessages.${what}NameHidden`, { found: disguising }),
      });
    else if (invisible)
      ctx.addIssue({
        code: 'custom',
        message: saying(`ruleMessages.${what}NameInvisible`, { found: invisible }),
      });
    else if (value !== '' && !hasVisibleLetter(value))
      ctx.addIssue({ code: 'custom', message: saying(`ruleMessages.${what}NameLetter`) });
  };
}
