import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/** Sign the page's browser context in as `email` and open `path` (the welcome page unless told). */
async function signIn(page: Page, email: string, path = '/app/welcome') {
  await signInByRequest(page.context(), server.url, email);
  await page.goto(`${server.url}${path}`);
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it('sign-in and the request form', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${server.url}/contactRequest`);
    await page.getByRole('button', { name: 'Send request' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('profile completion', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'new@acme-labs.example');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it.each(['welcome', 'analytics', 'educationTraining', 'FAQ', 'releaseNote', 'feedback', 'contactUs'])(
    'the %s page in the shell',
    async (path) => {
      const context = await newPortalContext(browser);
      const page = await context.newPage();
      await signIn(page, 'pe@provider.example', `/app/${path}`);
      await page.waitForURL(`**/app/${path}`);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it('the header and the main menu are reachable with the keyboard', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'pe@provider.example');
    await page.waitForURL('**/app/welcome');
    const reached = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
      });
      reached.add(label);
    }
    for (const name of ['Current company', 'Help', 'Download the mobile app', 'Account menu', 'Analytics']) {
      expect(
        [...reached].some((l) => l.includes(name)),
        `${name} reached by Tab`,
      ).toBe(true);
    }
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await context.close();
  });
});
