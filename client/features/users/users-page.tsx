import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Spinner } from '../../components/form';
import { SearchBox } from '../../components/search-box';
import { formatLocale, textOf, useUiLanguage } from '../../lib/i18n';
import { formatDay } from '../../lib/text';
import { TIMINGS } from '../../lib/timings';
import { useSearchText } from '../../lib/use-debounced';
import { useUrlState } from '../../lib/use-url-state';
import { userListQuery } from './users-api';

const DEFAULTS = { email: '' };

/**
 * Spec §2.10 Users: 'Search by email...' (450 ms after the last key), the table of users with their counts, the
 * username opening the user, Prev/Next. The search and the page live in the address.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const locale = formatLocale(useUiLanguage());
  const date = (iso: string | null) => (iso ? formatDay(iso) : t('usersAdmin.never'));
  const number = (n: number) => n.toLocaleString(locale);
  const url = useUrlState(DEFAULTS);
  const email = url.values.email;
  const box = useSearchText(
    email,
    (next, push) => url.update({ email: next }, { push }),
    TIMINGS.emailSearchDebounceMs,
  );
  const list = useQuery(userListQuery(email, url.page));
  const data = list.data;

  return (
    <section className="page" aria-labelledby="users-title">
      <header className="page-header">
        <h1 id="users-title">{t('usersAdmin.title')}</h1>
      </header>
      <div className="toolbar">
        <SearchBox
          className="search"
          label={t('usersAdmin.searchLabel')}
          placeholder={t('usersAdmin.searchPlaceholder')}
          {...box.bind}
        />
        {data ? (
          <p className="counter" aria-live="polite">
            {data.total === 0
              ? ''
              : t('usersAdmin.showing', { from: data.from, to: data.to, total: data.total })}
          </p>
        ) : null}
      </div>
      {list.isPending ? <Spinner label={t('usersAdmin.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('usersAdmin.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {data && data.total === 0 ? (
        <div className="card empty-state">
          <p>{t('usersAdmin.noResults')}</p>
        </div>
      ) : null}
      {data && data.total > 0 ? (
        <div className="users-table-wrap card">
          <table className="users-table" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t('usersAdmin.colUsername')}</th>
                <th scope="col">{t('usersAdmin.colEmail')}</th>
                <th scope="col">{t('usersAdmin.colCreated')}</th>
                <th scope="col">{t('usersAdmin.colLastLogin')}</th>
                <th scope="col" className="number">
                  {t('usersAdmin.colRecipes')}
                </th>
                <th scope="col" className="number">
                  {t('usersAdmin.colOvens')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link to={`/reports/users/${u.id}`}>{u.username}</Link>
                    {u.role === 'admin' ? <span className="role-badge">{t('usersAdmin.admin')}</span> : null}
                  </td>
                  <td>{u.email}</td>
                  <td>{date(u.createdAt)}</td>
                  <td>{date(u.lastLogin)}</td>
                  <td className="number">{number(u.recipesCounter)}</td>
                  <td className="number">{number(u.ovensCounter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.last_page > 1 ? (
        <nav className="pager" aria-label={t('pager.label')}>
          {data.current_page > 1 ? (
            <button type="button" onClick={() => url.setPage(data.current_page - 1)}>
              {t('pager.prev')}
            </button>
          ) : null}
          <span className="pager-status">
            {t('usersAdmin.pageOf', { page: data.current_page, last: data.last_page })}
          </span>
          {data.current_page < data.last_page ? (
            <button type="button" onClick={() => url.setPage(data.current_page + 1)}>
              {t('pager.nextShort')}
            </button>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
