import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Colors } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SIDE_LIST_WIDTH } from '../../../../contract/limits';

/** Key steps of the separator: an arrow moves 10 px, with Shift 50 px. */
const STEP = 10;
const LARGE_STEP = 50;

export interface ListResizerProps {
  /** The id of the list whose width this separator changes. */
  controls: string;
  width: number;
  /** While dragging: change the width on screen. */
  onResize: (width: number) => void;
  /** At the end of a drag and on each key press: change and remember the width. */
  onCommit: (width: number) => void;
}

/**
 * The splitter between the list and the detail pane (the WAI-ARIA window splitter): drag it, or focus it and use
 * the arrow keys (Shift for bigger steps), Home for the narrowest and End for the widest list.
 */
export function ListResizer({ controls, width, onResize, onCommit }: ListResizerProps) {
  const { t } = useTranslation();
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { startX: event.clientX, startWidth: width, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.width = drag.current.startWidth + event.clientX - drag.current.startX;
    onResize(drag.current.width);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    onCommit(drag.current.width);
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? LARGE_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: width - step,
      ArrowRight: width + step,
      Home: SIDE_LIST_WIDTH.min,
      End: SIDE_LIST_WIDTH.max,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    onCommit(next[event.key]!);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={t('notification_resize')}
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={SIDE_LIST_WIDTH.min}
      aria-valuemax={SIDE_LIST_WIDTH.max}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      style={{
        flex: 'none',
        width: 8,
        cursor: 'col-resize',
        touchAction: 'none',
        background: `linear-gradient(to right, transparent 3px, ${Colors.LIGHT_GRAY1} 3px, ${Colors.LIGHT_GRAY1} 5px, transparent 5px)`,
      }}
    />
  );
}
