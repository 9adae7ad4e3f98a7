/** What a screen reader hears while a button is dragged (by touch, mouse or keyboard): names and places, in words. */
import type { Announcements } from '@dnd-kit/core';
import {
  buttonLabel,
  buttonsOf,
  containerLabel,
  findButton,
  findContainer,
  type MenuButton,
  type MenuTree,
  slotLabel,
} from '../../../shared/domain/menu';
import type { OvenModel } from '../../../shared/domain/oven-models';
import { i18n } from '../../lib/i18n';
import type { menuWords } from './menu-words';

export function dragAnnouncements(
  tree: MenuTree,
  model: OvenModel,
  words: ReturnType<typeof menuWords>,
  dragging: MenuButton | null,
): Announcements {
  const t = i18n.t.bind(i18n);
  const dragName = (active: { data: { current?: unknown } }) => {
    const id = (active.data.current as { buttonId?: number } | undefined)?.buttonId;
    const found = id ? findButton(tree, id) : null;
    return found ? buttonLabel(found.button, words) : t('editor.theButton');
  };
  const dropPlace = (over: { data: { current?: unknown } } | null) => {
    const at = over?.data.current as { screenId: number; position: number | null } | undefined;
    const target = at ? findContainer(tree, at.screenId) : null;
    if (!at || !target) return null;
    const label = containerLabel(target, model.menuLayout, words);
    if (at.position === null) return t('editor.firstFree', { place: label });
    const there = buttonsOf(target).find((b) => b.position === at.position);
    return there?.kind === 'category' && dragging?.kind === 'recipe'
      ? t('editor.filedInside', { name: there.category.name })
      : t('editor.placeSlot', { place: label, slot: slotLabel(at.position, 'grid', words) });
  };
  return {
    onDragStart: ({ active }) => t('editor.pickedUp', { name: dragName(active) }),
    onDragOver: ({ active, over }) => {
      const place = dropPlace(over);
      return place
        ? t('editor.over', { name: dragName(active), place })
        : t('editor.overNothing', { name: dragName(active) });
    },
    onDragEnd: ({ active, over }) => {
      const place = dropPlace(over);
      return place
        ? t('editor.movedTo', { name: dragName(active), place })
        : t('editor.droppedOutside', { name: dragName(active) });
    },
    onDragCancel: ({ active }) => t('editor.dragCancelled', { name: dragName(active) }),
  };
}
