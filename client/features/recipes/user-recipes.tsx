import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecipeBrowser, useRecipeBrowser } from './recipe-browser';
import { RecipeViewModal } from './recipe-view-modal';
import { userRecipeListQuery } from './recipes-api';

/**
 * Spec §2.10 user detail, lower half: one user's recipes for an admin: 'Search recipe...', the filter panel, two
 * columns of read-only cards, 'Showing {from} - {to} of {total} Recipes' and 'No results were found'.
 */
export function UserRecipes({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const browser = useRecipeBrowser((filters) => userRecipeListQuery({ userId, ...filters }));
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <section aria-label={t('userRecipes.region')} className="user-recipes">
      <RecipeBrowser
        browser={browser}
        searchLabel={t('userRecipes.search')}
        searchPlaceholder={t('userRecipes.searchPlaceholder')}
        counter={(range) => t('userRecipes.counter', range)}
        gridClassName="recipe-grid recipe-grid-2"
        onOpen={(r) => setViewing(r.id)}
      />
      {viewing !== null ? (
        <RecipeViewModal
          id={viewing}
          editMode={false}
          readOnly
          busy={false}
          onAction={() => {}}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </section>
  );
}
