import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { openedLater } from '../components/opened-later';
import { lastOven, ovenAsked } from '../features/ovens/last-oven';
import { MenuEditor } from '../features/ovens/menu-editor';
import { locationChoiceQuery, ovenKeys, ovenPageQuery, ovenQuery } from '../features/ovens/ovens-api';
import { OvensPage } from '../features/ovens/ovens-page';
import { menuRecipesQuery, recipeKeys } from '../features/recipes/recipes-api';
import { OvenSettingsTiles } from '../features/settings-files/oven-settings-tiles';
import { teamListQuery } from '../features/teams/teams-api';
import { authToken } from '../lib/auth-token';
import { authCheckQuery } from '../lib/current-user';
import { AssignRecipeProvider } from '../lib/extension-slots';
import { usePublicConfig } from '../lib/public-config';

// Opened by a tap: their code loads then, not with My Ovens.
const AssignRecipe = openedLater(() => import('../features/ovens/assign-recipe').then((m) => m.AssignRecipe));
const RecipeEditModal = openedLater(() =>
  import('../features/recipes/recipe-edit-modal').then((m) => m.RecipeEditModal),
);
const ImportOvenModal = openedLater(() =>
  import('../features/settings-files/import-oven-modal').then((m) => m.ImportOvenModal),
);

/**
 * What My Ovens shows first, put in the cache before the page is first drawn (the first page of the app only): the
 * page is drawn once, whole, rather than once and again as each answer comes. Their requests left with the page's
 * HTML, so this mostly waits for answers already here. The oven is the one the page opens (`OvensPage`).
 */
export async function firstData(queryClient: QueryClient, search: URLSearchParams): Promise<void> {
  // A guest is sent to log in; offline, the page shows what this device kept.
  if (!authToken.get() || !navigator.onLine) return;
  const once = { retry: false } as const;
  const model = search.get('model') ?? 'All';
  const place = search.get('location') ?? '';
  const list = queryClient.fetchQuery({
    ...ovenPageQuery({ types: model, location: place, search: '', page: 1 }),
    ...once,
  });
  const others = [
    queryClient.prefetchQuery({ ...locationChoiceQuery({ search: '' }), ...once }),
    queryClient.prefetchQuery({ ...teamListQuery(), ...once }),
  ];
  const [me, page] = await Promise.all([queryClient.fetchQuery(authCheckQuery), list]);
  const { fromAddress, fromMemory } = ovenAsked(search, me.user ? lastOven.get(me.user.id) : undefined);
  const id = fromAddress ?? fromMemory ?? page.data[0]?.id;
  if (id)
    others.push(
      queryClient.prefetchQuery({ ...ovenQuery(id), ...once }),
      queryClient.prefetchQuery({ ...menuRecipesQuery(queryClient, id), ...once }),
    );
  await Promise.all(others);
}

/**
 * The Ovens route, where features meet: the ovens page draws the menu editor, opens a recipe from a
 * button (recipes), and offers import, download and sharing (settings-files). Features never import each other; the app composes them here.
 */
export function OvensRoute() {
  const provider = usePublicConfig().data?.providerName ?? 'Hearth';
  const queryClient = useQueryClient();
  const [recipeId, setRecipeId] = useState<number | null>(null);
  return (
    <AssignRecipeProvider value={(recipe) => <AssignRecipe recipe={recipe} />}>
      <OvensPage
        renderEditor={(handle) => (
          <MenuEditor handle={handle} provider={provider} onOpenRecipe={setRecipeId} />
        )}
        renderImport={(slot) => (
          <ImportOvenModal
            onClose={slot.onClose}
            onFailed={slot.onFailed}
            onImported={(oven) => {
              slot.onImported(oven);
              // The file's new recipes are in My Recipes now.
              void queryClient.invalidateQueries({ queryKey: recipeKeys.all });
            }}
          />
        )}
        renderTiles={({ oven }) => <OvenSettingsTiles oven={oven} />}
      />
      {recipeId !== null ? (
        <RecipeEditModal
          id={recipeId}
          onClose={() => setRecipeId(null)}
          // A renamed recipe shows its new name on every button.
          onSaved={() => queryClient.invalidateQueries({ queryKey: ovenKeys.all })}
        />
      ) : null}
    </AssignRecipeProvider>
  );
}
