import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  pointerWithin,
  rectIntersection,
  useSensors,
} from '@dnd-kit/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuFromWire } from '../../../shared/contracts/menu-wire';
import {
  buttonLabel,
  buttonsOf,
  type CategoryButton,
  type Container,
  capacityOf,
  containerLabel,
  dropDecision,
  editorControls,
  findButton,
  findCategory,
  findContainer,
  freeSlots,
  type MenuButton,
  type MenuTree,
  moveLandings,
  shownPerScreen,
  slotLabel,
} from '../../../shared/domain/menu';
import { type OvenType, ovenModel } from '../../../shared/domain/oven-models';
import { can } from '../../../shared/domain/permissions';
import { useBanners } from '../../components/banners';
import { UndoIcon } from '../../components/icons';
import { openedLater } from '../../components/opened-later';
import { useCurrentUser } from '../../lib/current-user';
import { say } from '../../lib/i18n';
import { TIMINGS } from '../../lib/timings';
import { ButtonFace } from './button-tile';
import { ButtonToolbar } from './button-toolbar';
import { CategoryNameForm } from './category-name-form';
import {
  ChangedButtons,
  ContainerView,
  ReadOnlyMenu,
  RemovedSlots,
  removedKey,
  type TileActions,
} from './container-view';
import { dragAnnouncements } from './drag-announcements';
import { IconPickerModal } from './icon-picker-modal';
import { useEditorSensors, useMenuHistory } from './menu-history';
import { menuWords } from './menu-words';
import { useWaitingChanges } from './offline-sync';
import { type OvenHandle, useMenuActions } from './ovens-api';
import { PlaceLink } from './place-link';

// The editor's dialogs load when first opened.
const MenuVersionsModal = openedLater(() => import('./menu-versions').then((m) => m.MenuVersionsModal));
const MoveToModal = openedLater(() => import('./move-to-modal').then((m) => m.MoveToModal));
const SelectRecipeModal = openedLater(() => import('./select-recipe-modal').then((m) => m.SelectRecipeModal));

/** Spec §4 editor view: a main screen, or a page inside a category. */
interface View {
  screen: number;
  category: number | null;
  page: number;
}

/**
 * The drop goes where the finger or pointer is, not where the dragged tile overlaps most: a tile covers several
 * page dots and slots at once, and the largest overlap sent a drop meant for page 2 to page 1. The keyboard has no
 * pointer and goes by the overlap.
 */
const whereThePointerIs: CollisionDetection = (args) =>
  // Between two targets a finger drops nothing rather than on whichever the tile overlaps most.
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

