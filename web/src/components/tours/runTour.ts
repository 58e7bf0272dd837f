import { driver, type Driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tours.css';
import type { TFunction } from 'i18next';
import { anchorPresent, anchorSelector } from './anchors';
import { presentSteps, tourTextKey, tourTitleKey, type PageTourId } from './pageTours';

/**
 * Shows a page's tour with driver.js: one popover per step that is on the page now, with Back, Next (Done on the
 * last step) and Close buttons; Escape closes, the arrow keys move, Tab stays inside the popover. When it closes,
 * focus goes back to `returnFocusTo` (where it was when the tour started).
 */
export function runTour(tour: PageTourId, t: TFunction, returnFocusTo: Element | null): Driver | null {
  const steps = presentSteps(tour, anchorPresent);
  if (steps.length === 0) return null;
  const instance = driver({
    steps: steps.map((step, index) => ({
      element: anchorSelector(step.anchor),
      popover: {
        title: t(tourTitleKey(step)),
        description: t(tourTextKey(step)),
        side: step.side,
        align: 'start',
        progressText: t('tours:progress', { current: index + 1, total: steps.length }),
      },
    })),
    animate: true,
    smoothScroll: true,
    allowClose: true,
    allowKeyboardControl: true,
    disableActiveInteraction: true,
    showProgress: true,
    showButtons: ['next', 'previous', 'close'],
    nextBtnText: t('tours:next'),
    prevBtnText: t('tours:back'),
    doneBtnText: t('tours:done'),
    popoverClass: 'portal-tour',
    overlayOpacity: 0.5,
    stagePadding: 4,
    stageRadius: 3,
    onPopoverRender: (popover) => {
      popover.closeButton.setAttribute('aria-label', t('tours:close'));
      popover.closeButton.title = t('tours:close');
      popover.wrapper.setAttribute('aria-modal', 'true');
      // driver.js focuses the first button (Close); start on Next instead, so Enter moves on.
      queueMicrotask(() => popover.nextButton.focus());
    },
    // Escape, Close, Done and the overlay end the tour here. (driver.js skips onDestroyed when a step is left
    // before its animation has finished, so the focus is given back here rather than there.)
    onDestroyStarted: () => {
      instance.destroy();
      // After driver.js has finished its own clean-up, which may move the focus.
      window.setTimeout(() => {
        if (returnFocusTo instanceof HTMLElement && returnFocusTo.isConnected) returnFocusTo.focus();
      }, 0);
    },
  });
  instance.drive();
  return instance;
}
