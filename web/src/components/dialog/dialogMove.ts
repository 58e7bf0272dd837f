/** Where a dialog stands on the screen, as `getBoundingClientRect` gives it. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
/** How far a dialog was moved from where it opened. */
export interface Offset {
  x: number;
  y: number;
}
export interface Viewport {
  width: number;
  height: number;
}

export const NO_OFFSET: Offset = { x: 0, y: 0 };
/** Pixels per arrow key press; with Shift, five times as far. chosen: not in spec */
export const KEY_STEP = 20;

/**
 * The offset closest to `wanted` that keeps the dialog inside the viewport. `opened` is where the dialog stands
 * without any offset. A dialog larger than the viewport on an axis may move only so far that it still covers it.
 */
export function clampOffset(opened: Box, wanted: Offset, viewport: Viewport): Offset {
  const axis = (start: number, size: number, room: number, want: number) => {
    const toStartEdge = 0 - start;
    const toEndEdge = room - start - size;
    return Math.min(Math.max(want, Math.min(toStartEdge, toEndEdge)), Math.max(toStartEdge, toEndEdge));
  };
  return {
    x: axis(opened.left, opened.width, viewport.width, wanted.x),
    y: axis(opened.top, opened.height, viewport.height, wanted.y),
  };
}

/** The move an arrow key asks for, or null for any other key. */
export function arrowKeyMove(key: string, shiftKey: boolean): Offset | null {
  const step = shiftKey ? KEY_STEP * 5 : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: -step, y: 0 };
    case 'ArrowRight':
      return { x: step, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -step };
    case 'ArrowDown':
      return { x: 0, y: step };
    default:
      return null;
  }
}
