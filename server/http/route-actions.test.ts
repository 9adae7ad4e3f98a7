import { describe, expect, it } from 'vitest';
import { declaredAccess } from './route-actions';

describe('a route’s declared access', () => {
  it('refuses an API route that does not say who may call it', () => {
    expect(() => declaredAccess({ method: 'GET', url: '/api/new-thing' })).toThrow(
      'GET /api/new-thing does not declare its access',
    );
    expect(() => declaredAccess({ method: ['POST'], url: '/storage/x/:id', config: {} })).toThrow();
  });

  it('takes what an API route declares', () => {
    expect(declaredAccess({ method: 'GET', url: '/api/ovens', config: { access: 'ovens.read' } })).toBe(
      'ovens.read',
    );
  });

  it('asks nothing of the page’s own files and of the API’s docs', () => {
    expect(declaredAccess({ method: 'GET', url: '/favicon.svg' })).toBeUndefined();
    expect(declaredAccess({ method: 'GET', url: '/api/docs/json' })).toBeUndefined();
  });
});
