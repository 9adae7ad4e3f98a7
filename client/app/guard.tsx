import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { can, type TeamAction } from '../../shared/domain/permissions';
import { Spinner } from '../components/form';
import { useCurrentUser } from '../lib/current-user';
import { NotForRolePage } from './not-for-role-page';

/** Spec §2.1 access kinds: open (login, register), guest-only, logged in, admin. */
export type Access = 'open' | 'guest' | 'user' | 'admin';

/**
 * Spec §2.2: each visit re-checks the auth state with the server, then redirects as the table says. A page that
 * needs a team action (`action`) tells a role without it so (crew at an address typed or bookmarked).
 */
export function Guard({
  access,
  action,
  children,
  preload,
}: {
  access: Access;
  action?: TeamAction;
  children: ReactNode;
  /** Starts loading the page's code, so it comes while the session is checked. */
  preload?: () => unknown;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, isAdmin, isPending, refetch } = useCurrentUser();

  useEffect(() => {
    preload?.();
  }, [preload]);
  useEffect(() => {
    // Joins a check already on its way (the first one, at start) rather than cancelling it for a new one.
    if (access !== 'open') void refetch({ cancelRefetch: false });
  }, [location.pathname, access, refetch]);

  if (access === 'open') return children;
  if (isPending) return <Spinner label={t('common.checkingSession')} />;
  if (access === 'guest') return user ? <Navigate to="/recipes" replace /> : children;
  if (!user) return <Navigate to="/" replace />;
  if (access === 'admin' && !isAdmin) return <Navigate to="/recipes" replace />;
  if (action && !can(user, action)) return <NotForRolePage />;
  return children;
}
