import { describe, expect, it } from 'vitest';
import { historyKey } from './history-keys';

const press = (
  key: string,
  mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {},
) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
  target: null,
});

describe('historyKey', () => {
  it('reads Ctrl+Z and Cmd+Z as undo', () => {
    expect(historyKey(press('z', { ctrl: true }))).toBe('undo');
    expect(historyKey(press('z', { meta: true }))).toBe('undo');
  });

  it('reads Ctrl+Y and Ctrl+Shift+Z as redo', () => {
    expect(historyKey(press('y', { ctrl: true }))).toBe('redo');
    expect(historyKey(press('Z', { ctrl: true, shift: true }))).toBe('redo');
    expect(historyKey(press('z', { meta: true, shift: true }))).toBe('redo');
  });

  it('ignores a letter without Ctrl or Cmd, and Alt combinations', () => {
    expect(historyKey(press('z'))).toBeNull();
    expect(historyKey(press('y', { shift: true }))).toBeNull();
    expect(historyKey(press('z', { ctrl: true, alt: true }))).toBeNull();
  });

  it('leaves a shortcut typed in a field to the field', () => {
    const field = { closest: (selector: string) => (selector.includes('input') ? {} : null) };
    expect(historyKey({ ...press('z', { ctrl: true }), target: field as unknown as EventTarget })).toBeNull();
  });
});
