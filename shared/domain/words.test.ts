import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './words';

describe('counted nouns', () => {
  it('one is singular, every other count plural, zero included', () => {
    expect([countOf(1, 'oven'), countOf(0, 'oven'), countOf(2, 'oven')]).toEqual([
      '1 oven',
      '0 ovens',
      '2 ovens',
    ]);
  });

  it('knows the irregular plurals the app uses, and takes one given', () => {
    expect([countOf(2, 'category'), countOf(1, 'category'), countOf(3, 'child', 'children')]).toEqual([
      '2 categories',
      '1 category',
      '3 children',
    ]);
    expect(nounFor(2, 'copy')).toBe('copies');
  });
});
