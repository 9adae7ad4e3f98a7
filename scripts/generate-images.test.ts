import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconUrl } from '../shared/domain/icons';
import { DEFAULT_OVEN_THUMBNAIL, OVEN_MODELS } from '../shared/domain/oven-models';

const publicDir = fileURLToPath(new URL('../client/public', import.meta.url));
const shown = [
  ...ICON_NAMES.map((name) => iconUrl(name)),
  ...OVEN_MODELS.map((m) => m.thumbnail),
  DEFAULT_OVEN_THUMBNAIL,
];

// A name added without running scripts/generate-images.ts would show a broken picture (or the placeholder).
describe('the pictures the app shows', () => {
  it.each(shown)('%s is a WebP picture, drawn from an SVG beside it', (url) => {
    const raster = readFileSync(`${publicDir}${url}`);
    expect([raster.subarray(0, 4).toString('latin1'), raster.subarray(8, 12).toString('latin1')]).toEqual([
      'RIFF',
      'WEBP',
    ]);
    expect(readFileSync(`${publicDir}${url.replace(/\.webp$/, '.svg')}`, 'utf8')).toMatch(/^<svg /);
  });
});
