import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  type MenuDiffResponse,
  type MenuVersion,
  menuFromWire,
  menuToWire,
  type SaveVersionRequest,
} from '../../../shared/contracts/menus';
import type { OvenDetail, OvenState } from '../../../shared/contracts/ovens';
import type { Paginated } from '../../../shared/contracts/pagination';
import type { RecipeCard } from '../../../shared/contracts/recipes';
import type { ButtonColor } from '../../../shared/domain/catalog';
import {
  addPage,
  addScreen,
  createCategory,
  deleteScreen,
  type MenuRecipe,
  type MenuTree,
  moveButton,
  placeRecipe,
  removeButton,
  updateButton,
  updateCategory,
} from '../../../shared/domain/menu';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { ApiError, api } from '../../lib/api';

/** The oven the editor works on, owned by the page (which keeps it in its query cache). */
export interface OvenHandle {
  oven: OvenDetail;
  /** Shows `next` at once (an optimistic change, or the server's answer). */
  set(next: OvenDetail): void;
  /** Reads the oven again from the server (after a refusal or a conflict). */
  reload(): Promise<unknown>;
}

type Change = (tree: MenuTree, type: OvenType) => MenuTree;

/** What a change answers: the oven as saved, and the id of a screen or category it made. */
interface Saved {
  data: OvenDetail;
  screen_id?: number;
  category_id?: number | null;
}

/**
 * The editor's changes (spec §7 screens, buttons, categories, moves, undo). Each is shown at once with the same
 * domain operation the server runs, then sent; changes go one after another, each with the oven version the last
 * answer gave, so a quick series of taps never trips over itself. A refused change puts the menu back as the
 * server has it and says why (`onError`).
 */
export function useMenuActions(handle: OvenHandle, onError: (message: string) => void) {
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const version = useRef(handle.oven.version);
  const latest = useRef(handle.oven);
  latest.current = handle.oven;
  if (pending.current === 0) version.current = handle.oven.version;
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    <T extends Saved | { oven: OvenState }>(
      optimistic: Change | null,
      send: (version: number) => Promise<T>,
    ): Promise<T | null> => {
      const before = latest.current;
      if (optimistic) {
        try {
          const tree = optimistic(menuFromWire(before.screens, before.type), before.type as OvenType);
          handle.set({ ...before, screens: menuToWire(tree) });
        } catch (error) {
          onError(error instanceof Error ? error.message : String(error));
          return Promise.resolve(null);
        }
      }
      pending.current += 1;
      setBusy(true);
      const job = queue.current.then(async () => {
        try {
          const reply = await send(version.current);
          if ('data' in reply) {
            version.current = reply.data.version;
            // A later change already shows on screen: its own answer will bring the final menu.
            if (pending.current === 1) handle.set(reply.data);
          } else {
            // A small change answers the oven's state only: the menu on screen is already its result.
            version.current = reply.oven.version;
            handle.set({ ...latest.current, ...reply.oven });
          }
          return reply;
        } catch (error) {
          onError(error instanceof ApiError || error instanceof Error ? error.message : String(error));
          await handle.reload();
          return null;
        } finally {
          pending.current -= 1;
          if (pending.current === 0) setBusy(false);
        }
      });
      queue.current = job;
      return job;
    },
    [handle, onError],
  );

  const model = () => ovenModel(latest.current.type as OvenType);
  const ovenId = () => latest.current.id;

  return {
    busy,
    move: (
      from: { screenId: number; position: number; buttonId: number },
      to: { screenId: number; position: number },
    ) =>
      run(
        (tree) => moveButton(tree, model(), { screenId: from.screenId, position: from.position }, to),
        (v) =>
          api<{ screen: unknown; oven: OvenState }>('PUT', `/api/ovens/button-position/${ovenId()}`, {
            screen_id: from.screenId,
            current_position: from.position,
            new_position: to.position,
            ...(to.screenId !== from.screenId ? { new_screen_id: to.screenId } : {}),
            button_id: from.buttonId,
            version: v,
          }),
      ),
    addRecipe: (screenId: number, position: number, recipe: MenuRecipe) =>
      run(
        (tree) => placeRecipe(tree, model(), screenId, position, recipe),
        (v) =>
          api<Saved>('POST', '/api/buttons', {
            position,
            screen_id: screenId,
            buttonable_id: recipe.id,
            buttonable_type: 'Recipe',
            version: v,
          }),
      ),
    updateButton: (
      buttonId: number,
      patch: { icon?: string; color?: ButtonColor; favorite?: boolean; recipe?: MenuRecipe },
    ) =>
      run(
        (tree) => updateButton(tree, model(), buttonId, patch),
        (v) =>
          api<{ oven: OvenState }>('PUT', `/api/buttons/${buttonId}`, {
            ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
            ...(patch.color !== undefined ? { background_color: patch.color } : {}),
            ...(patch.favorite !== undefined ? { is_favorite: patch.favorite } : {}),
            ...(patch.recipe !== undefined ? { buttonable_id: patch.recipe.id } : {}),
            version: v,
          }),
      ),
    removeButton: (buttonId: number) =>
      run(
        (tree) => removeButton(tree, model(), buttonId),
        (v) => api<{ oven: OvenState }>('DELETE', `/api/buttons/${buttonId}?version=${v}`),
      ),
    createCategory: (screenId: number, position: number, name: string) =>
      run(
        (tree) => createCategory(tree, model(), screenId, position, name),
        (v) =>
          api<Saved>('POST', '/api/categories', {
            name,
            oven_id: ovenId(),
            screen_id: screenId,
            position,
            version: v,
          }),
      ),
    updateCategory: (categoryId: number, patch: { name?: string; icon?: string }) =>
      run(
        (tree) => updateCategory(tree, categoryId, patch),
        (v) => api<{ oven: OvenState }>('PUT', `/api/categories/${categoryId}`, { ...patch, version: v }),
      ),
    addScreen: () =>
      run(
        (tree) => addScreen(tree, model()),
        (v) => api<Saved>('POST', '/api/screens', { type: 'main', oven_id: ovenId(), version: v }),
      ),
    addPage: (categoryId: number) =>
      run(
        (tree) => addPage(tree, model(), categoryId),
        (v) =>
          api<Saved>('POST', '/api/screens', {
            type: 'page',
            oven_id: ovenId(),
            category_id: categoryId,
            version: v,
          }),
      ),
    deleteScreen: (screenId: number) =>
      run(
        (tree) => deleteScreen(tree, screenId),
        (v) => api<{ oven: OvenState }>('DELETE', `/api/screens/${screenId}?version=${v}`),
      ),
    undo: () =>
      run(null, (v) => api<Saved & { undone: string }>('POST', `/api/ovens/${ovenId()}/undo?version=${v}`)),
  };
}

