import { useCallback, useRef } from 'react';

/**
 * A place to put the keyboard's focus once what held it is gone (a secret put away, a row removed): without it
 * the focus falls to the top of the page. The element needs `tabIndex={-1}`. Focused after the frame, so a
 * closing dialog's own return of focus comes first.
 */
export function useFocusAfter<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const focus = useCallback(() => {
    requestAnimationFrame(() => ref.current?.focus());
  }, []);
  return [ref, focus] as const;
}
