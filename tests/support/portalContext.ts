import type { Browser, BrowserContext } from 'playwright-core';

export type OneTimeNotice = 'releaseNote' | 'notificationMessage' | 'cookieBanner';

/**
 * A browser context whose users have already dismissed the one-time notices (release notes, the system message,
 * the cookie banner), so a test of something else sees the page itself. `show` keeps the named notices.
 */
export async function newPortalContext(
  browser: Browser,
  opts: { locale?: string; show?: OneTimeNotice[] } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: opts.locale ?? 'en-US' });
  const dismissed: Record<OneTimeNotice, unknown> = {
    releaseNote: { neverShow: true, version: 'seen' },
    notificationMessage: { show: false, about: null },
    cookieBanner: { show: false, about: 'cookies' },
  };
  for (const notice of opts.show ?? []) delete dismissed[notice];
  await context.addInitScript((entries: Array<[string, unknown]>) => {
    for (let id = 1; id <= 500; id++) {
      for (const [notice, value] of entries) {
        const key = `portal.${notice}.${id}`;
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, JSON.stringify(value));
      }
    }
  }, Object.entries(dismissed));
  return context;
}
