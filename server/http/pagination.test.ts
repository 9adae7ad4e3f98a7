import { describe, expect, it } from 'vitest';
import { pageNumbers, paginate } from './pagination';

/** Laravel's window as a walk over every page: what `pageNumbers` must give without the walk. */
function walked(page: number, lastPage: number) {
  const numbers: (number | '...')[] = [];
  for (let n = 1; n <= lastPage; n++) {
    if (n <= 2 || n > lastPage - 2 || Math.abs(n - page) <= 3) numbers.push(n);
    else if (numbers[numbers.length - 1] !== '...') numbers.push('...');
  }
  return numbers;
}

describe('page links', () => {
  it('match the window walked over every page, for every page of lists of 1 to 30 pages', () => {
    for (let last = 1; last <= 30; last++)
      for (let page = 1; page <= last + 1; page++)
        expect(pageNumbers(page, last)).toEqual(walked(page, last));
  });

  it('a middle page of 8,334 shows the first two, its neighbours and the last two', () => {
    expect(pageNumbers(4000, 8334)).toEqual([
      1,
      2,
      '...',
      3997,
      3998,
      3999,
      4000,
      4001,
      4002,
      4003,
      '...',
      8333,
      8334,
    ]);
  });

  it('carries the other query parameters in each link', () => {
    const p = paginate({
      data: ['a'],
      total: 30,
      page: 2,
      perPage: 12,
      url: '/api/recipes',
      query: { owner: 'provider', search: 'pie crust', page: 2, ovens: undefined },
    });
    expect(p.next_page_url).toBe('/api/recipes?owner=provider&search=pie+crust&page=3');
    expect(p).toMatchObject({ from: 13, to: 13, last_page: 3, current_page: 2 });
  });
});
