import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/contracts/config';
import { api } from './api';

export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api<PublicConfig>('GET', '/api/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
