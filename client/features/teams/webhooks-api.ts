import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type {
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookRequest,
  webhookList,
  webhookTestResult,
} from '../../../shared/contracts/integrations';
import type { Paginated } from '../../../shared/contracts/pagination';
import { api } from '../../lib/api';

export const webhookKeys = {
  all: (teamId: number) => ['webhooks', teamId] as const,
  list: (teamId: number) => ['webhooks', teamId, 'list'] as const,
  deliveries: (teamId: number, webhookId: number) => ['webhooks', teamId, 'deliveries', webhookId] as const,
  deliveryPage: (teamId: number, webhookId: number, page: number) =>
    ['webhooks', teamId, 'deliveries', webhookId, page] as const,
};

const base = (teamId: number) => `/api/teams/${teamId}/webhooks`;

/** A webhook added, removed or turned on: the list, and the team's trail that says who did it. */
const changed = (queryClient: QueryClient, teamId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: webhookKeys.list(teamId) }),
    // The trail's pages, whatever their filters (teamKeys.activity's prefix).
    queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'activity'] }),
  ]);

export const webhookListQuery = (teamId: number) =>
  queryOptions({
    queryKey: webhookKeys.list(teamId),
    queryFn: () => api<z.infer<typeof webhookList>>('GET', base(teamId)).then((r) => r.data),
  });

/** One page of a webhook's delivery log, newest first. */
export const deliveriesQuery = (teamId: number, webhookId: number, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveryPage(teamId, webhookId, page),
    queryFn: () =>
      api<Paginated<WebhookDelivery>>(
        'GET',
        `${base(teamId)}/${webhookId}/deliveries${page > 1 ? `?page=${page}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });

/** POST …/webhooks: the answer is the only time the signing secret is seen. */
export function useAddWebhook(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookRequest) => api<WebhookCreated>('POST', base(teamId), body).then((r) => r.data),
    onSuccess: () => changed(queryClient, teamId),
  });
}

export function useRemoveWebhook(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `${base(teamId)}/${id}`),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(teamId, id) });
      return changed(queryClient, teamId);
    },
  });
}

/** A ping sent now; its delivery shows in the log once the receiver answered (or did not). */
export function useTestWebhook(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<z.infer<typeof webhookTestResult>>('POST', `${base(teamId)}/${id}/test`).then((r) => r.data),
    onSuccess: (_reply, id) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(teamId, id) }),
  });
}

/** Turns on again a webhook Hearth turned off after a day of failures. */
export function useEnableWebhook(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: Webhook }>('POST', `${base(teamId)}/${id}/enable`).then((r) => r.data),
    onSuccess: () => changed(queryClient, teamId),
  });
}

/** After a delivery shows in the log, the webhook's state may have changed (failing, or well again). */
export function useRefreshWebhooks(teamId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(teamId) }),
    [queryClient, teamId],
  );
}
