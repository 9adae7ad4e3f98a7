import { useDraggable, useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuButton } from '../../../shared/domain/menu';
import { ImageIcon, MoreIcon, PencilIcon, TrashIcon } from '../../components/icons';
import { ButtonFace, buttonsIn } from './button-tile';
import { CategoryNameForm } from './category-name-form';

export const slotId = (screenId: number, position: number) => `slot:${screenId}:${position}`;

/** Buttons to mark as changed (since a version the cook is comparing with). */
export const ChangedButtons = createContext<ReadonlySet<number>>(new Set());
/** Empty slots where a button was removed since that version: `removedKey(screen, slot)` → what was there. */
export const RemovedSlots = createContext<ReadonlyMap<string, string>>(new Map());
export const removedKey = (screenId: number, position: number) => `${screenId}:${position}`;
export const buttonDragId = (buttonId: number) => `button:${buttonId}`;

function Slot({
  screenId,
  position,
  children,
  empty,
}: {
  screenId: number;
  position: number;
  children: ReactNode;
  empty: boolean;
}) {
  const { setNodeRef, isOver, active } = useDroppable({
    id: slotId(screenId, position),
    data: { screenId, position },
  });
  return (
    <li
      ref={setNodeRef}
      className={`slot ${empty ? 'slot-empty' : ''} ${isOver && active ? 'slot-over' : ''}`}
      data-position={position}
    >
      {children}
    </li>
  );
}

/** A menu shown to a role that may not change it (crew): no controls, no dragging, nothing to add. */
export const ReadOnlyMenu = createContext(false);

export interface TileActions {
  onSelect(button: MenuButton): void;
  onOpen(button: MenuButton): void;
  onTrash(button: MenuButton): void;
  onRename(button: MenuButton): void;
  onPicture(button: MenuButton): void;
}

function Tile({
  button,
  screenId,
  selected,
  actions,
  renaming,
}: {
  button: MenuButton;
  screenId: number;
  selected: boolean;
  actions: TileActions;
  renaming: ReactNode | null;
}) {
  const { t } = useTranslation();
  const readOnly = useContext(ReadOnlyMenu);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: buttonDragId(button.id ?? 0),
    data: { screenId, position: button.position, buttonId: button.id },
    disabled: readOnly || button.id === null || button.id === 0,
  });
  const name = button.kind === 'recipe' ? button.recipe.name : button.category.name;
  const changed = useContext(ChangedButtons).has(button.id ?? -1);
  // Shown at once but not saved yet (no id): its controls wait for the save rather than doing nothing when tapped.
  const saving =
    button.id === null || button.id <= 0 || (button.kind === 'category' && button.category.id === null);
  return (
    <div
      className={`tile ${selected ? 'tile-selected' : ''} ${isDragging ? 'tile-dragging' : ''} ${changed ? 'tile-changed' : ''} ${saving ? 'tile-saving' : ''}`}
      data-changed={changed ? t('editor.changedBadge') : undefined}
      aria-busy={saving || undefined}
      style={{ transform: CSS.Translate.toString(transform) }}
    >
      <button
        ref={setNodeRef}
        type="button"
        className="tile-button"
        aria-label={
          readOnly
            ? button.kind === 'category'
              ? t('tile.categoryOpen', { name, slot: button.position, count: buttonsIn(button) })
              : t('tile.recipeSee', { name, slot: button.position })
            : button.kind === 'category'
              ? t('tile.categoryMove', { name, slot: button.position, count: buttonsIn(button) })
              : t('tile.recipeMove', { name, slot: button.position })
        }
        onClick={() => (button.kind === 'category' ? actions.onOpen(button) : actions.onSelect(button))}
        // Read only, a button opens its recipe or category: not a draggable, and not disabled.
        {...(readOnly ? {} : attributes)}
        {...listeners}
        disabled={saving}
        aria-pressed={button.kind === 'recipe' ? selected : undefined}
      >
        <ButtonFace button={button} />
      </button>
      {readOnly
        ? null
        : (renaming ?? (
            <div className="tile-actions">
              {button.kind === 'category' ? (
                <>
                  <button
                    type="button"
                    className="tile-action"
                    disabled={saving}
                    aria-label={t('tile.renameCategory', { name })}
                    title={t('tile.rename')}
                    onClick={() => actions.onRename(button)}
                  >
                    <PencilIcon />
                  </button>
                  <button
                    type="button"
                    className="tile-action"
                    disabled={saving}
                    aria-label={t('tile.choosePicture', { name })}
                    title={t('tile.picture')}
                    onClick={() => actions.onPicture(button)}
                  >
                    <ImageIcon />
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="tile-action"
                  disabled={saving}
                  aria-label={t('editor.optionsFor', { name })}
                  title={t('tile.options')}
                  onClick={() => actions.onSelect(button)}
                >
                  <MoreIcon />
                </button>
              )}
              <button
                type="button"
                className="tile-action tile-trash"
                disabled={saving}
                aria-label={
                  button.kind === 'category'
                    ? t('tile.removeCategory', { name })
                    : t('tile.removeRecipe', { name })
                }
                title={t('tile.remove')}
                onClick={() => actions.onTrash(button)}
              >
                <TrashIcon />
              </button>
            </div>
          ))}
    </div>
  );
}

