import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { Alert, Spinner } from '../../components/form';
import { Modal } from '../../components/modal';
import { RecipeDetails } from './recipe-details';
import { useRecipe } from './recipes-api';

export type ViewAction = 'duplicate' | 'edit' | 'delete' | 'pdf';

/** Spec §2.5 view modal: Duplicate, Edit, Delete, Download PDF; in view-only mode Duplicate and Edit only. */
export function RecipeViewModal({
  id,
  editMode,
  busy,
  onAction,
  onClose,
}: {
  id: number;
  editMode: boolean;
  busy: boolean;
  onAction(action: ViewAction, recipe: RecipeDetail): void;
  onClose(): void;
}) {
  const query = useRecipe(id);
  const recipe = query.data;
  const footer = recipe ? (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy}
        onClick={() => onAction('duplicate', recipe)}
      >
        Duplicate
      </button>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => onAction('edit', recipe)}
      >
        Edit
      </button>
      {editMode ? (
        <>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => onAction('pdf', recipe)}
          >
            Download PDF
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => onAction('delete', recipe)}
          >
            Delete
          </button>
        </>
      ) : null}
    </>
  ) : null;
  return (
    <Modal title={recipe?.name ?? 'Recipe'} onClose={onClose} footer={footer} size="lg" busy={busy}>
      {query.isPending ? <Spinner label="Loading recipe ..." /> : null}
      {query.isError ? (
        <Alert tone="error">This recipe could not be loaded: {query.error.message}</Alert>
      ) : null}
      {recipe ? <RecipeDetails recipe={recipe} /> : null}
    </Modal>
  );
}
