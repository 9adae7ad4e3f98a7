import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from './timings';

/** `value` once it has stopped changing for `ms`: a search is asked of the server when typing pauses. */
export function useDebounced<T>(value: T, ms: number = TIMINGS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    // Nothing to wait for when the value is the settled one (a box just drawn): no timer, no redraw.
    if (Object.is(value, settled)) return;
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms, settled]);
  return settled;
}

/** One search typed on from another ("harb" → "harbour", or back): the same search, amended, not a new one. */
const refines = (before: string, after: string) =>
  before !== '' && after !== '' && (after.startsWith(before) || before.startsWith(after));

/**
 * What a search typed into a box does to the address: nothing when it is the search already applied; otherwise
 * it applies, as a step of its own unless it refines the search this burst of typing applied (`inBurst`).
 */
export function searchStep(
  applied: string,
  typed: string,
  inBurst: boolean,
): { search: string; push: boolean } | null {
  const search = typed.trim();
  if (search === applied) return null;
  return { search, push: !(inBurst && refines(applied, search)) };
}

/**
 * A search box whose search lives in the address: what is typed applies once typing pauses (at once on Enter),
 * and a search the address brings (a link, the back button) shows in the box. Each search is one step the back
 * button returns from: a pause adds it, and a later pause amends it while the typing only refines it ("harb" →
 * "harbour"); another search, a cleared box, Enter or leaving the box makes the next one a step of its own.
 * `apply` writes the search, as a new step when `push`. Spread `bind` on a SearchBox.
 */
export function useSearchText(
  applied: string,
  apply: (search: string, push: boolean) => void,
  ms: number = TIMINGS.searchDebounceMs,
) {
  const [text, setText] = useState(applied);
  const [seen, setSeen] = useState(applied);
  // Whether the search applied last came from this burst of typing (a pause), so the next pause may amend it.
  const [inBurst, setInBurst] = useState(false);
  // A search the address brought (not typed here): it shows in the box and ends the burst. React's pattern for
  // state derived from a prop, set while rendering.
  if (applied !== seen) {
    setSeen(applied);
    if (text.trim() !== applied) {
      setText(applied);
      setInBurst(false);
    }
  }
  const typed = useDebounced(text, ms);
  const latest = useRef({ applied, apply, inBurst });
  useEffect(() => {
    latest.current = { applied, apply, inBurst };
  });
  useEffect(() => {
    // Only a pause in typing applies: a search the address changed is not written back.
    const { applied, apply, inBurst } = latest.current;
    const step = searchStep(applied, typed, inBurst);
    if (!step) return;
    apply(step.search, step.push);
    setInBurst(true);
  }, [typed]);
  const settle = () => {
    const step = searchStep(applied, text, inBurst);
    if (step) apply(step.search, step.push);
    setInBurst(false);
  };
  return { text, bind: { value: text, onChange: setText, onEnter: settle, onBlur: settle } };
}
