import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import type { JobOf } from '../../../shared/contracts/jobs';
import type { Paginated } from '../../../shared/contracts/pagination';
import type {
  ConvertPreview,
  ConvertResult,
  Owner,
  RecipeCard,
  RecipeDetail,
  RecipeInput,
} from '../../../shared/contracts/recipes';
import { api, apiDownload } from '../../lib/api';
import { finishJob, type JobProgress } from '../../lib/jobs';
import { listParam } from '../../lib/use-url-state';

export interface ListFilters {
  owner: Owner;
  ovens: string[];
  categories: string[];
  search: string;
}

export function listQueryString(p: ListFilters & { page?: number }): string {
  const q = new URLSearchParams({
    owner: p.owner,
    ovens: listParam(p.ovens),
    categories: listParam(p.categories),
  });
  if (p.search.trim()) q.set('search', p.search.trim());
  if (p.page && p.page > 1) q.set('page', String(p.page));
  return q.toString();
}

export const recipeKeys = {
  all: ['recipes'] as const,
  lists: ['recipes', 'list'] as const,
  list: (p: ListFilters & { page: number }) => ['recipes', 'list', p] as const,
  one: (id: number) => ['recipes', 'one', id] as const,
};

export const recipeListQuery = (p: ListFilters & { page: number }) =>
  queryOptions({
    queryKey: recipeKeys.list(p),
    queryFn: () => api<Paginated<RecipeCard>>('GET', `/api/recipes?${listQueryString(p)}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/recipes/user?user_id&ovens&categories&search&page: one user's recipes, for an admin. */
export const userRecipeListQuery = (p: Omit<ListFilters, 'owner'> & { userId: number; page: number }) =>
  queryOptions({
    queryKey: ['recipes', 'list', 'user', p] as const,
    queryFn: () => {
      const q = new URLSearchParams({
        user_id: String(p.userId),
        ovens: listParam(p.ovens),
        categories: listParam(p.categories),
      });
      if (p.search.trim()) q.set('search', p.search.trim());
      if (p.page > 1) q.set('page', String(p.page));
      return api<Paginated<RecipeCard>>('GET', `/api/recipes/user?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const recipeQuery = (id: number) =>
  queryOptions({
    queryKey: recipeKeys.one(id),
    queryFn: () => api<{ data: RecipeDetail }>('GET', `/api/recipes/${id}`).then((r) => r.data),
  });

/**
 * The recipes on an oven's menu, with their details, seen online so they open offline and the oven's file can be
 * built on the device: each detail is kept once, under its own recipe's key; this query holds their ids.
 */
export const menuRecipesQuery = (queryClient: QueryClient, ovenId: number) =>
  queryOptions({
    queryKey: [...recipeKeys.all, 'of-oven', ovenId] as const,
    queryFn: async () => {
      const list = (await api<{ data: RecipeDetail[] }>('GET', `/api/ovens/${ovenId}/recipes`)).data;
      for (const r of list) queryClient.setQueryData(recipeKeys.one(r.id), r);
      return list.map((r) => r.id);
    },
  });

/** A recipe's details as this device last saw them (none when never seen). */
export const seenRecipe = (queryClient: QueryClient, id: number) =>
  queryClient.getQueryData<RecipeDetail>(recipeKeys.one(id));

export type RecipeSave = RecipeInput & { image?: string | null; scope?: Owner; image_from?: number };

/** Create (no id) or update; the lists and the recipe itself are refreshed. */
export function useSaveRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RecipeSave }) =>
      (id
        ? api<{ data: RecipeDetail }>('PUT', `/api/recipes/${id}`, body)
        : api<{ data: RecipeDetail }>('POST', '/api/recipes', body)
      ).then((r) => r.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(recipeKeys.one(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: recipeKeys.lists });
    },
  });
}

/** A deleted recipe is dropped from the cache rather than fetched again (it would only answer 404). */
function useForget() {
  const queryClient = useQueryClient();
  return (ids: number[]) => {
    for (const id of ids) queryClient.removeQueries({ queryKey: recipeKeys.one(id), exact: true });
    return queryClient.invalidateQueries({ queryKey: recipeKeys.lists });
  };
}

export function useDeleteRecipe() {
  const forget = useForget();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `/api/recipes/${id}`),
    onSuccess: (_reply, id) => forget([id]),
  });
}

export function useBulkDeleteRecipes() {
  const forget = useForget();
  return useMutation({
    mutationFn: (ids: number[]) => api('DELETE', '/api/recipes/bulk-delete', { data: ids }),
    onSuccess: (_reply, ids) => forget(ids),
  });
}

/** mode 0 clones into My Recipes; mode 1 duplicates as "… Copy" (spec §7). */
export function useCloneRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mode }: { id: number; mode: 0 | 1 }) =>
      api<{ data: RecipeDetail }>('POST', `/api/recipes/clone/${id}/${mode}`).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipeKeys.lists }),
  });
}

/**
 * Asks the server for a PDF: one recipe is drawn at once; a list is drawn by a job the mutation follows
 * (`progress`: recipes drawn). Then the PDF is saved, fetched with this session's token (it answers to no other).
 */
export function useDownloadPdf() {
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (path: string) => {
      setProgress(null);
      const prepared = await api<{ name: string; job?: JobOf<'recipes-pdf'> }>('GET', path);
      if (prepared.job) await finishJob(prepared.job, setProgress);
      await apiDownload(`/storage/pdf/${encodeURIComponent(prepared.name)}`);
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** A recipe as it would be on another oven model, with every change (nothing saved). */
export const convertPreviewQuery = (id: number, ovenType: string) =>
  queryOptions({
    queryKey: ['recipes', 'convert', id, ovenType] as const,
    queryFn: () =>
      api<ConvertPreview>('GET', `/api/recipes/${id}/convert?oven_type=${encodeURIComponent(ovenType)}`),
    staleTime: 0,
  });

/** Converted copies into My Recipes, all or none; the lists are refreshed. */
export function useConvertRecipes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; oven_type: string }) =>
      api<ConvertResult>('POST', '/api/recipes/convert', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipeKeys.lists }),
  });
}

/** Recipes that can go on an oven: the user's own (or the library's) of the oven's type, a page at a time. */
export const recipeChoicesQuery = (p: {
  owner: 'community' | 'provider';
  ovenType: string;
  category: string;
  search: string;
  page: number;
}) =>
  queryOptions({
    queryKey: [...recipeKeys.lists, 'choices', p] as const,
    queryFn: () => {
      const q = new URLSearchParams({ owner: p.owner, ovens: p.ovenType, categories: p.category || 'All' });
      if (p.search.trim()) q.set('search', p.search.trim());
      if (p.page > 1) q.set('page', String(p.page));
      return api<Paginated<RecipeCard>>('GET', `/api/recipes?${q}`);
    },
    placeholderData: keepPreviousData,
  });
