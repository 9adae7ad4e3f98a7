import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OVEN_MODELS } from './oven-models';
import {
  clampTyped,
  formatTemp,
  fromFahrenheit,
  tempDifference,
  tempRange,
  toFahrenheit,
} from './temperature';

describe('°F or °C at the edge', () => {
  it('prints the degree sign (U+00B0), not the masculine ordinal (U+00BA) that looks like it', () => {
    expect(formatTemp(450, 'F')).toBe('450 \u00B0F');
    expect(formatTemp(450, 'C')).toBe('232 \u00B0C');
  });

  it('keeps °F as it is', () => {
    expect(formatTemp(450, 'F')).toBe('450 °F');
    expect(toFahrenheit(450, 'F')).toBe(450);
  });

  it('shows °F as the nearest °C and takes a typed °C as the nearest °F', () => {
    expect(formatTemp(450, 'C')).toBe('232 °C');
    expect(toFahrenheit(232, 'C')).toBe(450);
    expect(toFahrenheit(100, 'C')).toBe(212);
  });

  it('rounds a model range inwards, so every °C inside it is a °F the oven takes', () => {
    for (const model of OVEN_MODELS) {
      const range = tempRange(model.minTemp, model.maxTemp, 'C');
      for (let c = range.min; c <= range.max; c++) {
        const f = toFahrenheit(c, 'C');
        expect(f).toBeGreaterThanOrEqual(model.minTemp);
        expect(f).toBeLessThanOrEqual(model.maxTemp);
      }
      expect(toFahrenheit(range.min - 1, 'C')).toBeLessThan(model.minTemp + 2);
    }
    expect(tempRange(250, 525, 'C')).toEqual({ min: 122, max: 273 });
  });

  it('shows a step as about the nearest °C', () => {
    expect(tempDifference(25, 'C')).toBe(14);
    expect(tempDifference(50, 'C')).toBe(28);
  });

  it('holds a typed °C inside the range it shows, which converts inside the oven range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 1500 }), fc.constantFrom(...OVEN_MODELS), (typed, model) => {
        const c = clampTyped(typed, model.minTemp, model.maxTemp, 'C');
        const f = toFahrenheit(c, 'C');
        expect(f).toBeGreaterThanOrEqual(model.minTemp);
        expect(f).toBeLessThanOrEqual(model.maxTemp);
        expect(fromFahrenheit(f, 'C')).toBe(c);
      }),
    );
  });

  it('comes back within one degree after a round trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), (f) => {
        expect(Math.abs(toFahrenheit(fromFahrenheit(f, 'C'), 'C') - f)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
