import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** Once `active`, goes to `to` after `ms` and counts the seconds left, for the spec's timed redirects. */
export function useRedirectAfter(active: boolean, ms: number, to: string): number {
  const navigate = useNavigate();
  const [left, setLeft] = useState(Math.ceil(ms / 1000));
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    setLeft(Math.ceil(ms / 1000));
    const tick = window.setInterval(
      () => setLeft(Math.max(0, Math.ceil((ms - (Date.now() - started)) / 1000))),
      250,
    );
    const go = window.setTimeout(() => navigate(to, { replace: true }), ms);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(go);
    };
  }, [active, ms, to, navigate]);
  return left;
}
