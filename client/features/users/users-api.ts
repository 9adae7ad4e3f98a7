import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/contracts/auth';
import type { Paginated } from '../../../shared/contracts/pagination';
import type { AdminUser, UpdateProfileRequest } from '../../../shared/contracts/users';
import { ApiError, api } from '../../lib/api';
import { useSetCurrentUser } from '../../lib/current-user';

/** PUT /api/users/{id}: the signed-in user's own profile; the new name shows everywhere at once. */
export function useUpdateProfile(userId: number) {
  const setCurrentUser = useSetCurrentUser();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      api<{ data: PublicUser }>('PUT', `/api/users/${userId}`, body).then((r) => r.data),
    onSuccess: setCurrentUser,
  });
}

/* ---------- Admin ---------- */

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (email: string, page: number) => ['admin-users', 'list', email, page] as const,
  one: (id: number) => ['admin-users', 'one', id] as const,
};

/** GET /api/users?email&page (admins). */
export const userListQuery = (email: string, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.list(email, page),
    queryFn: () => {
      const q = new URLSearchParams();
      if (email) q.set('email', email);
      if (page > 1) q.set('page', String(page));
      return api<Paginated<AdminUser>>('GET', `/api/users?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const adminUserQuery = (id: number) =>
  queryOptions({
    queryKey: adminUserKeys.one(id),
    queryFn: () => api<{ data: AdminUser }>('GET', `/api/users/${id}`).then((r) => r.data),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

/** DELETE /api/users/{id}: the lists forget the user. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ deleted: true; id: number; username: string }>('DELETE', `/api/users/${id}`),
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: adminUserKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: ['admin-users', 'list'] });
    },
  });
}
