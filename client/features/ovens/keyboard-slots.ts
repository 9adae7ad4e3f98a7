import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * Keyboard drag and drop over slots: each arrow key moves the picked-up button to the nearest slot (or screen) in
 * that direction, instead of dnd-kit's default 25-pixel steps. Space picks up and drops, Escape puts it back.
 */
export const slotKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = DIRECTIONS[event.code];
  const rect = context.collisionRect;
  if (!direction || !rect) return undefined;
  event.preventDefault();
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  let best: { x: number; y: number } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const target of context.droppableRects.values()) {
    const tx = target.left + target.width / 2;
    const ty = target.top + target.height / 2;
    const along = (tx - cx) * direction[0] + (ty - cy) * direction[1];
    // The slot under the button (whose centre may be a little off the dragged copy's) is not a step.
    const half =
      (direction[0] !== 0 ? Math.min(rect.width, target.width) : Math.min(rect.height, target.height)) / 2;
    if (along <= half) continue;
    const across = Math.abs((tx - cx) * direction[1]) + Math.abs((ty - cy) * direction[0]);
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = { x: tx, y: ty };
    }
  }
  if (!best) return undefined;
  return { x: currentCoordinates.x + (best.x - cx), y: currentCoordinates.y + (best.y - cy) };
};
