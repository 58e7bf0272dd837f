import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/**
 * What scrolls a list: the document (the shell grows with a list's rows), the page's content area, and a Blueprint
 * grid's own body.
 */
const SCROLLERS = [
  'html',
  '.portal-content',
  '.list-body .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container',
];

/** How many frames a restore waits for the list to grow tall enough. */
const RESTORE_FRAMES = 60;

type Positions = Array<[top: number, left: number] | null>;

const storageKey = (entry: string) => `scroll:${entry}`;

function positions(): Positions {
  return SCROLLERS.map((selector) => {
    const element = document.querySelector(selector);
    return element ? [element.scrollTop, element.scrollLeft] : null;
  });
}

function saved(entry: string): Positions | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey(entry)) ?? 'null');
    return Array.isArray(value) && value.length === SCROLLERS.length ? (value as Positions) : null;
  } catch {
    return null;
  }
}

/** Scroll each element to its saved place; true once all are there. */
function scrollTo(target: Positions): boolean {
  return target.every((position, i) => {
    const element = document.querySelector(SCROLLERS[i]!);
    if (!position) return true;
    if (!element) return false;
    element.scrollTop = position[0];
    element.scrollLeft = position[1];
    return Math.abs(element.scrollTop - position[0]) < 1 && Math.abs(element.scrollLeft - position[1]) < 1;
  });
}

/**
 * Back or Forward to a list returns to where it was scrolled: the positions are kept per history entry when the
 * entry is left, and put back once the list's rows are shown (`ready`). The list may write its state into the URL
 * meanwhile (a replace gives the entry a new key): the positions wait for the rows all the same.
 */
export function useScrollRestoration(ready: boolean): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const pending = useRef<Positions | null>(null);
  const entry = useRef<string | null>(null);
  useLayoutEffect(() => {
    // Read once per entry: the effect running again on the same entry (React's strict mode) finds it overwritten.
    if (navigationType !== NavigationType.Replace && entry.current !== key) pending.current = saved(key);
    entry.current = key;
    return () => {
      try {
        sessionStorage.setItem(storageKey(key), JSON.stringify(positions()));
      } catch {
        // Storage full or blocked: the list opens at the top.
      }
    };
  }, [key, navigationType]);
  useEffect(() => {
    const target = pending.current;
    if (!ready || !target) return;
    let frame = 0;
    let request = 0;
    const step = () => {
      if (scrollTo(target) || ++frame >= RESTORE_FRAMES) {
        pending.current = null;
        return;
      }
      request = requestAnimationFrame(step);
    };
    step();
    return () => cancelAnimationFrame(request);
  }, [ready, key]);
}
