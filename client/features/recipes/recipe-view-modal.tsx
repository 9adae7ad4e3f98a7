import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { Alert, Spinner } from '../../components/form';
import { Modal } from '../../components/modal';
import { RecipeDetails } from './recipe-details';
import { useRecipe } from './recipes-api';

export type ViewAction = 'duplicate' | 'edit' | 'delete' | 'pdf';

type ActionButton = [ViewAction, string, 'primary' | 'secondary' | 'danger'];
const VIEW_ACTIONS: ActionButton[] = [
  ['duplicate', 'Duplicate', 'secondary'],
  ['edit', 'Edit', 'primary'],
];
const EDIT_ACTIONS: ActionButton[] = [
  ['pdf', 'Download PDF', 'secondary'],
  ['delete', 'Delete', 'danger'],
];

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
  const actions = editMode ? [...VIEW_ACTIONS, ...EDIT_ACTIONS] : VIEW_ACTIONS;
  const footer = recipe
    ? actions.map(([action, label, tone]) => (
        <button
          key={action}
          type="button"
          className={`btn btn-${tone}`}
          disabled={busy}
          onClick={() => onAction(action, recipe)}
        >
          {label}
        </button>
      ))
    : null;
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
