import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { signInAt } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

/**
 * Resolves once `locator` shows, looking every 16 ms (a frame). For a figure, not `locator.waitFor()`: after its
 * first 270 ms Playwright looks again only every 500 ms, which adds up to half a second to a page that is ready.
 */
export async function shown(locator: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await locator
      .first()
      .isVisible()
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`${locator.toString()} did not show within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

/**
 * How long a page takes until `ready` resolves (waiting with `shown`), counted from the start of its navigation. Each
 * time a fresh headless Chromium context signs in on the sign-in page first (so the app's shell is in its cache, as
 * after a real sign-in) as a demo user (Acme's standard user unless named). Six navigations, the first untimed;
 * sorted, in ms.
 */
export async function pageReadyTimes(
  baseUrl: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  email = 'user@acme-labs.example',
) {
  const browser: Browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let i = 0; i < 6; i++) {
      const context = await newPortalContext(browser);
      const page = await context.newPage();
      await signInAt(page, baseUrl, email);
      await page.waitForURL(/\/app\//);
      const started = Date.now();
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
      await ready(page);
      if (i > 0) times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}

/**
 * How long a page takes to show once the app is loaded: from the click on its main-menu entry until `ready` resolves.
 * As `pageReadyTimes`, each time a fresh context signs in (as Acme's standard user unless named) and opens `fromPath`
 * first; the pointer rests on the entry for `hoverMs` before the click, as a user's does on the way. Six openings,
 * the first untimed; sorted, in ms.
 */
export async function menuOpenTimes(
  baseUrl: string,
  fromPath: string,
  menuEntry: string,
  ready: (page: Page) => Promise<void>,
  { hoverMs = 150, email = 'user@acme-labs.example' }: { hoverMs?: number; email?: string } = {},
) {
  const browser: Browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let i = 0; i < 6; i++) {
      const context = await newPortalContext(browser);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAt(page, baseUrl, email);
      await page.waitForURL(/\/app\//);
      await page.goto(`${baseUrl}${fromPath}`);
      const entry = page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: menuEntry });
      await shown(entry);
      await page.waitForLoadState('networkidle');
      await entry.hover();
      await page.waitForTimeout(hoverMs);
      const started = Date.now();
      await entry.click();
      await ready(page);
      if (i > 0) times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}
