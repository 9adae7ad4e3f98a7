import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';

/**
 * A screen in the sidebar or a page dot: opens it, and is also a drop target (a button dropped on it goes to its
 * first free slot).
 */
export function PlaceLink({
  drop,
  screenId,
  className,
  current,
  label,
  children,
  onOpen,
}: {
  drop: 'screen' | 'page';
  screenId: number;
  className: string;
  current: boolean;
  label?: string;
  children?: ReactNode;
  onOpen(): void;
}) {
  const { setNodeRef, isOver, active } = useDroppable({
    id: `${drop}:${screenId}`,
    data: { screenId, position: null },
  });
  return (
    <li ref={setNodeRef}>
      <button
        type="button"
        className={`${className} ${current ? `${className}-on` : ''} ${isOver && active ? 'slot-over' : ''}`}
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        onClick={onOpen}
      >
        {children}
      </button>
    </li>
  );
}

/**
 * The screen editor of spec §2.7: the screen sidebar, the title with its breadcrumb, the editor actions, the screen
 * drawn as the oven draws it, drag and drop by mouse, finger and keyboard, the button's colour, icon, favourite and
 * trash, categories created and renamed in place, and Undo.
 */
