import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_LOAD_MS, afterLoad } from './when-idle';

// A page without requestIdleCallback: idle comes one second later.
const IDLE_MS = 1_000;

describe('work for later, after the page has loaded', () => {
  let page: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    page = new EventTarget();
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { readyState: 'loading' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load and the settling time before it runs', () => {
    const run = vi.fn();
    afterLoad(run);
    vi.advanceTimersByTime(AFTER_LOAD_MS + IDLE_MS);
    expect(run).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(AFTER_LOAD_MS);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_MS);
    expect(run).toHaveBeenCalledOnce();
  });

  it('counts from now on a page already loaded', () => {
    vi.stubGlobal('document', { readyState: 'complete' });
    const run = vi.fn();
    afterLoad(run);
    vi.advanceTimersByTime(AFTER_LOAD_MS + IDLE_MS);
    expect(run).toHaveBeenCalledOnce();
  });

  it.each([
    ['before the load', 0],
    ['while the page settles', 1],
    ['while it waits for the browser to be idle', 2],
  ])('never runs once called off %s', (_stage, stage) => {
    const run = vi.fn();
    const callOff = afterLoad(run);
    if (stage >= 1) page.dispatchEvent(new Event('load'));
    if (stage >= 2) vi.advanceTimersByTime(AFTER_LOAD_MS);
    callOff();
    page.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2 * (AFTER_LOAD_MS + IDLE_MS));
    expect(run).not.toHaveBeenCalled();
  });
});
