import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobOf } from '../../../shared/contracts/jobs';
import type {
  ApplyTemplateRequest,
  CreateTemplateRequest,
  MenuTemplate,
  MenuTemplateDetail,
  UpdateTemplateRequest,
} from '../../../shared/contracts/menus';
import { api } from '../../lib/api';
import { useJobMutation } from '../../lib/jobs';

export const templateKeys = {
  all: ['templates'] as const,
  list: ['templates', 'list'] as const,
  one: (id: number) => ['templates', 'one', id] as const,
};

export const templateListQuery = () =>
  queryOptions({
    queryKey: templateKeys.list,
    queryFn: () => api<{ data: MenuTemplate[] }>('GET', '/api/templates').then((r) => r.data),
  });

/** A template with each oven it was applied to and how that oven matches it now. */
export const templateQuery = (id: number) =>
  queryOptions({
    queryKey: templateKeys.one(id),
    queryFn: () => api<{ data: MenuTemplateDetail }>('GET', `/api/templates/${id}`).then((r) => r.data),
  });

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTemplateRequest) =>
      api<{ data: MenuTemplate }>('POST', '/api/templates', body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useUpdateTemplate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTemplateRequest) =>
      api<{ data: MenuTemplate }>('PUT', `/api/templates/${id}`, body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: { id: number; name: string } }>('DELETE', `/api/templates/${id}`).then((r) => r.data),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.one(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: templateKeys.list });
    },
  });
}

/**
 * POST /api/templates/{id}/apply queues the application; the mutation follows the job (`progress`: ovens done)
 * and answers the result per oven. The ovens' menus change, so the caller (which knows the ovens' and fleet's
 * caches) is told through `onApplied`.
 */
export function useApplyTemplate(id: number, onApplied: () => unknown) {
  const queryClient = useQueryClient();
  return useJobMutation<ApplyTemplateRequest, 'template-apply'>({
    start: (body) =>
      api<{ data: JobOf<'template-apply'> }>('POST', `/api/templates/${id}/apply`, body).then((r) => r.data),
    onSuccess: () => {
      onApplied();
      return queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}
