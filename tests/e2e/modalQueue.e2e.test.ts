import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPortalContext } from '../support/portalContext';
import { signInAt, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const USER = 'user@globex.example';

/**
 * Counts the visible dialogs on every DOM change and every frame, from the first script of each page on, and keeps
 * the most seen at once: closing animations included, so two dialogs over each other for a moment are caught.
 */
async function watchDialogs(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { mostDialogs: number };
    w.mostDialogs = 0;
    const count = () => {
      const visible = [...document.querySelectorAll('[role=dialog], [role=alertdialog]')].filter(
        (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
      ).length;
      w.mostDialogs = Math.max(w.mostDialogs, visible);
    };
    new MutationObserver(count).observe(document, { subtree: true, childList: true, attributes: true });
    const frame = () => {
      count();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const mostDialogs = (page: Page) => page.evaluate(() => (window as unknown as { mostDialogs: number }).mostDialogs);
const visibleDialogs = (page: Page) => page.locator('[role=dialog]:visible, [role=alertdialog]:visible').count();

const releaseNotes = (page: Page) => page.getByRole('dialog', { name: "What's new" });
const notice = (page: Page) => page.getByRole('dialog', { name: 'Notice' });
const cookieBanner = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

describe('one modal at a time', () => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it('after sign-in the release notes, the notice and the cookie banner open one after the other; the notice comes back at the next sign-in only', async () => {
    context = await newPortalContext(browser, { show: ['releaseNote', 'notificationMessage', 'cookieBanner'] });
    await watchDialogs(context);
    const page = await context.newPage();
    await signInAt(page, server.url, USER);
    await page.waitForURL('**/app/welcome');

    await releaseNotes(page).waitFor();
    expect(await visibleDialogs(page)).toBe(1);
    expect(await cookieBanner(page).count()).toBe(0);
    await releaseNotes(page).getByRole('button', { name: 'I know' }).click();

    await notice(page)
      .getByText(/Scheduled maintenance/)
      .waitFor();
    await releaseNotes(page).waitFor({ state: 'hidden' });
    expect(await visibleDialogs(page)).toBe(1);
    expect(await cookieBanner(page).count()).toBe(0);
    await notice(page).getByRole('button', { name: 'OK' }).click();

    await cookieBanner(page).waitFor();
    await notice(page).waitFor({ state: 'hidden' });
    expect(await visibleDialogs(page)).toBe(0);
    expect(await mostDialogs(page)).toBe(1);

    // The notice was closed in this sign-in: a reload shows only the cookie banner, which waits for it.
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await cookieBanner(page).waitFor();
    expect(await notice(page).count()).toBe(0);
    expect(await releaseNotes(page).count()).toBe(0);
    await cookieBanner(page).getByRole('button', { name: 'Accept' }).click();
    await cookieBanner(page).waitFor({ state: 'hidden' });

    // A new sign-in shows it again; with "don't show this again" it stays away at the next one.
    await signOut(page);
    await signInAt(page, server.url, USER);
    await page.waitForURL('**/app/welcome');
    await notice(page)
      .getByText(/Scheduled maintenance/)
      .waitFor();
    expect(await visibleDialogs(page)).toBe(1);
    await notice(page).getByText("Don't show this again").click();
    await notice(page).getByRole('button', { name: 'OK' }).click();
    await notice(page).waitFor({ state: 'hidden' });

    await signOut(page);
    const configLoaded = page.waitForResponse((r) => r.url().includes('/Configuration/SystemConfig'));
    await signInAt(page, server.url, USER);
    await page.waitForURL('**/app/welcome');
    await configLoaded;
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await notice(page).count()).toBe(0);
    expect(await mostDialogs(page)).toBeLessThanOrEqual(1);
  });

  it('a session modal arriving while the release notes are open takes their place; they come back after the reload', async () => {
    const other = await newPortalContext(browser, { show: ['releaseNote', 'notificationMessage', 'cookieBanner'] });
    await watchDialogs(other);
    const page = await other.newPage();
    await signInAt(page, server.url, USER);
    await page.waitForURL('**/app/welcome');
    await releaseNotes(page).waitFor();

    // Another tab of this browser switched the company.
    const tab = await other.newPage();
    await tab.goto(`${server.url}/login`);
    await tab.evaluate(() =>
      new BroadcastChannel('portal-session').postMessage({ type: 'customerChanged', customerId: -1 }),
    );
    const changed = page.getByRole('dialog', { name: 'Company changed' });
    await changed.waitFor();
    await releaseNotes(page).waitFor({ state: 'hidden' });
    expect(await visibleDialogs(page)).toBe(1);
    expect(await cookieBanner(page).count()).toBe(0);

    await Promise.all([page.waitForEvent('load'), changed.getByRole('button', { name: 'OK' }).click()]);
    await releaseNotes(page).waitFor();
    expect(await visibleDialogs(page)).toBe(1);
    await other.close();
  });
});
