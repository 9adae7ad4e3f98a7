import { describe, expect, it } from 'vitest';
import {
  cellFromFile,
  inertCell,
  locationNames,
  modelFromCell,
  readHeader,
  roleFromCell,
} from './chain-files';
import { OVEN_TYPES } from './oven-models';

describe('a chain file’s cells', () => {
  it('reads a model as listed, by one of its sizes, by a family only one model has, or by its code', () => {
    for (const type of OVEN_TYPES) expect(modelFromCell(type.toUpperCase())).toBe(type);
    expect(modelFromCell('Conveyor 2600')).toBe('Conveyor 2600/2000/1400');
    expect(modelFromCell(' conveyor   1400 ')).toBe('Conveyor 2600/2000/1400');
    expect(modelFromCell('Matchbox 1313')).toBe('Matchbox 1718/1313');
    expect(modelFromCell('Matchbox M360 12')).toBe('Matchbox M360 14/12');
    expect(modelFromCell('M360')).toBe('Matchbox M360 14/12');
    expect(modelFromCell('Double MiLO')).toBe('MiLO/Double MiLO');
    expect(modelFromCell('milo')).toBe('MiLO/Double MiLO');
    expect(modelFromCell('Shuttle 2600')).toBe('Shuttle 1200/1600/2000/2600');
    expect(modelFromCell('Shuttle')).toBe('Shuttle 1200/1600/2000/2600');
    expect(modelFromCell('MB')).toBe('Matchbox 1718/1313');
    // Two models are Matchboxes: the family alone says neither.
    expect(modelFromCell('Matchbox')).toBeNull();
    expect(modelFromCell('Pizzamatic')).toBeNull();
  });

  it('writes a formula-like cell inert and reads it back as it was', () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@x', '\tTab', '\rCR'])
      expect(cellFromFile(inertCell(text))).toBe(text);
    expect(inertCell('Main Street')).toBe('Main Street');
    expect(cellFromFile("'Apostrophe kept")).toBe("'Apostrophe kept");
  });

  it('reads roles by key or title, and a member’s locations once each', () => {
    expect(roleFromCell(' Store manager ')).toBe('store');
    expect(roleFromCell('CREW')).toBe('crew');
    expect(roleFromCell('chef')).toBeNull();
    expect(locationNames('Downtown; downtown ;;Airport')).toEqual(['Downtown', 'Airport']);
  });

  it('finds columns by header in any order and case, and names an unknown, repeated or missing one', () => {
    expect(readHeader('ovens', ['\uFEFFModel', ' NAME ', 'location']).at).toEqual({
      model: 0,
      name: 1,
      location: 2,
    });
    const bad = readHeader('locations', ['name', 'adress', 'Name']);
    expect(bad.problems.map((p) => [p.column, p.said.key])).toEqual([
      ['adress', 'ruleMessages.importUnknownColumn'],
      ['Name', 'ruleMessages.importColumnTwice'],
      ['address', 'ruleMessages.importColumnMissing'],
    ]);
  });
});
