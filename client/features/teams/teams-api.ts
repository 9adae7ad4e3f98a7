import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '../../../shared/contracts/pagination';
import type {
  ActivityEntry,
  Invitation,
  InvitationPreview,
  InvitationRequest,
  Member,
  MemberRequest,
  Team,
} from '../../../shared/contracts/teams';
import { api } from '../../lib/api';
import { expectTeamChange, useCurrentUser } from '../../lib/current-user';

export const teamKeys = {
  all: ['teams'] as const,
  list: ['teams', 'list'] as const,
  members: (id: number) => ['teams', id, 'members'] as const,
  invitations: (id: number) => ['teams', id, 'invitations'] as const,
  activity: (id: number, filters: { page: number; location: string; user: string }) =>
    ['teams', id, 'activity', filters] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

export const teamListQuery = () =>
  queryOptions({
    queryKey: teamKeys.list,
    queryFn: () => api<{ data: Team[] }>('GET', '/api/teams').then((r) => r.data),
  });

export const membersQuery = (teamId: number) =>
  queryOptions({
    queryKey: teamKeys.members(teamId),
    queryFn: () => api<{ data: Member[] }>('GET', `/api/teams/${teamId}/members`).then((r) => r.data),
  });

export const invitationsQuery = (teamId: number) =>
  queryOptions({
    queryKey: teamKeys.invitations(teamId),
    queryFn: () => api<{ data: Invitation[] }>('GET', `/api/teams/${teamId}/invitations`).then((r) => r.data),
  });

export const activityQuery = (teamId: number, filters: { page: number; location: string; user: string }) =>
  queryOptions({
    queryKey: teamKeys.activity(teamId, filters),
    queryFn: () => {
      const q = new URLSearchParams();
      if (filters.page > 1) q.set('page', String(filters.page));
      if (filters.location) q.set('location', filters.location);
      if (filters.user) q.set('user', filters.user);
      return api<Paginated<ActivityEntry>>('GET', `/api/teams/${teamId}/activity?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

/** What an invitation link offers; asked without logging in. */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: () => api<{ data: InvitationPreview }>('GET', `/api/invitations/${token}`).then((r) => r.data),
    retry: false,
  });

/**
 * Working in another team changes what every list shows: after a switch, a new team, an accepted invitation or
 * leaving, everything cached is read again (the signed-in user's team included).
 */
function useEverythingAfter<T, V>(
  mutationFn: (v: V) => Promise<T>,
  ownTeamChanges: (v: V) => boolean = () => true,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, v) => {
      if (ownTeamChanges(v)) expectTeamChange();
      return queryClient.invalidateQueries();
    },
  });
}

export const useSwitchTeam = () =>
  useEverythingAfter((id: number) =>
    api<{ data: Team }>('POST', `/api/teams/${id}/switch`).then((r) => r.data),
  );

export const useCreateTeam = () =>
  useEverythingAfter((name: string) =>
    api<{ data: Team }>('POST', '/api/teams', { name }).then((r) => r.data),
  );

export const useAcceptInvitation = () =>
  useEverythingAfter((token: string) =>
    api<{ data: Team }>('POST', `/api/invitations/${token}/accept`).then((r) => r.data),
  );

export const useDeleteTeam = () =>
  useEverythingAfter((id: number) =>
    api<{ data: { id: number; name: string } }>('DELETE', `/api/teams/${id}`).then((r) => r.data),
  );

/** Removing a member; with one's own id, leaving (which changes the team one works in). */
export const useRemoveMember = (teamId: number) => {
  const me = useCurrentUser().user?.id;
  return useEverythingAfter(
    (userId: number) =>
      api<{ data: { user_id: number } }>('DELETE', `/api/teams/${teamId}/members/${userId}`).then(
        (r) => r.data,
      ),
    (userId) => userId === me,
  );
};

export function useRenameTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<{ data: Team }>('PUT', `/api/teams/${teamId}`, { name }).then((r) => r.data),
    // The name shows in the navigation (the signed-in user's team) and the trail.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useUpdateMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: MemberRequest }) =>
      api<{ data: Member }>('PUT', `/api/teams/${teamId}/members/${userId}`, body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teams', teamId] }),
  });
}

export function useInvite(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationRequest) =>
      api<{ data: Invitation }>('POST', `/api/teams/${teamId}/invitations`, body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teams', teamId] }),
  });
}

export function useResendInvitation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: Invitation }>('POST', `/api/teams/${teamId}/invitations/${id}/resend`).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations(teamId) }),
  });
}

export function useRevokeInvitation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/api/teams/${teamId}/invitations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teams', teamId] }),
  });
}
