import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Classes } from '@blueprintjs/core';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Driver } from 'driver.js';
import { readyToStart, tourOfPath, type PageTourId } from './pageTours';
import { anchorReady } from './anchors';
import { useTourMemory } from './useTourMemory';
import { queuedDialogPending } from '../../lib/modalQueue';

/** How often and how long a first-visit tour waits for its page (the list loading, a modal closing). */
const WAIT_STEP_MS = 200;
const WAIT_FOR_PAGE_MS = 8000;

export interface PageTour {
  /** The tour of the page shown now, or null when the page has none. */
  tour: PageTourId | null;
  /** Starts it; when it closes, focus goes to `returnFocusTo` (by default, the element focused now). */
  start: (returnFocusTo?: HTMLElement | null) => void;
}

const PageTourContext = createContext<PageTour>({ tour: null, start: () => {} });

/** The current page's tour, for the help menu's "Take a tour of this page". */
export const usePageTour = () => useContext(PageTourContext);

export interface PageTourProviderProps {
  userId: number;
  /** The mode's base path (/app or /admin). */
  base: string;
  children: ReactNode;
}

/**
 * Knows the tour of the page shown now, starts it on the user's first visit to the page (once per user), and on
 * request from the help menu. A tour open when the user leaves the page closes.
 */
export function PageTourProvider({ userId, base, children }: PageTourProviderProps) {
  const { t } = useTranslation('tours');
  const { pathname } = useLocation();
  const tour = tourOfPath(pathname, base);
  const memory = useTourMemory(userId);
  const running = useRef<Driver | null>(null);
  // Bumped when a tour starts or the page changes: a tour whose script arrives after that does not show.
  const generation = useRef(0);

  const start = useCallback(
    (returnFocusTo?: HTMLElement | null) => {
      if (tour === null) return;
      const focus = returnFocusTo ?? document.activeElement;
      const current = ++generation.current;
      running.current?.destroy();
      running.current = null;
      // driver.js and its styles load with the first tour, not with the portal.
      void import('./runTour').then(({ runTour }) => {
        if (current === generation.current) running.current = runTour(tour, t, focus);
      });
    },
    [tour, t],
  );

  const firstVisit = tour !== null && memory.ready && !memory.isSeen(tour);
  const { markSeen } = memory;
  useEffect(() => {
    if (!firstVisit || tour === null) return;
    const began = Date.now();
    const timer = window.setInterval(() => {
      // A modal (release notes, a system message) goes first; the tour waits until none is open or still to come.
      if (document.body.classList.contains(Classes.OVERLAY_OPEN) || queuedDialogPending()) return;
      if (!readyToStart(tour, anchorReady) && Date.now() - began < WAIT_FOR_PAGE_MS) return;
      window.clearInterval(timer);
      markSeen(tour);
      start();
    }, WAIT_STEP_MS);
    return () => window.clearInterval(timer);
  }, [firstVisit, tour, markSeen, start]);

  useEffect(
    () => () => {
      generation.current++;
      running.current?.destroy();
      running.current = null;
    },
    [pathname],
  );

  const value = useMemo(() => ({ tour, start }), [tour, start]);
  return <PageTourContext.Provider value={value}>{children}</PageTourContext.Provider>;
}
