import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, searchFold } from './search';

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
