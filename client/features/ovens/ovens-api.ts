import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOvenRequest,
  FleetPage,
  Location,
  LocationRequest,
  OvenDetail,
  OvenSummary,
  UpdateOvenRequest,
} from '../../../shared/contracts/ovens';
import { api } from '../../lib/api';

export const ovenKeys = {
  all: ['ovens'] as const,
  lists: ['ovens', 'list'] as const,
  list: (types: string, location = '') => ['ovens', 'list', types, location] as const,
  one: (id: number) => ['ovens', 'one', id] as const,
};

/** GET /api/ovens?ovens=…&location=…: 'All' or types joined by commas; a location's id, 'none', or any. */
export const ovenListQuery = (types = 'All', location = '') =>
  queryOptions({
    queryKey: ovenKeys.list(types, location),
    queryFn: () =>
      api<{ data: OvenSummary[] }>(
        'GET',
        `/api/ovens?ovens=${encodeURIComponent(types)}${location ? `&location=${encodeURIComponent(location)}` : ''}`,
      ).then((r) => r.data),
  });

export const ovenQuery = (id: number) =>
  queryOptions({
    queryKey: ovenKeys.one(id),
    queryFn: () => api<{ data: OvenDetail }>('GET', `/api/ovens/${id}`).then((r) => r.data),
  });

function useSettle() {
  const queryClient = useQueryClient();
  return (oven?: OvenDetail) => {
    if (oven) queryClient.setQueryData(ovenKeys.one(oven.id), oven);
    // An oven made, renamed or moved changes the locations' counts and the fleet page too.
    void queryClient.invalidateQueries({ queryKey: locationKeys.all });
    void queryClient.invalidateQueries({ queryKey: fleetKeys.all });
    return queryClient.invalidateQueries({ queryKey: ovenKeys.lists });
  };
}

export function useCreateOven() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: CreateOvenRequest) =>
      api<{ data: OvenDetail }>('POST', '/api/ovens', body).then((r) => r.data),
    onSuccess: settle,
  });
}

export function useUpdateOven() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateOvenRequest }) =>
      api<{ data: OvenDetail }>('PUT', `/api/ovens/${id}`, body).then((r) => r.data),
    onSuccess: settle,
  });
}

export function useDuplicateOven() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ data: OvenDetail }>('POST', `/api/ovens/clone/${id}`).then((r) => r.data),
    onSuccess: settle,
  });
}

export function useDeleteOven() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: { id: number; name: string } }>('DELETE', `/api/ovens/${id}`),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: ovenKeys.one(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: ovenKeys.lists });
    },
  });
}

/** Puts a recipe in a slot of one of the user's ovens (the menus API's POST /api/buttons). */
export function useAddRecipeToOven() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { screen_id: number; position: number; buttonable_id: number }) =>
      api<{ data: OvenDetail }>('POST', '/api/buttons', { ...body, buttonable_type: 'Recipe' }).then(
        (r) => r.data,
      ),
    onSuccess: (oven) => {
      queryClient.setQueryData(ovenKeys.one(oven.id), oven);
      return queryClient.invalidateQueries({ queryKey: ovenKeys.lists });
    },
  });
}

export const locationKeys = { all: ['locations'] as const };
export const fleetKeys = { all: ['fleet'] as const };

export const locationListQuery = () =>
  queryOptions({
    queryKey: locationKeys.all,
    queryFn: () => api<{ data: Location[] }>('GET', '/api/locations').then((r) => r.data),
  });

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
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: locationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ovenKeys.all }),
      queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
    ]);
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
