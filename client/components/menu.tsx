import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CaretIcon } from './icons';

/** A dropdown that opens on click or tap (CSS also opens it on hover with a mouse); Escape, outside clicks and navigation close it. */
export function Menu({
  label,
  children,
  className = '',
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const location = useLocation();
  // Close whenever the route changes.
  const { key } = location;
  useEffect(() => {
    if (key) setOpen(false);
  }, [key]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={ref} className={`menu ${open ? 'menu-open' : ''} ${className}`}>
      <button
        type="button"
        className="menu-trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {label} <CaretIcon />
      </button>
      <div id={id} className="menu-items" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
