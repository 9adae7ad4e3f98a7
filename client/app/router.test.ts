import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageLoadsAt, routeMatches } from './router';

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

describe('the first page is found without the router', () => {
  const patterns = ['/', '/ovens', '/fleet/templates', '/fleet/templates/:id', '/password/reset/:token'];
  const addresses = [
    '/',
    '/ovens',
    '/ovens/',
    '/OVENS',
    '/ovens/12',
    '/fleet/templates',
    '/fleet/templates/12',
    '/fleet/templates/12/',
    '/fleet/templates/12/more',
    '/password/reset/abc',
    '/password/reset',
    '/no-such-page',
  ];
  it.each(patterns)('an address is of the route %s exactly when the router says so', (pattern) => {
    for (const address of addresses)
      expect(routeMatches(pattern, address), address).toBe(matchPath(pattern, address) !== null);
  });
});
