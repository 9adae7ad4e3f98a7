import {
  keepPreviousData,
  onlineManager,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Location } from '../../../shared/contracts/chains';
import type { SaidWire } from '../../../shared/contracts/common';
import type { MenuDiffResponse, MenuVersion, SaveVersionRequest } from '../../../shared/contracts/menus';
import type {
  CreateOvenRequest,
  OvenDetail,
  OvenState,
  OvenSummary,
  UpdateOvenRequest,
} from '../../../shared/contracts/ovens';
import type { Paginated } from '../../../shared/contracts/pagination';
import type { ButtonColor } from '../../../shared/domain/catalog';
import { LOCATIONS_PER_PAGE } from '../../../shared/domain/fleet';
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
import { say } from '../../lib/i18n';
import { ChangeQueue, type ChangeReply } from './change-queue';
import { offlineChanges, type WaitingChange } from './offline-changes';
import { type OvenPageFilters, ovenKeys } from './oven-keys';

/**
 * The ovens feature's one data layer: an oven and its whole menu (screens, categories, pages, buttons, undo,
 * versions). Views built from many ovens (locations' counts, the fleet page) keep their keys under
 * `ovenKeys.derived`, so any change to an oven refreshes them without this feature knowing them.
 */
export { ovenKeys };

/**
 * A page of the team's ovens for the Ovens page's picker: by model, location and a search of oven and location
 * names, 50 at a time, so a chain of thousands of ovens never sends them all.
 */
