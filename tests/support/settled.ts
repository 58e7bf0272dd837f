import type { Page } from 'playwright-core';

/**
 * Wait until the page has stopped moving: no finite animation or transition is running and no Blueprint overlay is
 * entering or leaving (`within`, a CSS selector, must also be on the page). A dialog zooming in has its controls at
 * changing places, and a busy CI machine stretches the zoom.
 */
export async function waitForSettled(page: Page, within?: string): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      (!selector || document.querySelector(selector) !== null) &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) &&
      !document.querySelector('[class*="-enter-active"], [class*="-exit-active"]'),
    within,
  );
}
