import { queryOptions, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import type { AuthCheckResponse, PublicUser } from '../../shared/contracts/auth';
import { isAdmin } from '../../shared/domain/permissions';
import { DEFAULT_TEMPERATURE_UNIT, type TemperatureUnit } from '../../shared/domain/temperature';
import { ApiError, api } from './api';
import { authToken } from './auth-token';

export const GUEST: AuthCheckResponse = { auth: false, user: null, role: null };

/** The one query key of the auth check; log-in, log-out and the profile write to it. */
export const authCheckKey = ['auth', 'check'] as const;

/** The auth state of spec §3, checked against the server (a 401 simply means guest). */
export const authCheckQuery = queryOptions({
  queryKey: authCheckKey,
  queryFn: async (): Promise<AuthCheckResponse> => {
    if (!authToken.get()) return GUEST;
    try {
      return await api<AuthCheckResponse>('GET', '/api/auth/check');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        authToken.clear();
        return GUEST;
      }
      throw error;
    }
  },
  // The guard asks again on every page opened; a part of the page mounting just after needs no check of its own.
  staleTime: 5_000,
  retry: 1,
});

type CurrentUser = {
  user: PublicUser | null;
  isAdmin: boolean;
  isPending: boolean;
  isError: boolean;
  refetch: UseQueryResult<AuthCheckResponse>['refetch'];
};
const CurrentUserContext = createContext<CurrentUser | null>(null);

/**
 * Watches the auth check once for the whole app: a watcher per part of the page (a dozen on My Ovens) cost the
 * first screen a query observer, its timers and its subscription each.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const { data, isPending, isError, refetch } = useQuery(authCheckQuery);
  const value = useMemo((): CurrentUser => {
    const user = data?.auth ? (data.user ?? null) : null;
    return { user, isAdmin: isAdmin(user), isPending, isError, refetch };
  }, [data, isPending, isError, refetch]);
  return createElement(CurrentUserContext.Provider, { value }, children);
}

/** Who is using the app: the one place pages and guards read it from (and re-render when it changes). */
export function useCurrentUser(): CurrentUser {
  const current = useContext(CurrentUserContext);
  if (!current) throw new Error('useCurrentUser is used outside CurrentUserProvider');
  return current;
}

/** How the signed-in user reads and types temperatures (°F for guests and by default). */
export function useTemperatureUnit(): TemperatureUnit {
  return useCurrentUser().user?.temperature_unit ?? DEFAULT_TEMPERATURE_UNIT;
}

/** After a profile change, the signed-in user everywhere shows the new name. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) =>
    queryClient.setQueryData<AuthCheckResponse>(authCheckKey, (old) => (old ? { ...old, user } : old));
}

/**
 * Set just before this person changes the team they work in (a switch, a new team, an accepted invitation,
 * leaving or deleting one), so the change is not taken for a removal by someone else.
 */
let ownTeamChange = false;
export function expectTeamChange() {
  ownTeamChange = true;
}
/** Whether the last change of team was this person's own; answers once. */
export function takeOwnTeamChange(): boolean {
  const own = ownTeamChange;
  ownTeamChange = false;
  return own;
}
