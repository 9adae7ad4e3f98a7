import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page kept in the address (`?search=…&ovens=…&page=2`), so a reload or a shared link shows
 * the same list. Changing any filter also returns to page 1 in the same step, so the old page is never fetched
 * with the new filters. Values equal to their default are left out of the address. The screen follows a change
 * at once (the router writes the address a moment later), and follows the address when it changes by itself
 * (the back button).
 */
export function useUrlState<K extends string>(defaults: Record<K, string>) {
  // `defaults` must be a constant of the caller's module (it is a dependency of the callbacks).
  const [params, setParams] = useSearchParams();
  const read = useCallback(
    (p: URLSearchParams) => {
      const values = { ...defaults };
      for (const key of Object.keys(defaults) as K[]) values[key] = p.get(key) ?? defaults[key];
      const page = Math.max(1, Number.parseInt(p.get('page') ?? '1', 10) || 1);
      return { values, page };
    },
    [defaults],
  );
  const [state, setState] = useState(() => read(params));
  const written = useRef(params.toString());

  useEffect(() => {
    if (params.toString() !== written.current) {
      written.current = params.toString();
      setState(read(params));
    }
  }, [params, read]);

  const write = useCallback(
    (patch: Partial<Record<string, string | undefined>>, push: boolean) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        const fallback = (defaults as Record<string, string>)[key] ?? '';
        if (value === undefined || value === fallback) next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in patch)) next.delete('page');
      // Nothing changed (a search left as it was): no new state, no step in the history.
      if (next.toString() === new URLSearchParams(window.location.search).toString()) return;
      written.current = next.toString();
      setState(read(next));
      setParams(next, { replace: !push });
    },
    [defaults, read, setParams],
  );

  /**
   * A filter changed: a step the back button returns from, as a page is (a location, then a status: Back undoes
   * the status, not the whole page). A search being typed passes `push: false` to amend its step instead.
   */
  const update = useCallback(
    (patch: Partial<Record<K, string>>, options: { push?: boolean } = {}) =>
      write(patch, options.push ?? true),
    [write],
  );
  // A page is a step back can return from.
  const setPage = useCallback((n: number) => write({ page: n <= 1 ? undefined : String(n) }, true), [write]);
  return { values: state.values, page: state.page, update, setPage };
}

/** 'All' (nothing chosen) or names joined by commas, as the API takes them (spec §3). */
export function listParam(selected: readonly string[]): string {
  return selected.length === 0 ? 'All' : selected.join(',');
}

export function parseListParam(value: string): string[] {
  return value && value !== 'All' ? value.split(',').filter(Boolean) : [];
}
