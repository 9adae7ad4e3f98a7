import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useBanners } from '../../components/banners';
import { Alert, Spinner } from '../../components/form';
import { ConfirmDialog, Overlay } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { MarkedText, textOf } from '../../lib/i18n';
import { TIMINGS } from '../../lib/timings';
import { adminUserQuery, useDeleteUser } from './users-api';

/**
 * Spec §2.10 User detail: back to the list, the user's name, e-mail and counts, the red Delete User (confirmed, then
 * 'Deleting user ...' and back to the list after 3 s, or at once when the user is gone), and the user's recipes
 * (drawn by the recipes feature, composed by the app).
 */
export function UserPage({ renderRecipes }: { renderRecipes(userId: number): ReactNode }) {
  const { t } = useTranslation();
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
    const timer = window.setTimeout(() => navigate('/reports/users'), TIMINGS.userDeleteRedirectMs);
    return () => window.clearTimeout(timer);
  }, [leaving, navigate]);

  const doDelete = async () => {
    if (!user) return;
    setConfirming(false);
    try {
      await remove.mutateAsync(user.id);
      setLeaving(true);
      banners.success(user.username, t('usersAdmin.deleted'));
    } catch (e) {
      banners.failure(user.username, t('usersAdmin.deleteFailed'), e);
    }
  };

  return (
    <section className="page" aria-labelledby="user-title">
      <p>
        <Link to="/reports/users">{t('usersAdmin.backToList')}</Link>
      </p>
      {query.isPending && !gone ? <Spinner label={t('usersAdmin.loading')} /> : null}
      {gone && !leaving ? (
        <Alert tone="error">
          {query.error ? textOf(query.error) : t('usersAdmin.notFound')}{' '}
          <Link to="/reports/users">{t('usersAdmin.backToUsers')}</Link>
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
                {user.role === 'admin' ? ` · ${t('usersAdmin.admin')}` : ''}
              </p>
              <p className="user-counts">
                <span>
                  <MarkedText
                    i18nKey="usersAdmin.recipesCreated"
                    values={{ count: user.recipesCounter }}
                    components={{ b: <strong /> }}
                  />
                </span>
                <span>
                  <MarkedText
                    i18nKey="usersAdmin.ovensCreated"
                    values={{ count: user.ovensCounter }}
                    components={{ b: <strong /> }}
                  />
                </span>
              </p>
            </div>
            {me?.id === user.id ? (
              <p className="muted small">{t('usersAdmin.thisIsYou')}</p>
            ) : (
              <button
                type="button"
                className="btn btn-danger"
                disabled={remove.isPending || leaving}
                onClick={() => setConfirming(true)}
              >
                {t('usersAdmin.deleteUser')}
              </button>
            )}
          </header>
          {leaving ? null : renderRecipes(user.id)}
        </>
      ) : null}
      {confirming && user ? (
        <ConfirmDialog
          title={t('usersAdmin.deleteUser')}
          message={t('usersAdmin.deleteConfirm', {
            name: user.username,
            email: user.email,
            recipes: user.recipesCounter,
            ovens: user.ovensCounter,
          })}
          confirmLabel={t('usersAdmin.deleteUser')}
          onCancel={() => setConfirming(false)}
          onConfirm={doDelete}
        />
      ) : null}
      {remove.isPending || leaving ? <Overlay message={t('usersAdmin.deleting')} /> : null}
    </section>
  );
}
