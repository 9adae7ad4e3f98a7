import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(contentDisposition('attachment', 'MATCHBOX.AI2')).toBe('attachment; filename="MATCHBOX.AI2"');
  });

  it('gives a name in another script exactly, with an ASCII fallback a header can carry', () => {
    expect(contentDisposition('attachment', 'hearth-settings-東京 (1)-2026.zip')).toBe(
      `attachment; filename="hearth-settings-__ (1)-2026.zip"; filename*=UTF-8''hearth-settings-%E6%9D%B1%E4%BA%AC%20%281%29-2026.zip`,
    );
  });
});
