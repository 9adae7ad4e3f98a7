import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/form';
import { useAuthCheck } from '../features/auth/auth-api';

/** Spec §2.1 access kinds: open (login, register), guest-only, logged in, admin. */
export type Access = 'open' | 'guest' | 'user' | 'admin';

/** Spec §2.2: each visit re-checks the auth state with the server, then redirects as the table says. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const location = useLocation();
  const auth = useAuthCheck();
  const { refetch } = auth;

  useEffect(() => {
    if (access !== 'open') void refetch();
  }, [location.pathname, access, refetch]);

  if (access === 'open') return <>{children}</>;
  if (auth.isPending) return <Spinner label="Checking your session ..." />;
  const state = auth.data ?? { auth: false, role: null };

  if (access === 'guest') return state.auth ? <Navigate to="/recipes" replace /> : <>{children}</>;
  if (!state.auth) return <Navigate to="/" replace />;
  if (access === 'admin' && state.role !== 'admin') return <Navigate to="/recipes" replace />;
  return <>{children}</>;
}
