import { describe, expect, it } from 'vitest';
import { VersionedLru } from './versioned-lru';

describe('VersionedLru', () => {
  it('answers an entry only at the version it was read at', () => {
    const lru = new VersionedLru<string>(2);
    lru.set('a', 1, 'A1');
    expect(lru.get('a', 1)).toBe('A1');
    expect(lru.get('a', 2)).toBeUndefined();
  });

  it('lets the least recently used go when full', () => {
    const lru = new VersionedLru<string>(2);
    lru.set('a', 1, 'A');
    lru.set('b', 1, 'B');
    lru.get('a', 1);
    lru.set('c', 1, 'C');
    expect(lru.get('b', 1)).toBeUndefined();
    expect(lru.get('a', 1)).toBe('A');
    expect(lru.get('c', 1)).toBe('C');
  });
});
