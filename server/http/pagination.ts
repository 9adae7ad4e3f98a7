import type { Paginated } from '../../shared/contracts/pagination';

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

  const numbers: (number | '...')[] = [];
  for (let n = 1; n <= lastPage; n++) {
    if (n <= 2 || n > lastPage - 2 || Math.abs(n - page) <= 3) numbers.push(n);
    else if (numbers[numbers.length - 1] !== '...') numbers.push('...');
  }
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
