import { and, desc, eq } from 'drizzle-orm';
import type { ButtonColor } from '../../../shared/domain/catalog';
import { ICONS, type IconName } from '../../../shared/domain/icons';
import {
  addPage,
  addScreen,
  buttonSaid,
  buttonsOf,
  type Container,
  capacityOf,
  createCategory,
  deleteScreen,
  findButton,
  findCategory,
  findContainer,
  freeSlots,
  MenuError,
  type MenuSubject,
  type MenuTree,
  moveButton,
  placeRecipe,
  placeSaid,
  removeButton,
  slotInSentenceSaid,
  slotSaid,
  updateButton,
  updateCategory,
} from '../../../shared/domain/menu';
import type { OvenModel } from '../../../shared/domain/oven-models';
import type { Actor } from '../../../shared/domain/permissions';
import { countSaid } from '../../../shared/domain/words';
import { asWritten, type Said, type SaidValue, said } from '../../../shared/i18n/said';
import type { Db } from '../../db/client';
import { menuRevisions, users } from '../../db/schema/index';
import { scopeOf } from '../../db/scope';
import { ConflictError } from '../../lib/errors';
import { menuRecipe, ovenOf, ownOven } from './menu-access';
import { redoLastUndo, undoLastChange } from './menu-history-store';
import { changeMenu, STALE_MESSAGE } from './menu-store';

// Icons and colours by their catalogue keys, so each reader has the name in their language.
const iconName = (icon: string): SaidValue => (icon in ICONS ? said(`icons.${icon as IconName}`) : icon);
const colorName = (color: ButtonColor): Said => said(`colors.${color}`);

const place = (c: Container, model: OvenModel) => placeSaid(c, model.menuLayout);

function containerOf(tree: MenuTree, screenId: number, subject: MenuSubject = 'screen'): Container {
  const c = findContainer(tree, screenId);
  if (!c) throw new MenuError(subject, said('ruleMessages.notOvenScreen'), true);
  return c;
}

/** The id of the screen or page just added (the last of its list). */
function lastScreenId(tree: MenuTree, categoryId?: number): number {
  if (categoryId === undefined) return tree.screens[tree.screens.length - 1]!.id!;
  const pages = findCategory(tree, categoryId)!.category.pages;
  return pages[pages.length - 1]!.id!;
}

