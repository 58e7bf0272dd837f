import { useCallback, useState } from 'react';
import { SIDE_LIST_WIDTH } from '../../../../contract/limits';
import { readLocal, writeLocal } from '../../lib/localSettings';

/** Where this browser remembers the width of the notification list (spec 3 section 9). */
export const LIST_WIDTH_KEY = 'notificationListWidth';

export const clampListWidth = (width: number) =>
  Number.isFinite(width)
    ? Math.round(Math.min(SIDE_LIST_WIDTH.max, Math.max(SIDE_LIST_WIDTH.min, width)))
    : SIDE_LIST_WIDTH.default;

/**
 * The list width, 350 to 700 px, 400 by default, read from and written to this browser's storage. `setWidth`
 * changes it on screen; `commit` also stores it (at the end of a drag, or on each key press).
 */
export function useListWidth() {
  const [width, setRawWidth] = useState(() =>
    clampListWidth(readLocal<number>(LIST_WIDTH_KEY, SIDE_LIST_WIDTH.default)),
  );
  const setWidth = useCallback((next: number) => setRawWidth(clampListWidth(next)), []);
  const commit = useCallback((next: number) => {
    const clamped = clampListWidth(next);
    setRawWidth(clamped);
    writeLocal(LIST_WIDTH_KEY, clamped);
  }, []);
  return { width, setWidth, commit };
}
