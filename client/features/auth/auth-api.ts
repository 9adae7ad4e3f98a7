import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AuthCheckResponse, LoginResponse } from '../../../shared/contracts/auth';
import { ApiError, api } from '../../lib/api';
import { authToken } from '../../lib/auth-token';

export const AUTH_QUERY_KEY = ['auth-check'];
const GUEST: AuthCheckResponse = { auth: false, user: null, role: null };

/** The auth state of §3, checked against the server (a 401 simply means guest). */
export function useAuthCheck() {
  return useQuery({
    queryKey: AUTH_QUERY_KEY,
    queryFn: async () => {
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
    staleTime: 0,
    retry: 1,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: { username: string; password: string; remember: boolean }) => {
      const reply = await api<LoginResponse>('POST', '/api/login', body);
      authToken.set(reply.token);
      queryClient.setQueryData<AuthCheckResponse>(AUTH_QUERY_KEY, {
        auth: true,
        user: reply.user,
        role: reply.role,
      });
      return reply;
    },
    [queryClient],
  );
}

/** Spec §4: logout clears the stored token and the auth state, even if the server call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api('POST', '/api/logout');
    } catch (error) {
      console.error('logout failed', error);
    }
    authToken.clear();
    queryClient.clear();
    queryClient.setQueryData(AUTH_QUERY_KEY, GUEST);
  }, [queryClient]);
}
