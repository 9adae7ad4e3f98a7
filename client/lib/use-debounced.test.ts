import { describe, expect, it } from 'vitest';
import { searchStep } from './use-debounced';

describe('a search typed into a box', () => {
  it('does nothing when it is the search already applied, spaces aside', () => {
    expect(searchStep('harbour', ' harbour ', true)).toBeNull();
  });

  it('is a step of its own when it starts a burst of typing', () => {
    expect(searchStep('', 'harb', false)).toEqual({ search: 'harb', push: true });
    expect(searchStep('harb', 'harbour', false)).toEqual({ search: 'harbour', push: true });
  });

  it('amends the step when it refines, or backs off, the search this burst applied', () => {
    expect(searchStep('harb', 'harbour', true)).toEqual({ search: 'harbour', push: false });
    expect(searchStep('harbour', 'harb', true)).toEqual({ search: 'harb', push: false });
  });

  it('is a step of its own when it is another search, even in the same burst', () => {
    expect(searchStep('harbour', 'quay', true)).toEqual({ search: 'quay', push: true });
  });

  it('is a step of its own when it clears the search, so Back brings the search again', () => {
    expect(searchStep('harbour', '  ', true)).toEqual({ search: '', push: true });
  });
});
