import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { can, type TeamAction } from '../../shared/domain/permissions';
import { Spinner } from '../components/form';
import { authCheckKey, useCurrentUser } from '../lib/current-user';
import { NotForRolePage } from './not-for-role-page';

/** Spec §2.1 access kinds: open (login, register), guest-only, logged in, admin. */
export type Access = 'open' | 'guest' | 'user' | 'admin';

let firstVisit = true;
/** Whether this is the app's first guarded page since it loaded; answers once. */
function takeFirstVisit(): boolean {
  const first = firstVisit;
  firstVisit = false;
  return first;
}

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
  const queryClient = useQueryClient();

  useEffect(() => {
    preload?.();
  }, [preload]);
  useEffect(() => {
    const first = takeFirstVisit();
    if (access === 'open') return;
    // The check that left with the app (main.tsx) is the first page's own: asking again would cost a round trip
    // and a redraw before the page settles. Every later visit asks. Its answer is read now, not from the render:
    // on a busy device it often comes between the page's drawing and this effect.
    const answeredAt = queryClient.getQueryState(authCheckKey)?.dataUpdatedAt ?? 0;
    if (first && answeredAt >= performance.timeOrigin) return;
    // Joins a check already on its way (the first one, at start) rather than cancelling it for a new one.
    void refetch({ cancelRefetch: false });
  }, [location.pathname, access, refetch, queryClient]);

  if (access === 'open') return children;
  if (isPending) return <Spinner label={t('common.checkingSession')} />;
  if (access === 'guest') return user ? <Navigate to="/recipes" replace /> : children;
  if (!user) return <Navigate to="/" replace />;
  if (access === 'admin' && !isAdmin) return <Navigate to="/recipes" replace />;
  if (action && !can(user, action)) return <NotForRolePage />;
  return children;
}
