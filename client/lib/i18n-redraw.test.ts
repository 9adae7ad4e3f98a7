import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// A fresh module each time: the catalogue's rest not yet come, as on a first load.
const fresh = async () => {
  vi.resetModules();
  return import('./i18n');
};
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

it('redraws nothing when a part of the catalogue comes that no screen was waiting for', async () => {
  const { loadRest, onWordsArrived } = await fresh();
  const redraw = vi.fn();
  onWordsArrived(redraw);
  await loadRest();
  expect(redraw).not.toHaveBeenCalled();
});

it('redraws once when the words a screen asked for and lacked arrive', async () => {
  const { i18n, loadRest, onWordsArrived } = await fresh();
  const redraw = vi.fn();
  onWordsArrived(redraw);
  // A key of the rest, asked for before the rest has come: drawn as nothing until then.
  expect(i18n.t('ovenPage.duplicate')).toBe('');
  await loadRest();
  expect(redraw).toHaveBeenCalledTimes(1);
  expect(i18n.t('ovenPage.duplicate')).not.toBe('');
});

it('redraws when a rule said in English, for want of its words, can be said in the language', async () => {
  const { loadRest, onWordsArrived, say } = await fresh();
  const redraw = vi.fn();
  onWordsArrived(redraw);
  expect(say({ key: 'rules.setTempZero' }, 'F', 'The set temperature cannot be 0.')).toBe(
    'The set temperature cannot be 0.',
  );
  await loadRest();
  expect(redraw).toHaveBeenCalledTimes(1);
});
