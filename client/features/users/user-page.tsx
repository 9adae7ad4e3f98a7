import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useBanners } from '../../components/banners';
import { Alert, Spinner } from '../../components/form';
import { ConfirmDialog, Overlay } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { TIMINGS } from '../../lib/timings';
import { adminUserQuery, useDeleteUser } from './users-api';

/**
 * Spec §2.10 User detail: back to the list, the user's name, e-mail and counts, the red Delete User (confirmed, then
 * 'Deleting user ...' and back to the list after 3 s, or at once when the user is gone), and the user's recipes
 * (drawn by the recipes feature, composed by the app).
 */
export function UserPage({ renderRecipes }: { renderRecipes(userId: number): ReactNode }) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const banners = useBanners();
  const { user: me } = useCurrentUser();
  const query = useQuery({ ...adminUserQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const user = query.data;
  const gone = query.isError || !Number.isInteger(id) || id <= 0;
  const [seen, setSeen] = useState(false);
  if (user && !seen) setSeen(true);

  // A user who was on screen and is no longer there (deleted in another window): straight back to the list.
  useEffect(() => {
    if (seen && gone && !leaving && !remove.isPending) navigate('/reports/users');
  }, [seen, gone, leaving, remove.isPending, navigate]);

  // Spec §4: back to the list 3 s after the delete; at once when the user is not (or no longer) there.
  useEffect(() => {
    if (!leaving) return;
    const t = window.setTimeout(() => navigate('/reports/users'), TIMINGS.userDeleteRedirectMs);
    return () => window.clearTimeout(t);
  }, [leaving, navigate]);

  const doDelete = async () => {
    if (!user) return;
    setConfirming(false);
    try {
      await remove.mutateAsync(user.id);
      setLeaving(true);
      banners.success(user.username, 'was successfully deleted');
    } catch (e) {
      banners.failure(user.username, 'could not be deleted', e);
    }
  };

  return (
    <section className="page" aria-labelledby="user-title">
      <p>
        <Link to="/reports/users">‹ Go Back to Users List</Link>
      </p>
      {query.isPending && !gone ? <Spinner label="Loading data ..." /> : null}
      {gone && !leaving ? (
        <Alert tone="error">
          {query.error?.message ?? 'This user was not found.'}{' '}
          <Link to="/reports/users">Back to the users</Link>
        </Alert>
      ) : null}
      {user ? (
        <>
          <header className="card user-header">
            <div>
              <h1 id="user-title">{user.username}</h1>
              <p className="muted">
                {user.email}
                {user.company ? ` · ${user.company}` : ''}
                {user.role === 'admin' ? ' · admin' : ''}
              </p>
              <p className="user-counts">
                <span>
                  Recipes Created: <strong>{user.recipesCounter}</strong>
                </span>
                <span>
                  Ovens Created: <strong>{user.ovensCounter}</strong>
                </span>
              </p>
            </div>
            {me?.id === user.id ? (
              <p className="muted small">This is you: another admin can delete your account.</p>
            ) : (
              <button
                type="button"
                className="btn btn-danger"
                disabled={remove.isPending || leaving}
                onClick={() => setConfirming(true)}
              >
                Delete User
              </button>
            )}
          </header>
          {leaving ? null : renderRecipes(user.id)}
        </>
      ) : null}
      {confirming && user ? (
        <ConfirmDialog
          title="Delete User"
          message={`Are you sure you want to delete the user "${user.username}" (${user.email})? Their ${user.recipesCounter} recipe(s) and ${user.ovensCounter} oven(s) are deleted with them. This action cannot be undone.`}
          confirmLabel="Delete User"
          onCancel={() => setConfirming(false)}
          onConfirm={doDelete}
        />
      ) : null}
      {remove.isPending || leaving ? <Overlay message="Deleting user ..." /> : null}
    </section>
  );
}
