import { describe, expect, it } from 'vitest';
import { pageLoadsAt } from './router';

describe('the first page’s loads, started before the first screen', () => {
  it('a page loaded with its route gives the loads of its code and of its words', () => {
    const loads = pageLoadsAt('/ovens');
    expect(typeof loads.loadCode).toBe('function');
    expect(typeof loads.preload).toBe('function');
  });

  it('a page with a parameter is found by its pattern', () => {
    expect(typeof pageLoadsAt('/fleet/templates/12').loadCode).toBe('function');
  });

  it('the log-in page, in the app’s own file, has nothing to load', () => {
    expect(pageLoadsAt('/')).toEqual({});
  });

  it('an unknown address has nothing to load', () => {
    expect(pageLoadsAt('/no-such-page')).toEqual({});
  });
});
