import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  transport: string;
  error: string | null;
  created_at: string;
}

/** What the outbox shows this visitor: all mail (this machine, admins), their own, or none. */
export const outboxQuery = queryOptions({
  queryKey: ['outbox'],
  queryFn: () => api<{ scope: 'all' | 'own' | 'none'; data: OutboxMail[] }>('GET', '/api/outbox'),
  refetchInterval: 5000,
});
