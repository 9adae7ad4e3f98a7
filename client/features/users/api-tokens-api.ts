import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TokenCreated, TokenRequest, tokenList } from '../../../shared/contracts/integrations';
import { api } from '../../lib/api';

export const tokenKeys = {
  all: ['api-tokens'] as const,
};

/** GET /api/tokens: the user's own tokens; an owner's list holds every token of their current team. */
export const tokenListQuery = () =>
  queryOptions({
    queryKey: tokenKeys.all,
    queryFn: () => api<z.infer<typeof tokenList>>('GET', '/api/tokens').then((r) => r.data),
  });

/** POST /api/tokens: the answer is the only time the secret is seen. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenRequest) => api<TokenCreated>('POST', '/api/tokens', body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** DELETE /api/tokens/{id}: every call with the token is refused from now on. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/api/tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
