import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { Alert } from '../../components/form';

/** Step 5: the confirmation. */
export function StepSaved({ recipe, created }: { recipe: RecipeDetail; created: boolean }) {
  return (
    <div className="wizard-step saved-step">
      <Alert tone="success">
        "{recipe.name}" {created ? 'was created' : 'was saved'}{' '}
        {recipe.owner === 'provider' ? 'in the library' : 'in My Recipes'}.
      </Alert>
    </div>
  );
}
