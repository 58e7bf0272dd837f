import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
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

describe('accessibility (axe-core, every rule but the named exceptions)', () => {
  it('sign-in and the request form', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/contactRequest`);
    await page.getByRole('button', { name: 'Send request' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('profile completion', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'new@acme-labs.example');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
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
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it.each(['cold', 'warm'])('the welcome page in the %s theme', async (theme) => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'pe@provider.example');
    await page.getByRole('heading', { name: /^Welcome, /, level: 1 }).waitFor();
    await page.evaluate((name) => (document.documentElement.dataset.portalTheme = name), theme);
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.portal-header')!).backgroundColor !== 'rgb(255, 255, 255)',
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

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

/** The instrument with the lowest id that `email` follows. */
async function aFollowedInstrument(email: string): Promise<number> {
  const row = await server.database.db
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .innerJoin('users', 'users.id', 'user_equipment.user_id')
    .select('equipment.id')
    .where('users.email', '=', email)
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The label of the focused element and whether it is the screen's `<main>`. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    text: document.activeElement?.textContent?.trim() ?? '',
    isMain: document.activeElement === document.querySelector('main'),
  }));

describe('the skip link', () => {
  async function skipsToMain(page: Page) {
    expect(await page.locator('main').count()).toBe(1);
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.tagName === 'A');
    expect(await focused(page)).toEqual({ text: 'Skip to main content', isMain: false });
    await page.getByRole('link', { name: 'Skip to main content' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement === document.querySelector('main'));
    expect((await focused(page)).isMain).toBe(true);
  }

  it.each([
    ['the inventory', 'user@acme-labs.example', '/app/product', 'Product'],
    ['work orders', 'user@acme-labs.example', '/app/workOrder', 'Work orders'],
    ['users', 'admin@acme-labs.example', '/app/userManagement', 'Users'],
    ['my account', 'user@acme-labs.example', '/app/userManagement/myAccount', 'My account'],
  ])('is the first stop of Tab on %s and moves the focus to <main>', async (_, email, path, title) => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, email, path);
    await page.waitForURL(`**${path}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await skipsToMain(page);
    await context.close();
  });

  it('is the first stop of Tab on an instrument page', async () => {
    const id = await aFollowedInstrument('user@acme-labs.example');
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'user@acme-labs.example', `/app/product/equipmentDetail/${id}`);
    await page.getByRole('tab', { name: 'Instrument', selected: true }).waitFor();
    await skipsToMain(page);
    await context.close();
  });

  it('on the sign-in page is the first stop of Tab (no field takes the focus on opening), the e-mail field the next', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await skipsToMain(page);
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.id === 'login-email');
    await context.close();
  });
});

describe('accessibility of the inventory panels and dialogs (axe-core, every rule but the named exceptions)', () => {
  it.each(['default', 'cold', 'warm'])(
    'the inventory with its column panel, then the documents dialog, in the %s theme',
    async (theme) => {
      const context = await newPortalContext(browser);
      const page = await context.newPage();
      await signIn(page, 'user@acme-labs.example', '/app/product');
      await page.waitForURL('**/app/product');
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .waitFor();
      if (theme !== 'default') {
        await page.evaluate((name) => (document.documentElement.dataset.portalTheme = name), theme);
        await page.waitForFunction(
          () => getComputedStyle(document.querySelector('.portal-header')!).backgroundColor !== 'rgb(255, 255, 255)',
        );
      }

      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('region', { name: 'Show or hide columns' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('region', { name: 'Show or hide columns' }).waitFor({ state: 'detached' });

      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Documents' }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tablist') });
      await dialog.getByRole('tab', { name: /^Documents \(\d+\)$/ }).waitFor();
      await dialog.getByLabel('Upload documents').waitFor({ state: 'attached' });
      expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
      await context.close();
    },
  );
});
