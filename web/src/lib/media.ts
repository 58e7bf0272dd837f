import { useSyncExternalStore } from 'react';

/**
 * A phone's width: below it the shell folds the main menu into a drawer and dialogs take the whole screen. The same
 * width is written in `styles.css` (CSS cannot read it from here).
 */
export const PHONE_WIDTH_QUERY = '(max-width: 700px)';

/** Whether the window matches a CSS media query now, re-rendering when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
