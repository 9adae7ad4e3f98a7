import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from './timings';

/** `value` once it has stopped changing for `ms`: a search is asked of the server when typing pauses. */
export function useDebounced<T>(value: T, ms: number = TIMINGS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** One search typed on from another ("harb" → "harbour", or back): the same search, amended, not a new one. */
const refines = (before: string, after: string) =>
  before !== '' && after !== '' && (after.startsWith(before) || before.startsWith(after));

/**
 * A search box whose search lives in the address: what is typed applies once typing pauses (at once on Enter),
 * and a search the address brings (a link, the back button) shows in the box. Each search is one step the back
 * button returns from: a pause adds it, and a later pause amends it while the typing only refines it ("harb" →
 * "harbour"); another search, a cleared box, Enter or leaving the box makes the next one a step of its own. `apply` writes the search, as a new step when `push`. Spread `bind` on a SearchBox.
 */
export function useSearchText(
  applied: string,
  apply: (search: string, push: boolean) => void,
  ms: number = TIMINGS.searchDebounceMs,
) {
  const [text, setText] = useState(applied);
  const [seen, setSeen] = useState(applied);
  const burst = useRef(false);
  if (applied !== seen) {
    setSeen(applied);
    if (text.trim() !== applied) {
      setText(applied);
      burst.current = false;
    }
  }
  const typed = useDebounced(text, ms);
  const latest = useRef({ applied, apply });
  latest.current = { applied, apply };
  useEffect(() => {
    // Only a pause in typing applies: a search the address changed is not written back.
    const { applied, apply } = latest.current;
    const next = typed.trim();
    if (next === applied) return;
    apply(next, !(burst.current && refines(applied, next)));
    burst.current = true;
  }, [typed]);
  const settle = () => {
    if (text.trim() !== applied) apply(text.trim(), !(burst.current && refines(applied, text.trim())));
    burst.current = false;
  };
  return { text, bind: { value: text, onChange: setText, onEnter: settle, onBlur: settle } };
}