/** An empty slot: drop a button here, or tap to add a recipe (and on a main screen, to create a category). */
function EmptySlot({
  position,
  allowCategory,
  removed,
  onAdd,
  onCreateCategory,
}: {
  position: number;
  allowCategory: boolean;
  /** What was here, when a button was removed since the version compared with. */
  removed?: string;
  onAdd(position: number): void;
  onCreateCategory(position: number, name: string): void;
}) {
  const { t } = useTranslation();
  const [naming, setNaming] = useState(false);
  if (naming) {
    return (
      <CategoryNameForm
        id={`new-category-${position}`}
        onApply={(name) => {
          onCreateCategory(position, name);
          setNaming(false);
        }}
        onCancel={() => setNaming(false)}
      />
    );
  }
  return (
    <div className={removed ? 'slot-add slot-removed' : 'slot-add'}>
      {removed ? <span className="slot-removed-note">{t('tile.removedNote', { name: removed })}</span> : null}
      <button type="button" className="slot-add-recipe" onClick={() => onAdd(position)}>
        <span aria-hidden="true">+</span> {t('tile.dropHere')}
        <span className="sr-only"> {t('tile.inSlot', { slot: position })}</span>
      </button>
      {allowCategory ? (
        <button type="button" className="slot-add-category" onClick={() => setNaming(true)}>
          {t('tile.orCategory')}
        </button>
      ) : null}
    </div>
  );
}

/** The oven screens of a list drawn at once: what a tablet shows without scrolling far. */
const SCREENS_AT_ONCE = 2;

const gridColumns = (columns: number) => ({ '--columns': columns }) as React.CSSProperties;

