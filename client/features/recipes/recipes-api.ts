import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Paginated } from '../../../shared/contracts/pagination';
import type { Owner, RecipeCard, RecipeDetail, RecipeInput } from '../../../shared/contracts/recipes';
import { api } from '../../lib/api';

export interface ListParams {
  owner: Owner;
  ovens: string[];
  categories: string[];
  search: string;
  page: number;
}

/** Spec §3: the filter text is 'All' when nothing (or everything) is chosen, else the names joined by commas. */
export function filterText(selected: string[]): string {
  return selected.length === 0 ? 'All' : selected.join(',');
}

export function listQueryString(p: Omit<ListParams, 'page'> & { page?: number }): string {
  const q = new URLSearchParams({
    owner: p.owner,
    ovens: filterText(p.ovens),
    categories: filterText(p.categories),
  });
  if (p.search.trim()) q.set('search', p.search.trim());
  if (p.page) q.set('page', String(p.page));
  return q.toString();
}

export const recipeKeys = {
  all: ['recipes'] as const,
  list: (p: ListParams) => ['recipes', 'list', p] as const,
  one: (id: number) => ['recipes', 'one', id] as const,
};

export function useRecipeList(p: ListParams) {
  return useQuery({
    queryKey: recipeKeys.list(p),
    queryFn: () => api<Paginated<RecipeCard>>('GET', `/api/recipes?${listQueryString(p)}`),
    placeholderData: keepPreviousData,
  });
}

export function useRecipe(id: number | null) {
  return useQuery({
    queryKey: recipeKeys.one(id ?? 0),
    queryFn: () => api<{ data: RecipeDetail }>('GET', `/api/recipes/${id}`).then((r) => r.data),
    enabled: id !== null,
  });
}

export type RecipeSave = RecipeInput & { image?: string | null; scope?: Owner };

/** Every write refreshes every recipe list and the recipe itself. */
export function useRecipeActions() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: recipeKeys.all }),
    [queryClient],
  );
  return {
    async save(id: number | null, body: RecipeSave): Promise<RecipeDetail> {
      const reply = id
        ? await api<{ data: RecipeDetail }>('PUT', `/api/recipes/${id}`, body)
        : await api<{ data: RecipeDetail }>('POST', '/api/recipes', body);
      await refresh();
      return reply.data;
    },
    async remove(id: number) {
      await api('DELETE', `/api/recipes/${id}`);
      await refresh();
    },
    async bulkDelete(ids: number[]) {
      await api('DELETE', '/api/recipes/bulk-delete', { data: ids });
      await refresh();
    },
    /** mode 0 clones into My Recipes; mode 1 duplicates as "… Copy". */
    async clone(id: number, mode: 0 | 1): Promise<RecipeDetail> {
      const reply = await api<{ data: RecipeDetail }>('POST', `/api/recipes/clone/${id}/${mode}`);
      await refresh();
      return reply.data;
    },
  };
}

/** Asks the server to prepare a PDF, then lets the browser download it from /storage/pdf/{name}. */
export async function downloadPdf(path: string): Promise<void> {
  const { name } = await api<{ name: string }>('GET', path);
  const link = document.createElement('a');
  link.href = `/storage/pdf/${encodeURIComponent(name)}`;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
