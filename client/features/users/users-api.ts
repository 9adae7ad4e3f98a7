import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/contracts/auth';
import type { UpdateProfileRequest } from '../../../shared/contracts/users';
import { api } from '../../lib/api';
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