/** A screen or page drawn as the oven draws it: a grid of slots, or (MiLO, MiSA) a list shown 6 at a time. */
export function ContainerView({
  screenId,
  buttons,
  capacity,
  layout,
  perScreen,
  columns,
  isMain,
  selectedId,
  renamingId,
  renameField,
  actions,
  onAdd,
  onCreateCategory,
}: {
  screenId: number;
  buttons: MenuButton[];
  capacity: number;
  layout: 'grid' | 'list';
  perScreen: number;
  /** The oven's own columns: its grid drawn as it is, scaled on a phone, never reflowed. */
  columns: number;
  isMain: boolean;
  selectedId: number | null;
  renamingId: number | null;
  renameField: ReactNode;
  actions: TileActions;
  onAdd(position: number): void;
  onCreateCategory(position: number, name: string): void;
}) {
  const { t } = useTranslation();
  // Which few screens of a long list are drawn; a selected button's screens come into view.
  const [windowIndex, setWindowIndex] = useState(0);
  const selectedPosition = buttons.find((b) => b.id === selectedId)?.position;
  useEffect(() => {
    if (selectedPosition !== undefined)
      setWindowIndex(Math.floor((selectedPosition - 1) / (perScreen * SCREENS_AT_ONCE)));
  }, [selectedPosition, perScreen]);
  const removedSlots = useContext(RemovedSlots);
  const readOnly = useContext(ReadOnlyMenu);
  const byPosition = new Map(buttons.map((b) => [b.position, b]));
  const slot = (position: number, placeholder = false) => {
    const button = byPosition.get(position);
    return (
      <Slot key={position} screenId={screenId} position={position} empty={!button}>
        {button ? (
          <Tile
            button={button}
            screenId={screenId}
            selected={button.id === selectedId}
            actions={actions}
            renaming={button.id === renamingId ? renameField : null}
          />
        ) : placeholder || readOnly ? (
          <span className="slot-placeholder" aria-hidden="true" />
        ) : (
          <EmptySlot
            position={position}
            allowCategory={isMain}
            removed={removedSlots.get(removedKey(screenId, position))}
            onAdd={onAdd}
            onCreateCategory={onCreateCategory}
          />
        )}
      </Slot>
    );
  };

  if (layout === 'grid') {
    return (
      <ol className="screen-grid" style={gridColumns(columns)} aria-label={t('tile.slots')}>
        {Array.from({ length: capacity }, (_, i) => slot(i + 1))}
      </ol>
    );
  }
  // A list oven: every 6 buttons are one screen of the oven, the last padded with placeholders; one free place
  // after the last button takes a new one. A few screens are drawn at a time, so a category of 1,024 recipes
  // opens as fast as one of 3.
  const withAdd = Math.min(buttons.length + 1, capacity);
  const screens = Math.max(1, Math.ceil(withAdd / perScreen));
  const windows = Math.ceil(screens / SCREENS_AT_ONCE);
  const shownWindow = Math.min(windowIndex, windows - 1);
  const from = shownWindow * SCREENS_AT_ONCE;
  const to = Math.min(screens, from + SCREENS_AT_ONCE);
  return (
    <div className="list-screens">
      {Array.from({ length: to - from }, (_, i) => {
        const s = from + i;
        return (
          <section
            key={s}
            className="list-screen"
            aria-label={t('tile.ovenScreenOf', { n: s + 1, total: screens })}
          >
            <h3 className="list-screen-title">
              {t('menuWords.screen', { n: s + 1 })}{' '}
              <span className="muted">{t('tile.ofTotal', { total: screens })}</span>
            </h3>
            <ol className="screen-grid" style={gridColumns(columns)}>
              {Array.from({ length: perScreen }, (_, j) => {
                const position = s * perScreen + j + 1;
                return slot(position, position > withAdd);
              })}
            </ol>
          </section>
        );
      })}
      {windows > 1 ? (
        <nav className="list-pager" aria-label={t('tile.screensPager')}>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={shownWindow === 0}
            onClick={() => setWindowIndex(shownWindow - 1)}
          >
            {t('tile.previousScreens')}
          </button>
          <label className="list-pager-pick">
            <span className="sr-only">{t('tile.goToScreens')}</span>
            <select value={shownWindow} onChange={(e) => setWindowIndex(Number(e.target.value))}>
              {Array.from({ length: windows }, (_, w) => (
                <option key={w} value={w}>
                  {t('tile.screensRange', {
                    from: w * SCREENS_AT_ONCE + 1,
                    to: Math.min(screens, (w + 1) * SCREENS_AT_ONCE),
                    total: screens,
                  })}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={shownWindow === windows - 1}
            onClick={() => setWindowIndex(shownWindow + 1)}
          >
            {t('tile.nextScreens')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
