import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, searchFold, sortKey } from './search';

describe('the search fold', () => {
  it('pairs each accented letter with one base letter', () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
  });

  it('folds case and accents, and leaves other signs alone', () => {
    expect(searchFold('CAFÉ Crème Brûlée Ñandú Łódź Øre 50% ß')).toBe(
      'cafe creme brulee nandu lodz ore 50% ß',
    );
    expect(searchFold(FOLD_FROM)).toBe(FOLD_TO);
  });
});

describe('the sort key', () => {
  it('orders numbers within names by value', () => {
    expect(
      ['Line 10', 'line 2', 'Line 1', 'Store 9b', 'Store 10a'].sort((a, b) =>
        sortKey(a) < sortKey(b) ? -1 : 1,
      ),
    ).toEqual(['Line 1', 'line 2', 'Line 10', 'Store 9b', 'Store 10a']);
  });

  it('folds case and accents as searches do', () => {
    expect(sortKey('Café 7')).toBe('cafe 000000000007');
  });

  it('keeps a number longer than the padding whole', () => {
    expect(sortKey('x1234567890123')).toBe('x1234567890123');
  });
});
