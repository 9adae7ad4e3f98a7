import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoSettingsReply, SsoSettingsRequest } from '../../../shared/contracts/teams';
import { api } from '../../lib/api';

/** A team's company sign-in (owners): the setting, its domains' proof, a test trip to the provider. */
export const companySignInKeys = {
  setting: (teamId: number) => ['company-sign-in', teamId] as const,
};

const base = (teamId: number) => `/api/teams/${teamId}/sso`;

/** The setting changed: it, and the team's trail that says who changed it. */
const changed = (queryClient: QueryClient, teamId: number, reply?: SsoSettingsReply) =>
  Promise.all([
    reply
      ? queryClient.setQueryData(companySignInKeys.setting(teamId), reply)
      : queryClient.invalidateQueries({ queryKey: companySignInKeys.setting(teamId) }),
    queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'activity'] }),
  ]);

export const companySignInQuery = (teamId: number) =>
  queryOptions({
    queryKey: companySignInKeys.setting(teamId),
    queryFn: () => api<SsoSettingsReply>('GET', base(teamId)),
  });

export function useSaveCompanySignIn(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsRequest) => api<SsoSettingsReply>('PUT', base(teamId), body),
    onSuccess: (reply) => changed(queryClient, teamId, reply),
  });
}

export function useTurnOffCompanySignIn(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ deleted: boolean }>('DELETE', base(teamId)),
    onSuccess: () => changed(queryClient, teamId),
  });
}

/** Looks up the unproved domains' TXT records now; the answer says which were proved. */
export function useCheckDomains(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<SsoSettingsReply & { proved: string[] }>('POST', `${base(teamId)}/verify`),
    onSuccess: (reply) => changed(queryClient, teamId, reply),
  });
}

/** Where to send the browser to try the provider (it comes back to the Team page with the result). */
export const useTestCompanySignIn = (teamId: number) =>
  useMutation({ mutationFn: () => api<{ url: string }>('POST', `${base(teamId)}/test`) });
