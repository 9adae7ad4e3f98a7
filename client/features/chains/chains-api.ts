import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyTemplateRequest,
  CreateTemplateRequest,
  FleetPage,
  Location,
  LocationRequest,
  MenuTemplate,
  MenuTemplateDetail,
  PreviewTemplateRequest,
  TemplatePreview,
  UpdateTemplateRequest,
} from '../../../shared/contracts/chains';
import type { JobOf } from '../../../shared/contracts/jobs';
import { api } from '../../lib/api';
import { useJobMutation } from '../../lib/jobs';
import { ovenKeys } from '../ovens';

export const templateKeys = {
  all: ['templates'] as const,
  list: ['templates', 'list'] as const,
  one: (id: number) => ['templates', 'one', id] as const,
  preview: (id: number, body: PreviewTemplateRequest) => ['templates', 'preview', id, body] as const,
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

/** What applying would do to each oven, asked before the confirmation (a read: nothing changes). */
export const templatePreviewQuery = (id: number, body: PreviewTemplateRequest) =>
  queryOptions({
    queryKey: templateKeys.preview(id, body),
    queryFn: () =>
      api<{ data: TemplatePreview }>('POST', `/api/templates/${id}/preview`, body).then((r) => r.data),
    // A preview is of the menus as they are now: asked afresh each time the confirmation opens.
    staleTime: 0,
    gcTime: 0,
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

/* ---------- Locations and the fleet page ---------- */

/** Under the ovens' derived key: any change to an oven refreshes the fleet page. */
export const fleetKeys = { all: [...ovenKeys.derived, 'fleet'] as const };

/** GET /api/fleet with the page's filters (location, status, search) and page. */
export const fleetQuery = (filters: Record<string, string>, page: number) =>
  queryOptions({
    queryKey: [...fleetKeys.all, filters, page] as const,
    queryFn: () => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
      if (page > 1) params.set('page', String(page));
      return api<FleetPage>('GET', `/api/fleet?${params.toString()}`);
    },
  });

/** After a location changes: its list, the ovens (their location), the fleet page. */
function useSettleLocations() {
  const queryClient = useQueryClient();
  // The ovens' lists and details, their locations and the fleet page all sit under the ovens' key.
  return () => queryClient.invalidateQueries({ queryKey: ovenKeys.all });
}

export function useAddLocation() {
  const settle = useSettleLocations();
  return useMutation({
    mutationFn: (body: LocationRequest) =>
      api<{ data: Location }>('POST', '/api/locations', body).then((r) => r.data),
    onSuccess: settle,
  });
}

export function useUpdateLocation() {
  const settle = useSettleLocations();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LocationRequest }) =>
      api<{ data: Location }>('PUT', `/api/locations/${id}`, body).then((r) => r.data),
    onSuccess: settle,
  });
}

export function useDeleteLocation() {
  const settle = useSettleLocations();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: { id: number; name: string; ovens: number } }>('DELETE', `/api/locations/${id}`).then(
        (r) => r.data,
      ),
    onSuccess: settle,
  });
}

/** POST /api/locations/{id}/ovens: several ovens into one location, all or none. */
export function useMoveOvens() {
  const settle = useSettleLocations();
  return useMutation({
    mutationFn: ({ id, ovenIds }: { id: number; ovenIds: number[] }) =>
      api<{ data: Location }>('POST', `/api/locations/${id}/ovens`, { oven_ids: ovenIds }).then(
        (r) => r.data,
      ),
    onSuccess: settle,
  });
}
