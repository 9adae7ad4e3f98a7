import { describe, expect, it } from 'vitest';
import { detectImageType, isAllowedImageName } from './image';
import { ovenModel } from './oven-models';
import { STAGE_DEFAULTS, type Stage } from './stage';

const _conveyor = ovenModel('Conveyor 2600/2000/1400');
const _matchbox = ovenModel('Matchbox 1718/1313');
const _m360 = ovenModel('Matchbox M360 14/12');
const _milo = ovenModel('MiLO/Double MiLO');
const _misa = ovenModel('MiSA');
const _shuttle = ovenModel('Shuttle 1200/1600/2000/2600');

const _stage = (patch: Partial<Stage> = {}): Stage => ({
  ...STAGE_DEFAULTS,
  order: 1,
  temp: 400,
  minutes: '01',
  ...patch,
});

describe('images', () => {
  it('accepts png, jpeg and jpg names and checks the bytes', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg'].map(isAllowedImageName)).toEqual([true, true, true]);
    expect(['a.gif', 'b.svg', 'png'].map(isAllowedImageName)).toEqual([false, false, false]);
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageType(new TextEncoder().encode('<svg></svg>'))).toBeNull();
  });
});
