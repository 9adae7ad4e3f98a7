import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws its children in a transition after the screen around them: React yields while it draws a big part (a
 * menu's editor), so a slow tablet's main thread is never held by it and a tap is taken at once. The place holds
 * `minHeight` until then, so what is below does not jump when the part comes.
 */
export function DrawnAfter({ children, minHeight }: { children: ReactNode; minHeight?: string }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn ? children : <div style={{ minHeight }} aria-busy="true" />;
}
