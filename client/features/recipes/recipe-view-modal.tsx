import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecipeDetail } from '../../../shared/contracts/recipes';
import { Alert, Spinner } from '../../components/form';
import { Modal } from '../../components/modal';
import { textOf } from '../../lib/i18n';
import { RecipeDetails } from './recipe-details';
import { recipeQuery } from './recipes-api';

export type ViewAction = 'duplicate' | 'edit' | 'delete' | 'pdf' | 'convert';

type ActionButton = [
  ViewAction,
  (
    | 'recipeView.downloadPdf'
    | 'recipeView.convert'
    | 'recipeView.duplicate'
    | 'recipeView.edit'
    | 'recipeView.delete'
  ),
  'primary' | 'secondary' | 'danger',
];
// Each action with its label's key.
const VIEW_ACTIONS: ActionButton[] = [
  ['pdf', 'recipeView.downloadPdf', 'secondary'],
  ['convert', 'recipeView.convert', 'secondary'],
  ['duplicate', 'recipeView.duplicate', 'secondary'],
  ['edit', 'recipeView.edit', 'primary'],
];
const EDIT_ACTIONS: ActionButton[] = [
  ['pdf', 'recipeView.downloadPdf', 'secondary'],
  ['convert', 'recipeView.convert', 'secondary'],
  ['delete', 'recipeView.delete', 'danger'],
  ['duplicate', 'recipeView.duplicate', 'secondary'],
  ['edit', 'recipeView.edit', 'primary'],
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
  const { t } = useTranslation();
  const query = useQuery(recipeQuery(id));
  const recipe = query.data;
  const actions = readOnly ? [] : editMode ? EDIT_ACTIONS : VIEW_ACTIONS;
  const footer = readOnly ? undefined : recipe ? (
    <>
      {editMode || readOnly ? null : (
        <p className="muted small modal-footer-note">{t('recipeView.footerNote')}</p>
      )}
      {actions.map(([action, label, tone]) => (
        <button
          key={action}
          type="button"
          className={`btn btn-${tone}`}
          disabled={busy}
          onClick={() => onAction(action, recipe)}
        >
          {t(label)}
        </button>
      ))}
    </>
  ) : null;
  return (
    <Modal
      title={recipe?.name ?? t('recipeView.recipe')}
      onClose={onClose}
      footer={footer}
      size="lg"
      busy={busy}
    >
      {query.isPending ? <Spinner label={t('recipeView.loading')} /> : null}
      {query.isError ? (
        <Alert tone="error">{t('recipeView.loadFailed', { message: textOf(query.error) })}</Alert>
      ) : null}
      {recipe ? <RecipeDetails recipe={recipe} /> : null}
    </Modal>
  );
}
