import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { PAGE_TOUR_IDS, type PageTourId } from '../../web/src/components/tours/pageTours';

/** `pageTours`: the first-visit page tours (all of them; `tours` names only some). */
export type OneTimeNotice = 'releaseNote' | 'notificationMessage' | 'cookieBanner' | 'pageTours';

/** A phone in Chromium's device emulation: 390×844 CSS pixels at 3×, a touch screen, the mobile viewport. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/**
 * A browser context whose users have already dismissed the one-time notices (release notes, the system message,
 * the cookie banner, the first-visit page tours), so a test of something else sees the page itself. `show` keeps
 * the named notices; `tours` keeps the first-visit tours of the named pages only. The tours seen are remembered in
 * this browser here; a user's setting on the server (once a tour was seen) counts as well. `device`: the screen it
 * emulates (PHONE), else Playwright's default desktop window.
 */
export async function newPortalContext(
  browser: Browser,
  opts: { locale?: string; show?: OneTimeNotice[]; tours?: PageTourId[]; device?: BrowserContextOptions } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...opts.device, locale: opts.locale ?? 'en-US' });
  const dismissed: Record<OneTimeNotice, unknown> = {
    releaseNote: { neverShow: true, version: 'seen' },
    notificationMessage: { show: false, about: null },
    cookieBanner: { show: false, about: 'cookies' },
    pageTours: { seen: PAGE_TOUR_IDS.filter((id) => !(opts.tours ?? []).includes(id)) },
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