export function MenuEditor({
  handle,
  provider,
  onOpenRecipe,
}: {
  handle: OvenHandle;
  provider: string;
  onOpenRecipe(recipeId: number): void;
}) {
  const { t } = useTranslation();
  const words = menuWords();
  const { oven } = handle;
  const banners = useBanners();
  const model = ovenModel(oven.type as OvenType);
  const tree: MenuTree = useMemo(() => menuFromWire(oven.screens, oven.type), [oven.screens, oven.type]);
  const [view, setView] = useState<View>({ screen: 0, category: null, page: 0 });
  const [selected, setSelected] = useState<number | null>(null);
  const [movingId, setMovingId] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; categoryId: number; name: string } | null>(null);
  const [picturing, setPicturing] = useState<CategoryButton | null>(null);
  const [adding, setAdding] = useState<{ screenId: number; position: number } | null>(null);
  const [dragging, setDragging] = useState<MenuButton | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  // Buttons changed since a version, marked until the cook clears them or changes the menu.
  const [changed, setChanged] = useState<{
    ids: Set<number>;
    removed: Map<string, string>;
    since: string;
    at: number;
  } | null>(null);
  const current = changed && changed.at === oven.version ? changed : null;
  const marked = useMemo(() => current?.ids ?? new Set<number>(), [current]);
  // Slots a removed button left empty: marked the same way, so a removal is seen on the menu too.
  const vacated = useMemo(() => current?.removed ?? new Map<string, string>(), [current]);
  const markCount = marked.size + vacated.size;

  const fail = useCallback(
    (message: string) =>
      banners.show({
        tone: 'error',
        who: oven.name,
        description: t('editor.couldNotUpdate'),
        what: message,
        ms: TIMINGS.banner.error,
      }),
    [banners, oven.name, t],
  );
  const actions = useMenuActions(handle, fail);
  // A role that reads menus only (crew) sees the menu as the oven shows it, with no way to change it.
  const readOnly = !can(useCurrentUser().user, 'menus.edit') || handle.readOnly === true;

  // Changes made offline are the menu's latest: the bar names them, not the last change Hearth recorded.
  const waitingHere = useWaitingChanges().waiting.get(oven.id)?.changes.length ?? 0;
  const { undo, redo } = useMenuHistory(actions, {
    name: oven.name,
    canUndo: oven.can_undo && !readOnly,
    canRedo: oven.can_redo && !readOnly,
  });

  // Opening another oven starts at its first screen (spec §4). Set while drawing, not in an effect: an effect
  // ran at every first draw too and drew the whole editor a second time.
  const [viewOven, setViewOven] = useState(oven.id);
  if (viewOven !== oven.id) {
    setViewOven(oven.id);
    setView({ screen: 0, category: null, page: 0 });
  }

  const sensors = useEditorSensors();
  const noSensors = useSensors();

  // The view always points at something that exists (after a delete, an undo or a reload).
  const screenIndex = Math.min(view.screen, tree.screens.length - 1);
  const categoryButton = view.category !== null ? findCategory(tree, view.category) : null;
  const pageIndex = categoryButton ? Math.min(view.page, categoryButton.category.pages.length - 1) : 0;
  const container: Container | null = categoryButton
    ? findContainer(tree, categoryButton.category.pages[pageIndex]!.id!)
    : tree.screens[screenIndex]
      ? { kind: 'main', screen: tree.screens[screenIndex]!, screenIndex }
      : null;
  if (!container) return null;
  const screenId = (container.kind === 'main' ? container.screen.id : container.page.id)!;
  const buttons = buttonsOf(container);
  const capacity = capacityOf(container, model);
  const controls = editorControls(tree, model, { screenId });
  const free = freeSlots(container, model)[0] ?? null;
  const selectedButton = selected !== null ? findButton(tree, selected)?.button : undefined;
  const movingButton = movingId !== null ? findButton(tree, movingId)?.button : undefined;
  const where = containerLabel(container, model.menuLayout, words);

  const announcements = dragAnnouncements(tree, model, words, dragging);

  const onDragStart = (event: DragStartEvent) => {
    const id = (event.active.data.current as { buttonId: number } | undefined)?.buttonId;
    setDragging(id ? (findButton(tree, id)?.button ?? null) : null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const from = event.active.data.current as
      | { screenId: number; position: number; buttonId: number }
      | undefined;
    const to = event.over?.data.current as { screenId: number; position: number | null } | undefined;
    if (!from || !to) return;
    const decided = dropDecision(tree, model, from, to);
    if (decided.kind === 'category-full') fail(t('editor.categoryFull', { name: decided.name }));
    else if (decided.kind === 'screen-full') fail(t('editor.screenFull'));
    else if (decided.kind === 'move')
      void actions.move(from, { screenId: decided.screenId, position: decided.position });
  };

  const tileActions: TileActions = {
    // Crew read a recipe by tapping its button; others select the button to change it.
    onSelect: (b) =>
      readOnly
        ? b.kind === 'recipe' && onOpenRecipe(b.recipe.id)
        : setSelected((s) => (s === b.id ? null : b.id)),
    onOpen: (b) => {
      if (b.kind !== 'category' || b.category.id === null) return;
      setSelected(null);
      setView({ screen: screenIndex, category: b.category.id, page: 0 });
    },
    onTrash: (b) => {
      // Spec §2.7: no confirmation; Undo is right there.
      setSelected(null);
      if (b.id) void actions.removeButton(b.id);
    },
    onRename: (b) => {
      if (b.kind === 'category' && b.id && b.category.id)
        setRenaming({ id: b.id, categoryId: b.category.id, name: b.category.name });
    },
    onPicture: (b) => {
      if (b.kind === 'category') setPicturing(b);
    },
  };

  const renameField = renaming ? (
    <CategoryNameForm
      id="rename-category"
      className="slot-form rename-form"
      initial={renaming.name}
      onApply={(name) => {
        void actions.updateCategory(renaming.categoryId, { name });
        setRenaming(null);
      }}
      onCancel={() => setRenaming(null)}
    />
  ) : null;

  const addScreen = async () => {
    const reply = await actions.addScreen();
    if (reply && 'data' in reply) setView({ screen: reply.data.screens.length - 1, category: null, page: 0 });
  };
  const addPage = async () => {
    if (!categoryButton?.category.id) return;
    const reply = await actions.addPage(categoryButton.category.id);
    const pages =
      reply && 'data' in reply
        ? findCategory(menuFromWire(reply.data.screens, oven.type), categoryButton.category.id!)
        : null;
    if (pages) setView({ ...view, page: pages.category.pages.length - 1 });
  };
  const deleteScreen = async () => {
    if (container.kind === 'main') {
      setView({ screen: 0, category: null, page: 0 });
    } else {
      // Deleting a page goes to the (new) last page (spec §4).
      setView({ ...view, page: Math.max(0, categoryButton!.category.pages.length - 2) });
    }
    await actions.deleteScreen(screenId);
  };

  return (
    <ReadOnlyMenu.Provider value={readOnly}>
      <ChangedButtons.Provider value={marked}>
        <RemovedSlots.Provider value={vacated}>
          <DndContext
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('editor.dragInstructions') },
            }}
            sensors={readOnly ? noSensors : sensors}
            collisionDetection={whereThePointerIs}
            // Scroll only when the finger is right at the top or bottom edge: a tile picked up below the page header
            // no longer scrolls the page away from under the hand.
            autoScroll={{ threshold: { x: 0, y: 0.08 } }}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragging(null)}
          >
            <div className="editor">
              <nav className="editor-sidebar" aria-label={t('editor.screens')}>
                <ol className="screen-links">
                  {tree.screens.map((s, i) => (
                    <PlaceLink
                      key={s.id ?? `new-${i}`}
                      drop="screen"
                      className="screen-link"
                      screenId={s.id ?? 0}
                      current={view.category === null && i === screenIndex}
                      onOpen={() => {
                        setSelected(null);
                        setView({ screen: i, category: null, page: 0 });
                      }}
                    >
                      {words.screen(i + 1)}
                    </PlaceLink>
                  ))}
                </ol>
                {!readOnly &&
                (controls.addScreen ||
                  (container.kind === 'page' && tree.screens.length < model.maxScreens)) ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-block"
                    onClick={addScreen}
                    disabled={actions.busy}
                  >
                    {t('editor.addScreen')}
                  </button>
                ) : null}
              </nav>

              <section className="editor-main" aria-labelledby="screen-title">
                <header className="editor-header">
                  <h3 id="screen-title" className="screen-title">
                    {container.kind === 'main' ? (
                      words.screen(screenIndex + 1)
                    ) : (
                      <>
                        <button
                          type="button"
                          className="crumb"
                          onClick={() => setView({ screen: screenIndex, category: null, page: 0 })}
                        >
                          {words.screen(screenIndex + 1)}
                        </button>
                        <span className="crumb-sep" aria-hidden="true">
                          ›
                        </span>
                        <span>{t('editor.categoryTitle', { name: categoryButton!.category.name })}</span>
                        {model.menuLayout === 'grid' ? (
                          <>
                            <span className="crumb-sep" aria-hidden="true">
                              ›
                            </span>
                            <span>{t('editor.pageN', { n: pageIndex + 1 })}</span>
                          </>
                        ) : null}
                      </>
                    )}
                  </h3>
                  {/* Always there for an editor, its buttons disabled when there is nothing to take back or put
                      back: the grid below never moves as they become possible, so a second tap lands where the
                      first did. */}
                  {!readOnly ? (
                    <div className="undo-bar" role="status">
                      <span className="undo-text">
                        {waitingHere > 0
                          ? t('offline.waiting', { count: waitingHere })
                          : oven.last_change
                            ? say(oven.last_change.said, 'F', oven.last_change.summary)
                            : null}
                      </span>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={undo}
                        disabled={actions.busy || !oven.can_undo}
                        aria-keyshortcuts="Control+Z"
                        title={t('editor.undoTitle')}
                      >
                        <UndoIcon /> {t('editor.undo')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={redo}
                        disabled={actions.busy || !oven.can_redo}
                        aria-keyshortcuts="Control+Y Control+Shift+Z"
                        title={t('editor.redoTitle')}
                      >
                        <span className="redo-icon">
                          <UndoIcon />
                        </span>{' '}
                        {t('editor.redo')}
                      </button>
                    </div>
                  ) : null}
                  <div className="versions-bar">
                    <button type="button" className="btn btn-secondary" onClick={() => setVersionsOpen(true)}>
                      {t('editor.versions')}
                    </button>
                    {markCount > 0 ? (
                      <span className="versions-note" role="status">
                        {t('editor.changedSince', { count: markCount, since: changed?.since })}
                        <button type="button" className="btn btn-link" onClick={() => setChanged(null)}>
                          {t('editor.clear')}
                        </button>
                      </span>
                    ) : null}
                  </div>
                </header>

                {readOnly ? (
                  <p className="muted small">
                    {handle.readOnly ? t('offline.theirsReadOnly') : t('editor.readOnly')}
                  </p>
                ) : model.menuLayout === 'grid' ? (
                  <div className="editor-actions">
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={free === null}
                      onClick={() => free !== null && setAdding({ screenId, position: free })}
                    >
                      {t('editor.addRecipeHere')}
                    </button>
                    {controls.addPage ? (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={addPage}
                        disabled={actions.busy}
                      >
                        {t('editor.addPage')}
                      </button>
                    ) : null}
                    {controls.deletePage ? (
                      <button
                        type="button"
                        className="btn btn-link-danger"
                        onClick={deleteScreen}
                        disabled={actions.busy}
                      >
                        {t('editor.deletePage')}
                      </button>
                    ) : null}
                    {controls.deleteScreen ? (
                      <button
                        type="button"
                        className="btn btn-link-danger"
                        onClick={deleteScreen}
                        disabled={actions.busy}
                      >
                        {t('editor.deleteScreen')}
                      </button>
                    ) : null}
                  </div>
                ) : (
                  <p className="muted small">
                    {container.kind === 'main'
                      ? t('editor.listMain', {
                          type: model.type,
                          shown: shownPerScreen(model),
                          capacity,
                          perCategory: model.maxRecipesPerCategory,
                        })
                      : t('editor.listCategory', {
                          type: model.type,
                          shown: shownPerScreen(model),
                          capacity,
                        })}
                  </p>
                )}

                <ContainerView
                  screenId={screenId}
                  buttons={buttons}
                  capacity={capacity}
                  layout={model.menuLayout}
                  perScreen={shownPerScreen(model)}
                  columns={model.screenColumns}
                  isMain={container.kind === 'main'}
                  selectedId={selected}
                  renamingId={renaming?.id ?? null}
                  renameField={renameField}
                  actions={tileActions}
                  onAdd={(position) => setAdding({ screenId, position })}
                  onCreateCategory={(position, name) => void actions.createCategory(screenId, position, name)}
                />

                {container.kind === 'page' && model.menuLayout === 'grid' ? (
                  <nav className="page-slider" aria-label={t('editor.pages')}>
                    <ol className="page-dots">
                      {categoryButton!.category.pages.map((p, i) => (
                        <PlaceLink
                          key={p.id ?? `new-${i}`}
                          drop="page"
                          className="page-dot"
                          label={t('editor.pageN', { n: i + 1 })}
                          screenId={p.id ?? 0}
                          current={i === pageIndex}
                          onOpen={() => setView({ ...view, page: i })}
                        />
                      ))}
                    </ol>
                    <span className="page-label">{t('editor.pageN', { n: pageIndex + 1 })}</span>
                  </nav>
                ) : null}

                {selectedButton && !readOnly ? (
                  <ButtonToolbar
                    button={selectedButton}
                    onInner={container.kind === 'page'}
                    onColor={(color) =>
                      selectedButton.id && void actions.updateButton(selectedButton.id, { color })
                    }
                    onIcon={(icon) =>
                      selectedButton.id && void actions.updateButton(selectedButton.id, { icon })
                    }
                    onFavorite={(favorite) =>
                      selectedButton.id && void actions.updateButton(selectedButton.id, { favorite })
                    }
                    onOpenRecipe={() =>
                      selectedButton.kind === 'recipe' && onOpenRecipe(selectedButton.recipe.id)
                    }
                    onMoveTo={() => setMovingId(selectedButton.id)}
                    onTrash={() => tileActions.onTrash(selectedButton)}
                    onClose={() => setSelected(null)}
                  />
                ) : null}
                {movingButton && movingButton.id !== null ? (
                  <MoveToModal
                    name={buttonLabel(movingButton, words)}
                    landings={moveLandings(tree, model, movingButton, screenId)}
                    layout={model.menuLayout}
                    onClose={() => setMovingId(null)}
                    onPick={(landing) => {
                      setMovingId(null);
                      setSelected(null);
                      void actions.move(
                        { screenId, position: movingButton.position, buttonId: movingButton.id! },
                        { screenId: landing.screenId, position: landing.position },
                      );
                    }}
                  />
                ) : null}
              </section>
            </div>

            <DragOverlay dropAnimation={null}>
              {dragging ? (
                <div className="tile tile-overlay">
                  <ButtonFace button={dragging} />
                </div>
              ) : null}
            </DragOverlay>

            {adding ? (
              <SelectRecipeModal
                ovenType={oven.type}
                provider={provider}
                where={t('editor.placeSlot', {
                  place: where,
                  slot: slotLabel(adding.position, 'grid', words),
                })}
                onClose={() => setAdding(null)}
                onAdd={async (recipe) => {
                  const target = adding;
                  setAdding(null);
                  const reply = await actions.addRecipe(target.screenId, target.position, {
                    id: recipe.id,
                    name: recipe.name,
                    ovenType: recipe.oven_type,
                  });
                  if (reply)
                    banners.show({
                      tone: 'success',
                      who: recipe.name,
                      description: t('editor.addedTo', { oven: oven.name }),
                      ms: TIMINGS.banner.recipeAdded,
                    });
                }}
              />
            ) : null}
            {picturing ? (
              <IconPickerModal
                title={t('editor.pictureOf', { name: picturing.category.name })}
                current={picturing.category.icon}
                onPick={(icon) => {
                  if (picturing.category.id) void actions.updateCategory(picturing.category.id, { icon });
                  setPicturing(null);
                }}
                onClose={() => setPicturing(null)}
              />
            ) : null}
            {versionsOpen ? (
              <MenuVersionsModal
                handle={handle}
                readOnly={readOnly}
                onClose={() => setVersionsOpen(false)}
                onHighlight={(ids, removed, since) => {
                  setChanged({
                    ids: new Set(ids),
                    removed: new Map(
                      removed.map((r) => [
                        removedKey(r.screen_id, r.position),
                        say(r.name_said, 'F', r.name),
                      ]),
                    ),
                    since,
                    at: oven.version,
                  });
                  setVersionsOpen(false);
                }}
                onRestored={(name) => {
                  setVersionsOpen(false);
                  setChanged(null);
                  banners.show({
                    tone: 'success',
                    who: oven.name,
                    description: t('editor.runsAgain', { name }),
                    ms: TIMINGS.banner.oven,
                  });
                }}
              />
            ) : null}
          </DndContext>
        </RemovedSlots.Provider>
      </ChangedButtons.Provider>
    </ReadOnlyMenu.Provider>
  );
}
