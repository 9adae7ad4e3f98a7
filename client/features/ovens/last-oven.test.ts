import { describe, expect, it } from 'vitest';
import { ovenAsked } from './last-oven';

const asked = (query: string, remembered?: number) => ovenAsked(new URLSearchParams(query), remembered);

describe('the oven My Ovens opens before its list is read', () => {
  it('is the one in the address, whatever was open last', () => {
    expect(asked('oven=4', 9)).toEqual({ fromAddress: 4, fromMemory: undefined });
  });

  it('is the one open last when the address names none and no filter is chosen', () => {
    expect(asked('', 9)).toEqual({ fromAddress: undefined, fromMemory: 9 });
    expect(asked('model=All', 9)).toEqual({ fromAddress: undefined, fromMemory: 9 });
  });

  it('is none with a model or a location chosen, so the filtered list’s first opens', () => {
    expect(asked('model=MiLO', 9).fromMemory).toBeUndefined();
    expect(asked('location=none', 9).fromMemory).toBeUndefined();
  });
});
