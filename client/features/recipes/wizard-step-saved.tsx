import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { Alert } from '../../components/form';
import { useAssignRecipeSlot } from '../../lib/extension-slots';

/** Step 5: the confirmation, and (spec §2.6) putting the recipe on an oven's screen. */
export function StepSaved({ recipe, created }: { recipe: RecipeDetail; created: boolean }) {
  const assign = useAssignRecipeSlot();
  return (
    <div className="wizard-step saved-step">
      <Alert tone="success">
        "{recipe.name}" {created ? 'was created' : 'was saved'}{' '}
        {recipe.owner === 'provider' ? 'in the library' : 'in My Recipes'}.
      </Alert>
      {assign ? assign({ id: recipe.id, name: recipe.name, oven_type: recipe.oven_type }) : null}
    </div>
  );
}
