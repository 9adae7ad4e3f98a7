import { useTranslation } from 'react-i18next';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { Alert } from '../../components/form';
import { useAssignRecipeSlot } from '../../lib/extension-slots';

/** Step 5: the confirmation, and (spec §2.6) putting the recipe on an oven's screen. */
export function StepSaved({ recipe, created }: { recipe: RecipeDetail; created: boolean }) {
  const { t } = useTranslation();
  const assign = useAssignRecipeSlot();
  const library = recipe.owner === 'provider';
  return (
    <div className="wizard-step saved-step">
      <Alert tone="success">
        {created
          ? t(library ? 'wizard.createdLibrary' : 'wizard.createdMine', { name: recipe.name })
          : t(library ? 'wizard.savedLibrary' : 'wizard.savedMine', { name: recipe.name })}
      </Alert>
      {assign ? assign({ id: recipe.id, name: recipe.name, oven_type: recipe.oven_type }) : null}
    </div>
  );
}