export type MenuActions = ReturnType<typeof useMenuActions>;

/** Recipes that can go on an oven: the user's own (or the library's) of the oven's type, a page at a time. */
export const recipeChoicesQuery = (p: {
  owner: 'community' | 'provider';
  ovenType: string;
  category: string;
  search: string;
  page: number;
}) =>
  queryOptions({
    queryKey: ['recipes', 'list', 'choices', p] as const,
    queryFn: () => {
      const q = new URLSearchParams({ owner: p.owner, ovens: p.ovenType, categories: p.category || 'All' });
      if (p.search.trim()) q.set('search', p.search.trim());
      if (p.page > 1) q.set('page', String(p.page));
      return api<Paginated<RecipeCard>>('GET', `/api/recipes?${q}`);
    },
    placeholderData: keepPreviousData,
  });

/* ---------- Versions ---------- */

export const versionKeys = {
  list: (ovenId: number) => ['ovens', 'versions', ovenId] as const,
  diff: (ovenId: number, versionId: number, ovenVersion: number) =>
    ['ovens', 'versions', ovenId, 'diff', versionId, ovenVersion] as const,
};

export const versionListQuery = (ovenId: number) =>
  queryOptions({
    queryKey: versionKeys.list(ovenId),
    queryFn: () => api<{ data: MenuVersion[] }>('GET', `/api/ovens/${ovenId}/versions`).then((r) => r.data),
  });

/** What changed from a version to the current menu (keyed by the oven's version: a change asks again). */
export const versionDiffQuery = (ovenId: number, versionId: number, ovenVersion: number) =>
  queryOptions({
    queryKey: versionKeys.diff(ovenId, versionId, ovenVersion),
    queryFn: () => api<MenuDiffResponse>('GET', `/api/ovens/${ovenId}/versions/${versionId}/diff`),
  });

export function useSaveVersion(ovenId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveVersionRequest) =>
      api<{ data: MenuVersion }>('POST', `/api/ovens/${ovenId}/versions`, body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionKeys.list(ovenId) }),
  });
}

/** Restores a version; the editor then shows the oven as the server has it. */
export function useRestoreVersion(handle: OvenHandle) {
  return useMutation({
    mutationFn: (versionId: number) =>
      api<{ data: OvenDetail; restored: string }>(
        'POST',
        `/api/ovens/${handle.oven.id}/versions/${versionId}/restore?version=${handle.oven.version}`,
      ),
    onSuccess: (reply) => handle.set(reply.data),
  });
}
