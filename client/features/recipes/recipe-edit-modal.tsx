import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { canCreateIn, canWriteRecipe } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { useCurrentUser } from '../../lib/current-user';
import { TIMINGS } from '../../lib/timings';
import { RecipeViewModal, type ViewAction } from './recipe-view-modal';
import { RecipeWizard } from './recipe-wizard';
import { recipeQuery, useDownloadPdf } from './recipes-api';

/**
 * A recipe opened from somewhere else (a button of an oven's menu): its details, and the wizard to change it when
 * it is the person's own (a library recipe is edited as a copy, saved into My Recipes).
 */
export function RecipeEditModal({
  id,
  onClose,
  onSaved,
}: {
  id: number;
  onClose(): void;
  onSaved?(recipe: RecipeDetail): void;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const recipe = useQuery(recipeQuery(id)).data;
  const pdf = useDownloadPdf();
  const banners = useBanners();
  const [editing, setEditing] = useState<'edit' | 'copy' | null>(null);
  const writable = recipe && user ? canWriteRecipe(user, { teamId: recipe.team_id }) : false;
  // Crew (and store managers) read the recipes on their menus; they neither change them nor make copies.
  const readOnly = !writable && !(user && canCreateIn(user, 'community'));

  if (editing && recipe) {
    return (
      <RecipeWizard
        recipe={recipe}
        mode={editing}
        scope="community"
        onClose={() => {
          onSaved?.(recipe);
          onClose();
        }}
        onFailed={(who, what) => {
          banners.show({
            tone: 'error',
            who,
            description: t('recipeList.saveFailed'),
            what,
            ms: TIMINGS.banner.error,
          });
          onClose();
        }}
      />
    );
  }
  const onAction = async (action: ViewAction, r: RecipeDetail) => {
    if (action === 'edit' || action === 'duplicate') setEditing(writable ? 'edit' : 'copy');
    if (action === 'pdf') {
      try {
        await pdf.mutateAsync(`/api/createpdfs/${r.id}`);
      } catch (e) {
        banners.failure(r.name, t('recipeList.downloadFailed'), e);
      }
    }
  };
  return (
    <RecipeViewModal
      id={id}
      editMode={false}
      readOnly={readOnly}
      busy={pdf.isPending}
      onAction={onAction}
      onClose={onClose}
    />
  );
}