export const ovenPageQuery = (filters: OvenPageFilters) =>
  queryOptions({
    queryKey: ovenKeys.page(filters),
    queryFn: () => {
      const q = new URLSearchParams({ ovens: filters.types, page: String(filters.page) });
      if (filters.location) q.set('location', filters.location);
      if (filters.outside) q.set('outside', String(filters.outside));
      if (filters.search) q.set('search', filters.search);
      return api<Paginated<OvenSummary>>('GET', `/api/ovens?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const ovenQuery = (id: number) =>
  queryOptions({
    queryKey: ovenKeys.one(id),
    queryFn: async ({ client, queryKey }) => {
      const fresh = (await api<{ data: OvenDetail }>('GET', `/api/ovens/${id}`)).data;
      await offlineChanges.ready();
      // Changes made offline wait for this oven: the menu on screen (which has them) stays until they are sent
      // or the person has chosen; the menu on Hearth is shown beside it then.
      if (!offlineChanges.holds(id)) return fresh;
      return offlineChanges.shownOf(id) ?? client.getQueryData<OvenDetail>(queryKey) ?? fresh;
    },
  });

function useSettle() {
  const queryClient = useQueryClient();
  return (oven?: OvenDetail) => {
    if (oven) queryClient.setQueryData(ovenKeys.one(oven.id), oven);
    // An oven made, renamed or moved changes the locations' counts and the fleet page too.
    void queryClient.invalidateQueries({ queryKey: ovenKeys.derived });
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

/**
 * GET /api/locations without a page: every location of the team, for pickers, with its ovens counted (of one
 * model, when one is given: a template's).
 */
export const locationListQuery = (type?: string) =>
  queryOptions({
    queryKey: type ? ([...ovenKeys.locations, 'of', type] as const) : ovenKeys.locations,
    queryFn: () =>
      api<{ data: Location[] }>(
        'GET',
        type ? `/api/locations?ovens=${encodeURIComponent(type)}` : '/api/locations',
      ).then((r) => r.data),
  });

/** A page of the team's locations for the Locations page, by a search of names and addresses. */
export const locationPageQuery = (filters: { search: string; page: number }) =>
  queryOptions({
    queryKey: [...ovenKeys.locations, 'page', filters] as const,
    queryFn: () => {
      const q = new URLSearchParams({ page: String(filters.page) });
      if (filters.search) q.set('search', filters.search);
      return api<Paginated<Location>>('GET', `/api/locations?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

/** A picker's locations: the first page of those whose name or address holds `search` (of one model's counts). */
export const locationChoiceQuery = (filters: { search: string; type?: string }) =>
  queryOptions({
    queryKey: [...ovenKeys.locations, 'choice', filters] as const,
    queryFn: () => {
      const q = new URLSearchParams({ page: '1', per_page: String(LOCATIONS_PER_PAGE) });
      if (filters.search) q.set('search', filters.search);
      if (filters.type) q.set('ovens', filters.type);
      return api<Paginated<Location>>('GET', `/api/locations?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

/** One location (a picker's chosen one, which the page of a search may not hold). */
export const locationQuery = (id: number, type?: string) =>
  queryOptions({
    queryKey: [...ovenKeys.locations, 'one', id, type ?? ''] as const,
    queryFn: () =>
      api<{ data: Location }>(
        'GET',
        `/api/locations/${id}${type ? `?ovens=${encodeURIComponent(type)}` : ''}`,
      ).then((r) => r.data),
  });

/* ---------- The menu editor ---------- */

/** What a change answers: the oven as saved, and the id of a screen or category it made. */
interface Saved {
  data: OvenDetail;
  screen_id?: number;
  category_id?: number | null;
}

/** A small change answers the oven's state only: the editor already shows its result. */
type StateReply = { oven: OvenState };

/**
 * Every write to a menu (spec §7), each sent with the oven version it was made on, so the server refuses one made
 * on a menu another window has changed since (409). The editor and "Put it on an oven" send the same requests.
 */
export const menuWrites = {
  move: (
    v: number,
    ovenId: number,
    from: { screenId: number; position: number; buttonId: number },
    to: { screenId: number; position: number },
  ) =>
    api<StateReply & { screen: unknown }>('PUT', `/api/ovens/button-position/${ovenId}`, {
      screen_id: from.screenId,
      current_position: from.position,
      new_position: to.position,
      ...(to.screenId !== from.screenId ? { new_screen_id: to.screenId } : {}),
      button_id: from.buttonId,
      version: v,
    }),
  addRecipe: (v: number, screenId: number, position: number, recipeId: number) =>
    api<Saved>('POST', '/api/buttons', {
      position,
      screen_id: screenId,
      buttonable_id: recipeId,
      buttonable_type: 'Recipe',
      version: v,
    }),
  updateButton: (
    v: number,
    buttonId: number,
    patch: { icon?: string; color?: ButtonColor; favorite?: boolean; recipe?: MenuRecipe },
  ) =>
    api<StateReply>('PUT', `/api/buttons/${buttonId}`, {
      ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
      ...(patch.color !== undefined ? { background_color: patch.color } : {}),
      ...(patch.favorite !== undefined ? { is_favorite: patch.favorite } : {}),
      ...(patch.recipe !== undefined ? { buttonable_id: patch.recipe.id } : {}),
      version: v,
    }),
  removeButton: (v: number, buttonId: number) =>
    api<StateReply>('DELETE', `/api/buttons/${buttonId}?version=${v}`),
  createCategory: (v: number, ovenId: number, screenId: number, position: number, name: string) =>
    api<Saved>('POST', '/api/categories', {
      name,
      oven_id: ovenId,
      screen_id: screenId,
      position,
      version: v,
    }),
  updateCategory: (v: number, categoryId: number, patch: { name?: string; icon?: string }) =>
    api<StateReply>('PUT', `/api/categories/${categoryId}`, { ...patch, version: v }),
  addScreen: (v: number, ovenId: number) =>
    api<Saved>('POST', '/api/screens', { type: 'main', oven_id: ovenId, version: v }),
  addPage: (v: number, ovenId: number, categoryId: number) =>
    api<Saved>('POST', '/api/screens', {
      type: 'page',
      oven_id: ovenId,
      category_id: categoryId,
      version: v,
    }),
  deleteScreen: (v: number, screenId: number) =>
    api<StateReply>('DELETE', `/api/screens/${screenId}?version=${v}`),
  undo: (v: number, ovenId: number) =>
    api<Saved & { undone: string; undone_said: SaidWire }>('POST', `/api/ovens/${ovenId}/undo?version=${v}`),
  redo: (v: number, ovenId: number) =>
    api<Saved & { redone: string; redone_said: SaidWire }>('POST', `/api/ovens/${ovenId}/redo?version=${v}`),
};

/**
 * Puts a recipe in a slot of an oven from outside the editor (after saving a recipe): the same request as the
 * editor's, made on the oven version shown, so a menu changed meanwhile is refused and shown again.
 */
export function useAddRecipeToOven() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { oven: OvenDetail; screenId: number; position: number; recipeId: number }) =>
      menuWrites.addRecipe(p.oven.version, p.screenId, p.position, p.recipeId).then((r) => r.data),
    onSuccess: (oven) => {
      queryClient.setQueryData(ovenKeys.one(oven.id), oven);
      return queryClient.invalidateQueries({ queryKey: ovenKeys.lists });
    },
    onError: (_error, p) => queryClient.invalidateQueries({ queryKey: ovenKeys.one(p.oven.id) }),
  });
}

/** The oven the editor works on, owned by the page (which keeps it in its query cache). */
export interface OvenHandle {
  oven: OvenDetail;
  /** Shows `next` at once (an optimistic change, or the server's answer). */
  set(next: OvenDetail): void;
  /** Reads the oven again from the server (after a refusal or a conflict). */
  reload(): Promise<unknown>;
  /** Shown only, whatever the role (the menu on Hearth beside changes waiting on the device). */
  readOnly?: boolean;
}

type ButtonPatch = { icon?: string; color?: ButtonColor; favorite?: boolean; recipe?: MenuRecipe };
type Place = { screenId: number; position: number };

/** One editor operation: the domain change shown at once, and the request that makes it on the server. */
interface MenuOp<A extends unknown[]> {
  apply(tree: MenuTree, type: OvenType, ...args: A): MenuTree;
  send(version: number, ovenId: number, ...args: A): Promise<ChangeReply>;
}
const op = <A extends unknown[]>(o: MenuOp<A>) => o;
const modelOf = (type: OvenType) => ovenModel(type);

/**
 * The editor's operations by name. A change made offline is kept as its name and arguments, and sent later with
 * the same request: one table for the editor, the waiting changes and their replay.
 */
const MENU_OPS = {
  move: op<[from: Place & { buttonId: number }, to: Place]>({
    apply: (tree, type, from, to) =>
      moveButton(tree, modelOf(type), { screenId: from.screenId, position: from.position }, to),
    send: (v, ovenId, from, to) => menuWrites.move(v, ovenId, from, to),
  }),
  addRecipe: op<[screenId: number, position: number, recipe: MenuRecipe]>({
    apply: (tree, type, screenId, position, recipe) =>
      placeRecipe(tree, modelOf(type), screenId, position, recipe),
    send: (v, _ovenId, screenId, position, recipe) => menuWrites.addRecipe(v, screenId, position, recipe.id),
  }),
  updateButton: op<[buttonId: number, patch: ButtonPatch]>({
    apply: (tree, type, buttonId, patch) => updateButton(tree, modelOf(type), buttonId, patch),
    send: (v, _ovenId, buttonId, patch) => menuWrites.updateButton(v, buttonId, patch),
  }),
  removeButton: op<[buttonId: number]>({
    apply: (tree, type, buttonId) => removeButton(tree, modelOf(type), buttonId),
    send: (v, _ovenId, buttonId) => menuWrites.removeButton(v, buttonId),
  }),
  createCategory: op<[screenId: number, position: number, name: string]>({
    apply: (tree, type, screenId, position, name) =>
      createCategory(tree, modelOf(type), screenId, position, name),
    send: (v, ovenId, screenId, position, name) =>
      menuWrites.createCategory(v, ovenId, screenId, position, name),
  }),
  updateCategory: op<[categoryId: number, patch: { name?: string; icon?: string }]>({
    apply: (tree, _type, categoryId, patch) => updateCategory(tree, categoryId, patch),
    send: (v, _ovenId, categoryId, patch) => menuWrites.updateCategory(v, categoryId, patch),
  }),
  addScreen: op<[]>({
    apply: (tree, type) => addScreen(tree, modelOf(type)),
    send: (v, ovenId) => menuWrites.addScreen(v, ovenId),
  }),
  addPage: op<[categoryId: number]>({
    apply: (tree, type, categoryId) => addPage(tree, modelOf(type), categoryId),
    send: (v, ovenId, categoryId) => menuWrites.addPage(v, ovenId, categoryId),
  }),
  deleteScreen: op<[screenId: number]>({
    apply: (tree, _type, screenId) => deleteScreen(tree, screenId),
    send: (v, _ovenId, screenId) => menuWrites.deleteScreen(v, screenId),
  }),
};
type OpName = keyof typeof MENU_OPS;
type ArgsOf<N extends OpName> = (typeof MENU_OPS)[N] extends MenuOp<infer A> ? A : never;

const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The menu with the waiting changes put on top of it, as "put mine on top" will send them: each applied by the
 * same domain operation; one the menu no longer allows is left out, as the server will refuse it.
 */
export function withWaitingChanges(
  tree: MenuTree,
  type: OvenType,
  changes: readonly WaitingChange[],
): MenuTree {
  let out = tree;
  for (const change of changes) {
    const named = MENU_OPS[change.op as OpName] as MenuOp<unknown[]> | undefined;
    try {
      if (named) out = named.apply(out, type, ...change.args);
    } catch {
      // Refused on this menu: sent, it is named then.
    }
  }
  return out;
}

/** A kept change sent again, once the network is back: the same request the editor sends. */
export function sendWaitingChange(ovenId: number, change: WaitingChange, version: number) {
  const named = MENU_OPS[change.op as OpName] as MenuOp<unknown[]> | undefined;
  if (!named) throw new Error(`Unknown menu change ${change.op}`);
  return named.send(version, ovenId, ...change.args);
}

/**
 * The editor's changes (spec §7 screens, buttons, categories, moves, undo), through one ChangeQueue: each is shown
 * at once with the same domain operation the server runs, then sent after the ones before it with the version the
 * last answer gave. A refused change puts the menu back as the server has it and says why (`onError`). Offline, a
 * change is kept on the device in order and sent when the network is back (`offlineChanges`).
 */
export function useMenuActions(handle: OvenHandle, onError: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const page = useRef({ handle, onError });
  page.current = { handle, onError };
  const queue = useRef<ChangeQueue | null>(null);
  if (queue.current === null)
    queue.current = new ChangeQueue(handle.oven, {
      show: (next) => page.current.handle.set(next),
      reload: () => page.current.handle.reload(),
      fail: (message) => page.current.onError(message),
      busy: setBusy,
      offline: {
        holds: () => !onlineManager.isOnline() || offlineChanges.holds(queue.current!.current.id),
        isUnreachable: unreachable,
      },
    });
  // What the page shows now (a reload, a restore, or the queue's own change) is the base of the next change.
  if (queue.current.current !== handle.oven) queue.current.sync(handle.oven);
  const run = useCallback(<N extends OpName>(name: N, ...args: ArgsOf<N>) => {
    const named = MENU_OPS[name] as unknown as MenuOp<ArgsOf<N>>;
    const oven = () => queue.current!.current;
    return queue.current!.run(
      (tree, type) => named.apply(tree, type, ...args),
      (v) => named.send(v, oven().id, ...args),
      (v) =>
        offlineChanges.keep(oven(), v, { op: name, args: args as unknown[], at: new Date().toISOString() }),
    );
  }, []);
  const history = useCallback(
    <T extends ChangeReply>(send: (version: number, ovenId: number) => Promise<T>) => {
      // Undo and redo are the server's history: offline they wait for the network, said at once.
      if (!onlineManager.isOnline() || offlineChanges.holds(queue.current!.current.id)) {
        page.current.onError(say({ key: 'ruleMessages.offlineHistory' }));
        return Promise.resolve(null);
      }
      return queue.current!.run(null, (v) => send(v, queue.current!.current.id));
    },
    [],
  );

  return {
    busy,
    move: (from: Place & { buttonId: number }, to: Place) => run('move', from, to),
    addRecipe: (screenId: number, position: number, recipe: MenuRecipe) =>
      run('addRecipe', screenId, position, recipe),
    updateButton: (buttonId: number, patch: ButtonPatch) => run('updateButton', buttonId, patch),
    removeButton: (buttonId: number) => run('removeButton', buttonId),
    createCategory: (screenId: number, position: number, name: string) =>
      run('createCategory', screenId, position, name),
    updateCategory: (categoryId: number, patch: { name?: string; icon?: string }) =>
      run('updateCategory', categoryId, patch),
    addScreen: () => run('addScreen'),
    addPage: (categoryId: number) => run('addPage', categoryId),
    deleteScreen: (screenId: number) => run('deleteScreen', screenId),
    undo: () => history((v, id) => menuWrites.undo(v, id)),
    redo: () => history((v, id) => menuWrites.redo(v, id)),
  };
}

export type MenuActions = ReturnType<typeof useMenuActions>;

/* ---------- Versions ---------- */

export const versionListQuery = (ovenId: number) =>
  queryOptions({
    queryKey: ovenKeys.versions(ovenId),
    queryFn: () => api<{ data: MenuVersion[] }>('GET', `/api/ovens/${ovenId}/versions`).then((r) => r.data),
  });

/** What changed from a version to the current menu (keyed by the oven's version: a change asks again). */
export const versionDiffQuery = (ovenId: number, versionId: number, ovenVersion: number) =>
  queryOptions({
    queryKey: ovenKeys.diff(ovenId, versionId, ovenVersion),
    queryFn: () => api<MenuDiffResponse>('GET', `/api/ovens/${ovenId}/versions/${versionId}/diff`),
  });

export function useSaveVersion(ovenId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveVersionRequest) =>
      api<{ data: MenuVersion }>('POST', `/api/ovens/${ovenId}/versions`, body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ovenKeys.versions(ovenId) }),
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
