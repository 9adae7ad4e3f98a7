import type { FastifyRequest } from 'fastify';
import { fieldLabel } from '../../shared/contracts/error-map';
import { ValidationError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body fields that may hold NUL characters because the route reads them itself (a settings file's text). */
    allowNul?: string[];
  }
}

const MAX_NODES = 20_000;

/** The path of the first string holding a NUL character, or null. Bounded, so a deep body costs little. */
function findNul(
  value: unknown,
  path: (string | number)[],
  budget: { left: number },
  allow: Set<string>,
): (string | number)[] | null {
  if (--budget.left < 0) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], [...path, i], budget, allow);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (path.length === 0 && allow.has(key)) continue;
      const hit = findNul(v, [...path, key], budget, allow);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character, and no field of Hearth needs one: it is refused up front with a
 * 422 naming the field, instead of failing deep in a query.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  const allow = new Set(request.routeOptions.config?.allowNul ?? []);
  const budget = { left: MAX_NODES };
  for (const source of [request.params, request.query, request.body]) {
    const path = findNul(source, [], budget, allow);
    if (path) {
      const field = path.length > 0 ? path.join('.') : '_';
      throw ValidationError.field(field, `${fieldLabel(path)} may not contain the NUL character.`);
    }
  }
}
