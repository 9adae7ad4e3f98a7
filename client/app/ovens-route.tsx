import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { openedLater } from '../components/opened-later';
import { MenuEditor } from '../features/ovens/menu-editor';
import { ovenKeys } from '../features/ovens/ovens-api';
import { OvensPage } from '../features/ovens/ovens-page';
import { recipeKeys } from '../features/recipes/recipes-api';
import { OvenSettingsTiles } from '../features/settings-files/oven-settings-tiles';
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
