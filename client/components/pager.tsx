import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec §2.5/§9 pager: hidden unless there is more than one page; two pages either side of the current one;
 * links that lead nowhere (previous on page 1, next on the last) are hidden rather than disabled. A page past the
 * last (an old link, a narrower search) goes to the last; a new page starts at the top of the screen.
 */
export function Pager({
  page,
  lastPage,
  total,
  perPage,
  onPage,
}: {
  page: number;
  lastPage: number;
  total: number;
  perPage: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation();
  const pastTheEnd = total > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onPage(lastPage);
  }, [pastTheEnd, lastPage, onPage]);
  if (total <= perPage) return null;
  const go = (n: number) => {
    onPage(n);
    window.scrollTo({ top: 0 });
  };
  const pages: number[] = [];
  for (let n = Math.max(1, page - 2); n <= Math.min(lastPage, page + 2); n++) pages.push(n);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 1 ? (
        <button type="button" onClick={() => go(page - 1)} aria-label={t('pager.previous')}>
          {t('pager.prev')}
        </button>
      ) : null}
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? 'pager-current' : ''}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pager.page', { n })}
          onClick={() => go(n)}
        >
          {n}
        </button>
      ))}
      {page < lastPage ? (
        <button type="button" onClick={() => go(page + 1)} aria-label={t('pager.next')}>
          {t('pager.nextShort')}
        </button>
      ) : null}
    </nav>
  );
}
