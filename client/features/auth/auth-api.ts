import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AuthCheckResponse,
  ForgotPasswordRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
} from '../../../shared/contracts/auth';
import { api } from '../../lib/api';
import { authToken } from '../../lib/auth-token';
import { authCheckKey, GUEST } from '../../lib/current-user';
import { forgetOfflineData } from '../../lib/offline/store';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string; remember: boolean }) =>
      api<LoginResponse>('POST', '/api/login', body),
    onSuccess: (reply) => {
      authToken.set(reply.token);
      queryClient.setQueryData<AuthCheckResponse>(authCheckKey, {
        auth: true,
        user: reply.user,
        role: reply.role,
      });
    },
  });
}

/** Spec §4: logout clears the stored token and the auth state, even if the server call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api('POST', '/api/logout');
      } catch (error) {
        console.error('logout failed', error);
      }
    },
    onSettled: async () => {
      authToken.clear();
      queryClient.clear();
      queryClient.setQueryData(authCheckKey, GUEST);
      // What the device kept for working offline goes with the session.
      await forgetOfflineData();
    },
  });
}

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterRequest) => api<RegisterResponse>('POST', '/api/register', body),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api<{ sent: boolean; message?: string }>('POST', '/api/password/email', body),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      api<{ updated: boolean; message?: string }>('POST', '/api/password/reset', body),
  });

export const useVerifyAccount = () =>
  useMutation({
    mutationFn: (body: { email: string; token: string }) =>
      api<{ message: string }>('POST', '/api/verify-account', body),
  });

export const useResendVerification = () =>
  useMutation({ mutationFn: (body: { email: string }) => api('POST', '/api/verify-account/resend', body) });

/** Company sign-in: the address of the team's provider for this e-mail (a 422 on the field when none). */
export const useCompanySignInStart = () =>
  useMutation({
    mutationFn: (email: string) =>
      api<{ url: string }>('GET', `/api/auth/sso?format=json&email=${encodeURIComponent(email)}`),
  });

/** The callback's one-time hand-off, for a session: signed in as a password log-in is. */
export function useCompanySignInSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handoff: string) => api<LoginResponse>('POST', '/api/auth/sso/session', { handoff }),
    onSuccess: (reply) => {
      authToken.set(reply.token);
      queryClient.setQueryData<AuthCheckResponse>(authCheckKey, {
        auth: true,
        user: reply.user,
        role: reply.role,
      });
    },
  });
}
