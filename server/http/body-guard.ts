import type { FastifyRequest } from 'fastify';
import { fieldLabel } from '../../shared/contracts/error-map';
import { said } from '../../shared/i18n/said';
import { PayloadTooLargeError, ValidationError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body fields that may hold NUL characters because the route reads them itself (a settings file's text). */
    allowNul?: string[];
  }
}

/** No Hearth body nests deeper than a recipe's stages (4 levels); 32 leaves room and stops a `[[[[…` bomb. */
export const MAX_BODY_DEPTH = 32;
/** Values in one request; the largest real body (200 oven ids, a recipe with its stages) holds a few hundred. */
export const MAX_BODY_VALUES = 100_000;

type Path = readonly (string | number)[];

const PASSWORD_FIELDS = new Set(['password', 'password_confirmation', 'current_password']);
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is what is tested for.
const NOT_ASCII = /[^\u0000-\u007f]/;

/**
 * The first problem in a request's params, query and body: a NUL character (PostgreSQL cannot store one and no
 * field needs it), nesting deeper than MAX_BODY_DEPTH, or more than MAX_BODY_VALUES values. The walk keeps its
 * own stack, so its cost is linear in the body and a deep body cannot overflow the call stack; bytes (a raw
 * upload) are never walked: their route reads them itself.
 */
export function checkRequestValues(sources: readonly unknown[], allowAtTop: ReadonlySet<string>): void {
  let budget = MAX_BODY_VALUES;
  const stack: { value: unknown; path: Path; top: boolean; holder?: Record<string | number, unknown> }[] =
    sources.map((value) => ({ value, path: [], top: true }));
  while (stack.length > 0) {
    const { value, path, top, holder } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        const field = path.length > 0 ? path.join('.') : '_';
        throw ValidationError.field(
          field,
          said('ruleMessages.nulCharacter', { field: fieldLabel([...path]) }),
        );
      }
      // Text typed with combining accents is kept composed (NFC): "Crème" typed either way is one name for
      // every comparison. Passwords are hashed as typed, so they stay as they are.
      const key = path[path.length - 1];
      if (holder && !PASSWORD_FIELDS.has(String(key)) && NOT_ASCII.test(value)) {
        const composed = value.normalize('NFC');
        if (composed !== value) holder[key as string] = composed;
      }
      continue;
    }
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (path.length >= MAX_BODY_DEPTH)
      throw ValidationError.field(
        path.length > 0 ? String(path[0]) : '_',
        said('ruleMessages.nestedTooDeep', { n: MAX_BODY_DEPTH }),
      );
    if (Array.isArray(value)) {
      budget -= value.length;
      if (budget < 0) throw tooManyValues();
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: [...path, i], top: false, holder: value as never });
      continue;
    }
    const keys = Object.keys(value);
    budget -= keys.length;
    if (budget < 0) throw tooManyValues();
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (top && allowAtTop.has(key)) continue;
      stack.push({
        value: (value as Record<string, unknown>)[key],
        path: [...path, key],
        top: false,
        holder: value as Record<string, unknown>,
      });
    }
  }
}

function tooManyValues() {
  return new PayloadTooLargeError(
    said('ruleMessages.tooManyValues', { n: MAX_BODY_VALUES.toLocaleString('en-US') }),
  );
}

export async function guardRequestValues(request: FastifyRequest): Promise<void> {
  checkRequestValues(
    [request.params, request.query, request.body],
    new Set(request.routeOptions.config?.allowNul ?? []),
  );
}
