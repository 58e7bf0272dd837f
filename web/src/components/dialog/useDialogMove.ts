import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Classes } from '@blueprintjs/core';
import { arrowKeyMove, clampOffset, NO_OFFSET, type Offset } from './dialogMove';

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  from: Offset;
}

/**
 * Moving a dialog by its header: dragging it with the pointer, or the arrow keys on its move handle. The dialog
 * stays inside the viewport, also when the window shrinks; it opens again where it first stood.
 */
export function useDialogMove(isOpen: boolean) {
  const headerRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState<Offset>(NO_OFFSET);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setOffset(NO_OFFSET);
  }
  const drag = useRef<Drag | null>(null);

  /** Moves to `wanted` as far as the viewport allows. */
  const moveTo = useCallback((wanted: Offset, current: Offset) => {
    const dialog = headerRef.current?.closest(`.${Classes.DIALOG}`);
    if (!dialog) return;
    const rect = dialog.getBoundingClientRect();
    const opened = { left: rect.left - current.x, top: rect.top - current.y, width: rect.width, height: rect.height };
    const viewport = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
    setOffset(clampOffset(opened, wanted, viewport));
  }, []);

  const moved = offset.x !== 0 || offset.y !== 0;
  useEffect(() => {
    if (!moved) return;
    const keepInside = () => moveTo(offset, offset);
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, [moved, offset, moveTo]);

  const headerProps = {
    ref: headerRef,
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      const control = (e.target as Element).closest('button, a, input, select, textarea');
      if (e.button !== 0 || (control && !control.hasAttribute('data-dialog-move'))) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, from: offset };
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== e.pointerId) return;
      moveTo({ x: d.from.x + e.clientX - d.startX, y: d.from.y + e.clientY - d.startY }, offset);
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      if (drag.current?.pointerId === e.pointerId) drag.current = null;
    },
    onPointerCancel: () => {
      drag.current = null;
    },
  };

  const onMoveKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const step = arrowKeyMove(e.key, e.shiftKey);
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    moveTo({ x: offset.x + step.x, y: offset.y + step.y }, offset);
  };

  return { offset, headerProps, onMoveKeyDown };
}
