import { useQuery } from '@tanstack/react-query';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { Alert, Spinner } from '../../components/form';
import { Modal } from '../../components/modal';
import { RecipeDetails } from './recipe-details';
import { recipeQuery } from './recipes-api';

export type ViewAction = 'duplicate' | 'edit' | 'delete' | 'pdf' | 'convert';

type ActionButton = [ViewAction, string, 'primary' | 'secondary' | 'danger'];
const VIEW_ACTIONS: ActionButton[] = [
  ['pdf', 'Download PDF', 'secondary'],
  ['convert', 'Convert to…', 'secondary'],
  ['duplicate', 'Duplicate', 'secondary'],
  ['edit', 'Edit', 'primary'],
];
const EDIT_ACTIONS: ActionButton[] = [
  ['pdf', 'Download PDF', 'secondary'],
  ['convert', 'Convert to…', 'secondary'],
  ['delete', 'Delete', 'danger'],
  ['duplicate', 'Duplicate', 'secondary'],
  ['edit', 'Edit', 'primary'],
];

/**
 * Spec §2.5 view modal: Duplicate, Edit, Delete, Download PDF; in view-only mode (the library, for a regular
 * user) Duplicate and Edit, and Download PDF as the Help page promises. There Duplicate saves a copy into My
 * Recipes at once, and Edit opens a copy that is saved only on Save; the footer says so.
 */
export function RecipeViewModal({
  id,
  editMode,
  busy,
  onAction,
  onClose,
  readOnly = false,
}: {
  id: number;
  editMode: boolean;
  busy: boolean;
  /** Shown to read only (an admin looking at a user's recipe): no actions. */
  readOnly?: boolean;
  onAction(action: ViewAction, recipe: RecipeDetail): void;
  onClose(): void;
}) {
  const query = useQuery(recipeQuery(id));
  const recipe = query.data;
  const actions = readOnly ? [] : editMode ? EDIT_ACTIONS : VIEW_ACTIONS;
  const footer = readOnly ? undefined : recipe ? (
    <>
      {editMode || readOnly ? null : (
        <p className="muted small modal-footer-note">
          Duplicate saves a copy to My Recipes now. Edit opens a copy to change, saved when you press Save.
        </p>
      )}
      {actions.map(([action, label, tone]) => (
        <button
          key={action}
          type="button"
          className={`btn btn-${tone}`}
          disabled={busy}
          onClick={() => onAction(action, recipe)}
        >
          {label}
        </button>
      ))}
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
