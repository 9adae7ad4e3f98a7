import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/contracts/config';
import { api } from './api';

/** The provider's name and links: the same for every visitor, asked for once per load (main.tsx starts it). */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<PublicConfig>('GET', '/api/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
