import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { menuFromWire } from '../../../shared/contracts/menu-wire';
import type { OvenDetail } from '../../../shared/contracts/ovens';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { menuToSettings } from '../../../shared/domain/settings-file/menu';
import { saveFile } from '../../lib/api';
import { useOnline } from '../../lib/offline/online';
import { kept, offlineKeys } from '../../lib/offline/store';
import { menuRecipesQuery, seenRecipe } from '../recipes';
import type { BuiltOffline } from './offline-download-sync';

const keyOf = offlineKeys.downloads;

/**
 * Keeps the recipes of the oven's menu seen online, so its file can be built offline: asked again when the oven
 * is opened, and when the menu holds a recipe not seen yet (one just placed), never on every change.
 */
export function useMenuRecipesKept(oven: OvenDetail) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const query = useQuery(menuRecipesQuery(queryClient, oven.id));
  const wanted = useMemo(
    () => menuToSettings(menuFromWire(oven.screens, oven.type)).recipeIds,
    [oven.screens, oven.type],
  );
  const missing = query.data ? wanted.filter((id) => !seenRecipe(queryClient, id)).join(',') : '';
  // Asked once per set of unseen recipes: one placed offline is not on Hearth's menu yet, and asking again would
  // not bring it.
  const asked = useRef('');
  const { refetch } = query;
  useEffect(() => {
    if (!online || missing === '' || asked.current === missing) return;
    asked.current = missing;
    void refetch();
  }, [online, missing, refetch]);
}

export class OfflineFileError extends Error {
  constructor(
    readonly reason: 'recipes' | 'problems',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The oven's file built on the device from the menu and recipes seen online, with the same shared builder as the
 * server's download, read back by the same reader; saved, and kept to be recorded when the network is back.
 */
export async function downloadOffline(queryClient: QueryClient, oven: OvenDetail, userId: number) {
  const { settingsFileFromWire } = await import('../../../shared/contracts/settings-file-from-wire');
  const tree = menuFromWire(oven.screens, oven.type);
  const recipes: RecipeDetail[] = [];
  for (const id of menuToSettings(tree).recipeIds) {
    const seen = seenRecipe(queryClient, id);
    if (seen) recipes.push(seen);
  }
  const built = settingsFileFromWire(oven, recipes);
  if (!built.ok) throw new OfflineFileError('recipes', `missing ${built.missing.join(', ')}`);
  if (built.problems.length > 0 || !built.checksum)
    throw new OfflineFileError('problems', `${built.problems.length} problems`);
  saveFile(new Blob([built.bytes as BlobPart], { type: 'application/octet-stream' }), built.fileName);
  const record: BuiltOffline = {
    ovenId: oven.id,
    checksum: built.checksum,
    built_at: new Date().toISOString(),
  };
  const list = (await kept.get<BuiltOffline[]>(keyOf(userId))) ?? [];
  await kept.set(keyOf(userId), [...list, record]);
  return built.fileName;
}
