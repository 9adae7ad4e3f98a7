import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Spinner } from '../../components/form';
import { TIMINGS } from '../../lib/timings';
import { useUrlState } from '../../lib/use-url-state';
import { userListQuery } from './users-api';

const DEFAULTS = { email: '' };
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'Never');

/**
 * Spec §2.10 Users: 'Search by email...' (450 ms after the last key), the table of users with their counts, the
 * username opening the user, Prev/Next. The search and the page live in the address.
 */
export function UsersPage() {
  const url = useUrlState(DEFAULTS);
  const email = url.values.email;
  const [text, setText] = useState(email);
  const { update } = url;
  useEffect(() => {
    const t = window.setTimeout(() => {
      if (text.trim() !== email) update({ email: text.trim() });
    }, TIMINGS.emailSearchDebounceMs);
    return () => window.clearTimeout(t);
  }, [text, email, update]);
  const list = useQuery(userListQuery(email, url.page));
  const data = list.data;

  return (
    <section className="page" aria-labelledby="users-title">
      <header className="page-header">
        <h1 id="users-title">Users</h1>
      </header>
      <div className="toolbar">
        <label className="search">
          <span className="sr-only">Search users by e-mail</span>
          <input
            type="search"
            placeholder="Search by email..."
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {data ? (
          <p className="counter" aria-live="polite">
            {data.total === 0 ? '' : `Showing ${data.from} - ${data.to} of ${data.total} users`}
          </p>
        ) : null}
      </div>
      {list.isPending ? <Spinner label="Loading data ..." /> : null}
      {list.isError ? <Alert tone="error">The users could not be loaded: {list.error.message}</Alert> : null}
      {data && data.total === 0 ? (
        <div className="card empty-state">
          <p>No results were found</p>
        </div>
      ) : null}
      {data && data.total > 0 ? (
        <div className="users-table-wrap card">
          <table className="users-table" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Email</th>
                <th scope="col">Date Created</th>
                <th scope="col">Last Login</th>
                <th scope="col" className="number">
                  # of Recipes
                </th>
                <th scope="col" className="number">
                  # of Ovens
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link to={`/reports/users/${u.id}`}>{u.username}</Link>
                    {u.role === 'admin' ? <span className="role-badge">admin</span> : null}
                  </td>
                  <td>{u.email}</td>
                  <td>{date(u.createdAt)}</td>
                  <td>{date(u.lastLogin)}</td>
                  <td className="number">{u.recipesCounter}</td>
                  <td className="number">{u.ovensCounter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.last_page > 1 ? (
        <nav className="pager" aria-label="Pages">
          {data.current_page > 1 ? (
            <button type="button" onClick={() => url.setPage(data.current_page - 1)}>
              ‹ Prev
            </button>
          ) : null}
          <span className="pager-status">
            Page {data.current_page} of {data.last_page}
          </span>
          {data.current_page < data.last_page ? (
            <button type="button" onClick={() => url.setPage(data.current_page + 1)}>
              Next ›
            </button>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
