import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { signInAt } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

/**
 * How long a page takes until `ready` shows, signed in as a demo user (Acme's standard user unless named), in a fresh headless Chromium context each
 * time: five timed navigations after one that warms the browser's cache of the app's files. Sorted, in ms.
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
      await page.goto(`${baseUrl}${path}`);
      await ready(page);
      if (i > 0) times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}
