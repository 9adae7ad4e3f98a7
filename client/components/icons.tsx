/** Small inline icons; decorative unless given a title. */
export function FlameLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#bf360c" />
      <path
        d="M16 5c1 4 6 6.5 6 12.5A6 6 0 0 1 10 17.5c0-2.5 1.2-4.3 2.6-5.6-.1 2 .8 3.5 2.2 3.9C14.6 11.6 15.8 8 16 5z"
        fill="#ffe0b2"
      />
    </svg>
  );
}

export function HelpIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M9.5 9.2a2.6 2.6 0 0 1 5 .9c0 1.8-2.5 2.2-2.5 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="12" cy="17.4" r="1.2" fill="currentColor" />
    </svg>
  );
}

export function UserIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21a8 8 0 0 1 16 0z" fill="currentColor" />
    </svg>
  );
}

function Stroke({ children, size = 20 }: { children: React.ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const TrashIcon = () => (
  <Stroke>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
  </Stroke>
);
export const PencilIcon = () => (
  <Stroke>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </Stroke>
);
export const ImageIcon = () => (
  <Stroke>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="M21 16l-5-5-9 8" />
  </Stroke>
);
export const MoreIcon = () => (
  <Stroke>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </Stroke>
);
export const UndoIcon = () => (
  <Stroke>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Stroke>
);
/** Three bars: the folded navigation's button. An icon, not "☰", which the web font lacks: each glyph from outside
 * it sends the browser through the system's fonts in the first screen's layout. */
export const MenuBarsIcon = () => (
  <Stroke size={22}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Stroke>
);
/** A small down-pointing triangle, sized by the text it follows (drawn, not "▾": see MenuBarsIcon). */
export const CaretIcon = () => (
  <svg className="caret" width="0.375em" height="0.375em" viewBox="0 0 10 10" aria-hidden="true">
    <path d="M1 3h8L5 8z" fill="currentColor" />
  </svg>
);
/** A small right-pointing triangle: a category's mark before its count (drawn, not "▸": see MenuBarsIcon). */
export const OpensIcon = () => (
  <svg className="opens-icon" width="0.7em" height="0.7em" viewBox="0 0 10 10" aria-hidden="true">
    <path d="M3 1v8l5-4z" fill="currentColor" />
  </svg>
);
/** A filled star: a favourite recipe's mark (drawn, not "★": see MenuBarsIcon). */
export const StarIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
      fill="currentColor"
    />
  </svg>
);
