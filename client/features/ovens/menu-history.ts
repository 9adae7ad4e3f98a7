/**
 * The editor's history and input: Undo and Redo with their banners and shortcuts (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y),
 * a shortcut pressed while the last change is on its way done once it is saved; and the drag sensors of mouse,
 * finger and keyboard.
 */
import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../../components/banners';
import { say } from '../../lib/i18n';
import { TIMINGS } from '../../lib/timings';
import { type HistoryKey, historyKey } from './history-keys';
import { slotKeyboardCoordinates } from './keyboard-slots';
import type { useMenuActions } from './ovens-api';

type History = { undo: () => Promise<void>; redo: () => Promise<void>; canUndo: boolean; canRedo: boolean };

function runHistory(h: History, wanted: 'undo' | 'redo') {
  if (wanted === 'undo' && h.canUndo) void h.undo();
  if (wanted === 'redo' && h.canRedo) void h.redo();
}

export function useMenuHistory(
  actions: ReturnType<typeof useMenuActions>,
  oven: { name: string; canUndo: boolean; canRedo: boolean },
) {
  const { t } = useTranslation();
  const banners = useBanners();
  const undo = async () => {
    const reply = await actions.undo();
    if (reply && 'undone' in reply)
      banners.show({
        tone: 'success',
        who: oven.name,
        description: t('editor.undone'),
        what: say(reply.undone_said, 'F', reply.undone),
        ms: TIMINGS.banner.oven,
      });
  };
  const redo = async () => {
    const reply = await actions.redo();
    if (reply && 'redone' in reply)
      banners.show({
        tone: 'success',
        who: oven.name,
        description: t('editor.redone'),
        what: say(reply.redone_said, 'F', reply.redone),
        ms: TIMINGS.banner.oven,
      });
  };
  // The shortcuts read the latest state through a ref, so the listener is added once per editor.
  const history = useRef({ undo, redo, canUndo: false, canRedo: false, busy: false });
  history.current = {
    undo,
    redo,
    canUndo: oven.canUndo,
    canRedo: oven.canRedo,
    busy: actions.busy,
  };
  const pendingKey = useRef<HistoryKey>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const wanted = historyKey(e);
      if (!wanted) return;
      const h = history.current;
      // A shortcut is the editor's even when nothing is to undo: the browser's own undo would do nothing useful.
      e.preventDefault();
      if (e.repeat) return;
      // Pressed while the last change is still on its way: done as soon as it is saved, not dropped.
      if (h.busy) pendingKey.current = wanted;
      else runHistory(h, wanted);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (actions.busy || !pendingKey.current) return;
    const wanted = pendingKey.current;
    pendingKey.current = null;
    runHistory(history.current, wanted);
  }, [actions.busy]);

  return { undo, redo };
}

export function useEditorSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger must rest a moment before a drag, so a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: slotKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
}
