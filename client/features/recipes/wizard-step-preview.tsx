import { Alert } from '../../components/form';
import { RecipeDetails } from './recipe-details';
import type { Draft } from './wizard-draft';

/** Step 4: the recipe as it will be saved. */
export function StepPreview({
  draft,
  setTemp,
  image,
  problem,
}: {
  draft: Draft;
  setTemp: number;
  image: string | null;
  problem: string | undefined;
}) {
  return (
    <div className="wizard-step">
      <h3 className="preview-name">{draft.name}</h3>
      <RecipeDetails
        recipe={{
          ...draft,
          set_temp: setTemp,
          image_url: image,
          starting_state: draft.starting_state || null,
        }}
        imageOverride={image}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}
