import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OVEN_MODELS } from './oven-models';
import {
  formatTemp,
  fromFahrenheit,
  messageInUnit,
  tempDifference,
  tempRange,
  toFahrenheit,
} from './temperature';

describe('°F or °C at the edge', () => {
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

  it('rounds a step down, so stages kept within it in °C are within it in °F', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 300 }), fc.constantFrom(25, 50), (a, step) => {
        const stepC = tempDifference(step, 'C');
        const b = a + stepC;
        expect(Math.abs(toFahrenheit(b, 'C') - toFahrenheit(a, 'C'))).toBeLessThanOrEqual(step);
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

  it('says a domain message in the user unit', () => {
    expect(messageInUnit('Temperature must be between 250 and 525 ºF.', 'C')).toBe(
      'Temperature must be between 122 and 273 °C.',
    );
    expect(
      messageInUnit('Stage 2 temperature 560 ºF → 525 ºF: within 50 ºF of stage 1 on the MiSA.', 'C'),
    ).toBe('Stage 2 temperature 293 °C → 274 °C: within 27 °C of stage 1 on the MiSA.');
    expect(messageInUnit('Temperature must be between 250 and 525 ºF.', 'F')).toBe(
      'Temperature must be between 250 and 525 ºF.',
    );
  });
});
