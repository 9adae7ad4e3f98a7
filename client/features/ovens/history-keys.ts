/** What a key press asks of the editor's history: Ctrl+Z (⌘Z) undoes, Ctrl+Y or Ctrl+Shift+Z (⌘⇧Z) redoes. */
export type HistoryKey = 'undo' | 'redo' | null;

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** A field keeps its own undo: a shortcut typed in an input, a select or editable text is the field's, not ours. */
function typingIn(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (
    (target as Element).closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !==
    null
  );
}

export function historyKey(e: KeyPress): HistoryKey {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || typingIn(e.target)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
