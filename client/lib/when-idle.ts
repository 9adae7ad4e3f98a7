/** Runs `run` when the browser is next idle (at the latest after `timeoutMs`); returns how to call it off. */
export function whenIdle(run: () => void, timeoutMs = 5_000): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1_000);
  return () => clearTimeout(id);
}

/** How long after the page's load work for later waits: the first page settles and takes its first taps. */
export const AFTER_LOAD_MS = 4_000;

/**
 * Runs `run` when the browser is idle, `AFTER_LOAD_MS` after the page has loaded: work for later (the rest of the
 * catalogue, the app's copy for offline use) stays out of the first page's seconds on a slow tablet, where each of
 * its tasks would hold a first tap. Returns how to call it off.
 */
export function afterLoad(run: () => void): () => void {
  let callOff: (() => void) | undefined;
  const wait = () => {
    const timer = setTimeout(() => {
      callOff = whenIdle(run);
    }, AFTER_LOAD_MS);
    callOff = () => clearTimeout(timer);
  };
  if (document.readyState === 'complete') wait();
  else {
    window.addEventListener('load', wait, { once: true });
    callOff = () => window.removeEventListener('load', wait);
  }
  return () => callOff?.();
}
