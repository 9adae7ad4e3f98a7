/** Runs `run` when the browser is next idle (at the latest after `timeoutMs`); returns how to call it off. */
export function whenIdle(run: () => void, timeoutMs = 5_000): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1_000);
  return () => clearTimeout(id);
}
