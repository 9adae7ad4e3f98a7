import { Readable } from 'node:stream';
import { nextTurn } from '../lib/in-turns';

/**
 * A large reply as a stream of JSON text: arrays are written `slice` items at a time with a turn of the event loop
 * between slices, where one JSON.stringify of a full MiLO's 16 MB import answer held every other request ~80 ms.
 * Gives the same text as JSON.stringify. Only for values the server built (its depth is the reply's schema's).
 */
export function jsonInSlices(value: unknown, slice = 500): Readable {
  return Readable.from(pieces(value, slice), { objectMode: false });
}

async function* pieces(value: unknown, slice: number): AsyncGenerator<string> {
  if (Array.isArray(value) && value.length > slice) {
    for (let i = 0; i < value.length; i += slice) {
      const items = value.slice(i, i + slice).map((v) => JSON.stringify(v) ?? 'null');
      yield `${i === 0 ? '[' : ','}${items.join(',')}`;
      await nextTurn();
    }
    yield ']';
  } else if (isPlainObject(value)) {
    let first = true;
    yield '{';
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* pieces(v, slice);
    }
    yield '}';
  } else yield JSON.stringify(value) ?? 'null';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
