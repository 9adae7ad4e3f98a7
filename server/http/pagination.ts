import type { Paginated } from '../../shared/contracts/pagination';

/**
 * The numbered links: the first two pages, the last two and three either side of the current one, with '...' for
 * each gap. Built from those few, so a list of 8,000 pages costs no more than one of 8.
 */
export function pageNumbers(page: number, lastPage: number): (number | '...')[] {
  const shown = [1, 2, lastPage - 1, lastPage];
  for (let n = page - 3; n <= page + 3; n++) shown.push(n);
  const pages = [...new Set(shown)].filter((n) => n >= 1 && n <= lastPage).sort((a, b) => a - b);
  const numbers: (number | '...')[] = [];
  for (const n of pages) {
    const before = numbers[numbers.length - 1];
    if (typeof before === 'number' && n > before + 1) numbers.push('...');
    numbers.push(n);
  }
  return numbers;
}

/**
 * Builds Laravel's pagination fields. Page links carry the other query parameters, and the numbered links
 * are a window around the current page with '...' separators, as Laravel does.
 */
export function paginate<T>(input: {
  data: T[];
  total: number;
  page: number;
  perPage: number;
  url: string;
  query: Record<string, string | number | undefined>;
}): Paginated<T> {
  const { total, page, perPage, url } = input;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const pageUrl = (n: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query))
      if (v !== undefined && v !== '' && k !== 'page') params.set(k, String(v));
    params.set('page', String(n));
    return `${url}?${params.toString()}`;
  };
  const from = total === 0 || input.data.length === 0 ? null : (page - 1) * perPage + 1;
  const to = from === null ? null : from + input.data.length - 1;

  const numbers = pageNumbers(page, lastPage);
  const links = [
    { url: page > 1 ? pageUrl(page - 1) : null, label: '&laquo; Previous', active: false },
    ...numbers.map((n) =>
      n === '...'
        ? { url: null, label: '...', active: false }
        : { url: pageUrl(n), label: String(n), active: n === page },
    ),
    { url: page < lastPage ? pageUrl(page + 1) : null, label: 'Next &raquo;', active: false },
  ];
  return {
    data: input.data,
    current_page: page,
    first_page_url: pageUrl(1),
    from,
    last_page: lastPage,
    last_page_url: pageUrl(lastPage),
    links,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    path: url,
    per_page: perPage,
    prev_page_url: page > 1 ? pageUrl(page - 1) : null,
    to,
    total,
  };
}