export function createMenusService(deps: { db: Db }) {
  const { db } = deps;
  const change = (
    actor: Actor,
    ovenId: number,
    version: number | undefined,
    action: string,
    mutate: Parameters<typeof changeMenu>[1]['mutate'],
  ) =>
    changeMenu(db, {
      scope: scopeOf(actor),
      userId: actor.id,
      ovenId,
      expectVersion: version,
      action,
      mutate,
    });

  return {
    /** POST /api/screens: a main screen at the end, or a page at the end of a category. */
    async addScreen(
      actor: Actor,
      input: { type: 'main' | 'page'; oven_id: number; category_id?: number; version?: number },
    ) {
      if (input.type === 'main') {
        const result = await change(actor, input.oven_id, input.version, 'screen-added', (tree, model) => {
          const next = addScreen(tree, model);
          return { tree: next, summary: said('ruleMessages.addedScreen', { n: next.screens.length }) };
        });
        return { ...result, screenId: lastScreenId(result.tree) };
      }
      const categoryId = input.category_id!;
      const result = await change(actor, input.oven_id, input.version, 'page-added', (tree, model) => {
        const owner = findCategory(tree, categoryId);
        if (!owner) throw new MenuError('category', said('ruleMessages.notOvenCategory'), true);
        const next = addPage(tree, model, categoryId);
        return {
          tree: next,
          summary: said('ruleMessages.addedPage', {
            n: owner.category.pages.length + 1,
            name: owner.category.name,
          }),
        };
      });
      return { ...result, screenId: lastScreenId(result.tree, categoryId) };
    },

    /** DELETE /api/screens/{id}: a main screen with its buttons and categories, or a page with its buttons. */
    async deleteScreen(actor: Actor, screenId: number, version?: number) {
      const ovenId = await ovenOf(db, scopeOf(actor), 'screen', screenId);
      return change(actor, ovenId, version, 'screen-deleted', (tree, model) => {
        const c = containerOf(tree, screenId);
        const count = buttonsOf(c).length;
        return {
          tree: deleteScreen(tree, screenId),
          summary: said('ruleMessages.deletedPlace', {
            place: place(c, model),
            buttons: countSaid(count, 'button'),
          }),
        };
      });
    },

    /** POST /api/buttons: a recipe of yours or of the library, of the oven's type, into a slot. */
    async addButton(
      actor: Actor,
      input: { screen_id: number; position: number; buttonable_id: number; version?: number },
    ) {
      const ovenId = await ovenOf(db, scopeOf(actor), 'screen', input.screen_id);
      const recipe = await menuRecipe(db, scopeOf(actor), input.buttonable_id);
      return change(actor, ovenId, input.version, 'button-added', (tree, model) => {
        const c = containerOf(tree, input.screen_id);
        const next = placeRecipe(tree, model, input.screen_id, input.position, recipe);
        return {
          tree: next,
          summary: said('ruleMessages.addedRecipe', { recipe: recipe.name, place: place(c, model) }),
        };
      });
    },

    /** PUT /api/buttons/{id}: one change (its recipe, icon, colour or favourite star). */
    async updateButton(
      actor: Actor,
      buttonId: number,
      input: {
        buttonable_id?: number;
        icon?: string;
        is_favorite?: boolean;
        background_color?: ButtonColor;
        version?: number;
      },
    ) {
      const ovenId = await ovenOf(db, scopeOf(actor), 'button', buttonId);
      const recipe =
        input.buttonable_id !== undefined
          ? await menuRecipe(db, scopeOf(actor), input.buttonable_id)
          : undefined;
      return change(actor, ovenId, input.version, 'button-changed', (tree, model) => {
        const found = findButton(tree, buttonId);
        if (!found) throw new MenuError('button', said('ruleMessages.notOvenButton'), true);
        const name = buttonSaid(found.button);
        const next = updateButton(tree, model, buttonId, {
          recipe,
          icon: input.icon,
          color: input.background_color,
          favorite: input.is_favorite,
        });
        const summary =
          recipe !== undefined
            ? said('ruleMessages.putRecipe', { recipe: recipe.name, name })
            : input.icon !== undefined
              ? said('ruleMessages.gaveIcon', { name, icon: iconName(input.icon) })
              : input.background_color !== undefined
                ? said('ruleMessages.coloured', { name, color: colorName(input.background_color) })
                : input.is_favorite
                  ? said('ruleMessages.markedFavourite', { name })
                  : said('ruleMessages.unmarkedFavourite', { name });
        return { tree: next, summary };
      });
    },

    /** DELETE /api/buttons/{id}: the trash icon (spec §4). */
    async deleteButton(actor: Actor, buttonId: number, version?: number) {
      const ovenId = await ovenOf(db, scopeOf(actor), 'button', buttonId);
      return change(actor, ovenId, version, 'button-removed', (tree, model) => {
        const found = findButton(tree, buttonId);
        if (!found) throw new MenuError('button', said('ruleMessages.notOvenButton'), true);
        const { button, container } = found;
        const recipes =
          button.kind === 'category' ? button.category.pages.reduce((n, p) => n + p.buttons.length, 0) : 0;
        const summary =
          button.kind === 'category'
            ? said('ruleMessages.deletedCategory', {
                name: button.category.name,
                recipes: countSaid(recipes, 'recipe'),
              })
            : said('ruleMessages.removedRecipe', {
                recipe: button.recipe.name,
                place: place(container, model),
              });
        return { tree: removeButton(tree, model, buttonId), summary };
      });
    },

    /** POST /api/categories: a category in a slot of a main screen (the first free one when none is named). */
    async createCategory(
      actor: Actor,
      input: { name: string; oven_id: number; screen_id: number; position?: number; version?: number },
    ) {
      let placed = 0;
      const result = await change(actor, input.oven_id, input.version, 'category-created', (tree, model) => {
        const c = containerOf(tree, input.screen_id);
        // On a full screen the domain says why (the category limit first, else the slot out of range).
        placed = input.position ?? freeSlots(c, model)[0] ?? capacityOf(c, model) + 1;
        return {
          tree: createCategory(tree, model, input.screen_id, placed, input.name),
          summary: said('ruleMessages.createdCategory', { name: input.name, place: place(c, model) }),
        };
      });
      // Found by the slot it went into: another category may carry the same name.
      const screen = findContainer(result.tree, input.screen_id);
      const created =
        screen?.kind === 'main'
          ? screen.screen.buttons.find((b) => b.kind === 'category' && b.position === placed)
          : undefined;
      return { ...result, categoryId: created?.kind === 'category' ? created.category.id! : null };
    },

    /** PUT /api/categories/{id}: its name and/or picture. */
    async updateCategory(
      actor: Actor,
      categoryId: number,
      input: { name?: string; icon?: string; version?: number },
    ) {
      const ovenId = await ovenOf(db, scopeOf(actor), 'category', categoryId);
      return change(actor, ovenId, input.version, 'category-changed', (tree) => {
        const owner = findCategory(tree, categoryId);
        if (!owner) throw new MenuError('category', said('ruleMessages.notOvenCategory'), true);
        const before = owner.category.name;
        const next = updateCategory(tree, categoryId, { name: input.name, icon: input.icon });
        const parts: Said[] = [];
        if (input.name !== undefined && input.name.trim() !== before)
          parts.push(said('ruleMessages.renamedCategory', { before, after: input.name.trim() }));
        if (input.icon !== undefined)
          parts.push(
            said('ruleMessages.categoryPicture', {
              name: input.name?.trim() ?? before,
              icon: iconName(input.icon),
            }),
          );
        return {
          tree: next,
          summary:
            parts.length === 2
              ? said('ruleMessages.renamedAndPicture', {
                  before,
                  after: input.name!.trim(),
                  name: input.name!.trim(),
                  icon: iconName(input.icon!),
                })
              : (parts[0] ?? said('ruleMessages.savedCategory', { name: before })),
        };
      });
    },

    /**
     * PUT /api/ovens/button-position/{ovenId}: drag and drop. `button_id`, when sent, must be the button at
     * current_position, and `version` the oven's: otherwise another window changed the menu first (409).
     */
    async move(
      actor: Actor,
      ovenId: number,
      input: {
        screen_id: number;
        current_position: number;
        new_position: number;
        new_screen_id?: number;
        button_id?: number;
        version?: number;
      },
    ) {
      const to = { screenId: input.new_screen_id ?? input.screen_id, position: input.new_position };
      const result = await change(actor, ovenId, input.version, 'button-moved', (tree, model) => {
        const from = containerOf(tree, input.screen_id);
        const button = buttonsOf(from).find((b) => b.position === input.current_position);
        if (input.button_id !== undefined && button?.id !== input.button_id)
          throw new ConflictError(STALE_MESSAGE);
        if (!button)
          throw new MenuError('source-slot', said('ruleMessages.noButtonIn', { n: input.current_position }));
        const target = containerOf(tree, to.screenId, 'target-screen');
        const next = moveButton(
          tree,
          model,
          { screenId: input.screen_id, position: input.current_position },
          to,
        );
        const layout = model.menuLayout;
        const where =
          to.screenId === input.screen_id
            ? slotSaid(to.position, layout)
            : slotInSentenceSaid(target, to.position, layout);
        const summary = said('ruleMessages.moved', {
          label: buttonSaid(button),
          from: slotInSentenceSaid(from, input.current_position, layout),
          to: where,
        });
        return { tree: next, summary };
      });
      return { ...result, screenId: to.screenId };
    },

    /** POST /api/ovens/{id}/undo: the latest change not yet undone is reverted. */
    async undo(actor: Actor, ovenId: number, version?: number) {
      return undoLastChange(db, { scope: scopeOf(actor), userId: actor.id, ovenId, expectVersion: version });
    },

    /** POST /api/ovens/{id}/redo: the change the latest undo took away is put back. */
    async redo(actor: Actor, ovenId: number, version?: number) {
      return redoLastUndo(db, { scope: scopeOf(actor), userId: actor.id, ovenId, expectVersion: version });
    },

    /** The latest changes to an oven's menu, newest first. */
    async history(actor: Actor, ovenId: number) {
      await ownOven(db, scopeOf(actor), ovenId);
      const rows = await db
        .select({
          id: menuRevisions.id,
          action: menuRevisions.action,
          summary: menuRevisions.summary,
          said: menuRevisions.summarySaid,
          at: menuRevisions.createdAt,
          by: users.username,
          undoneById: menuRevisions.undoneById,
        })
        .from(menuRevisions)
        .leftJoin(users, eq(users.id, menuRevisions.userId))
        .where(and(eq(menuRevisions.ovenId, ovenId)))
        .orderBy(desc(menuRevisions.id))
        .limit(50);
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        summary: r.summary,
        said: r.said ?? asWritten(r.summary),
        at: r.at.toISOString(),
        by: r.by,
        undone: r.undoneById !== null,
      }));
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;
