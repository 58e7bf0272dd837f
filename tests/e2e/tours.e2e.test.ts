import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PAGE_TOURS } from '../../web/src/components/tours/pageTours';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';
import { ROOT } from '../support/testServer';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const texts = (lang: string) =>
  JSON.parse(readFileSync(path.join(ROOT, `web/src/locales/${lang}/tours.json`), 'utf8')) as Record<string, string>;
const en = texts('en-us');
const de = texts('de');
const WORK_ORDER_STEPS = PAGE_TOURS.workOrder.map((s) => ({
  title: en[`${s.key}_title`]!,
  text: en[`${s.key}_text`]!,
}));

const PAGER = /^\d+–\d+ of \d+$/;
/** The tour's popover, by its step title. */
const tourStep = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const anyTourStep = (page: Page) => page.locator('.driver-popover');
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });

/** The work-order screen, opened from the main menu; its first page of work orders is shown. */
async function openWorkOrders(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Work orders' }).click();
  // An unknown path would land on the welcome page: this is the work-order screen.
  await page.waitForURL('**/app/workOrder');
  await page.getByRole('heading', { name: 'Work orders', level: 1 }).waitFor();
  await page.getByText(PAGER).waitFor();
}

/**
 * driver.js ignores the arrow keys while a step is still moving in: press again while the step to leave is still
 * shown and the next has not come. A second press is sent only after a wait longer than a busy machine takes to show
 * an accepted step, so it cannot land on the next step and skip it.
 */
async function pressUntil(page: Page, key: string, from: ReturnType<typeof tourStep>, to: ReturnType<typeof tourStep>) {
  for (let attempt = 0; attempt < 10 && !(await to.isVisible()); attempt++) {
    if (await from.isVisible()) await page.keyboard.press(key);
    await to.waitFor({ timeout: 2_000 }).catch(() => undefined);
  }
  await to.waitFor();
}

/** No tour opens: the page is ready, and a while later there is still no tour. */
async function expectNoTour(page: Page) {
  await page.waitForTimeout(1500);
  expect(await anyTourStep(page).count()).toBe(0);
}

describe('the work-order tour', () => {
  it('starts on the first visit, goes to the end by keyboard, is not started again, also in another browser', async () => {
    const context = await newPortalContext(browser, { tours: ['workOrder'] });
    await signInByRequest(context, server.url, 'user@acme-labs.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/welcome`);
    await page.waitForURL('**/app/welcome');
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(await anyTourStep(page).count()).toBe(0);

    await openWorkOrders(page);
    const total = WORK_ORDER_STEPS.length;
    const first = tourStep(page, WORK_ORDER_STEPS[0]!.title);
    await first.waitFor();
    expect(await first.getByText(WORK_ORDER_STEPS[0]!.text).count()).toBe(1);
    expect(await first.getByText(`1 of ${total}`).count()).toBe(1);
    // The tour starts on its Next button, so Enter moves on.
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Next');

    for (let i = 1; i < total; i++) {
      await page.keyboard.press('Enter');
      const step = tourStep(page, WORK_ORDER_STEPS[i]!.title);
      await step.waitFor();
      expect(await step.getByText(WORK_ORDER_STEPS[i]!.text).count()).toBe(1);
      expect(await step.getByText(`${i + 1} of ${total}`).count()).toBe(1);
      if (i === 2) {
        // Back by keyboard, then on again with the arrow key.
        await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Next');
        await page.keyboard.press('Shift+Tab');
        await expect.poll(() => focusedLabel(page)).toBe('Back');
        await page.keyboard.press('Enter');
        const previous = tourStep(page, WORK_ORDER_STEPS[1]!.title);
        await previous.waitFor();
        await pressUntil(page, 'ArrowRight', previous, step);
      }
      await page.waitForFunction(
        (label) => document.activeElement?.textContent?.trim() === label,
        i === total - 1 ? 'Done' : 'Next',
      );
    }
    await page.keyboard.press('Enter');
    await anyTourStep(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);

    // A second visit, and a reload, do not start it again.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Welcome' }).click();
    await page.waitForURL('**/app/welcome');
    await openWorkOrders(page);
    await expectNoTour(page);
    await page.reload();
    await page.getByText(PAGER).waitFor();
    await expectNoTour(page);
    await context.close();

    // The server remembers it for the user: a browser that never saw it does not start it either.
    const other = await newPortalContext(browser, { tours: ['workOrder'] });
    await signInByRequest(other, server.url, 'user@acme-labs.example');
    const otherPage = await other.newPage();
    await otherPage.goto(`${server.url}/app/welcome`);
    await otherPage.waitForURL('**/app/welcome');
    await openWorkOrders(otherPage);
    await expectNoTour(otherPage);
    await other.close();
  });

  it('the help menu starts it again; Escape closes it and focus returns to the help menu button', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'manager@acme-labs.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/welcome`);
    await page.waitForURL('**/app/welcome');
    await openWorkOrders(page);
    await expectNoTour(page);

    const help = page.getByRole('button', { name: 'Help', exact: true });
    await help.focus();
    await page.keyboard.press('Enter');
    const takeTour = page.getByRole('menuitem', { name: 'Take a tour of this page' });
    await takeTour.waitFor();
    await takeTour.focus();
    await page.keyboard.press('Enter');
    const first = tourStep(page, WORK_ORDER_STEPS[0]!.title);
    await first.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Next');
    await page.keyboard.press('Enter');
    await tourStep(page, WORK_ORDER_STEPS[1]!.title).waitFor();

    await page.keyboard.press('Escape');
    await anyTourStep(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Help');
    await context.close();
  });

  it('a page without a tour does not offer one in the help menu', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@acme-labs.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/FAQ`);
    await page.waitForURL('**/app/FAQ');
    await page.getByRole('heading', { name: 'Frequently asked questions', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('menuitem', { name: 'FAQ' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Take a tour of this page' }).count()).toBe(0);
    await context.close();
  });
});

describe('the inventory tour in German', () => {
  it('starts on the first visit with German texts and buttons', async () => {
    await server.database.db
      .updateTable('users')
      .set({ language_code: 'de' })
      .where('email', '=', 'admin@acme-labs.example')
      .execute();
    const context = await newPortalContext(browser, { locale: 'de-DE', tours: ['inventory'] });
    await signInByRequest(context, server.url, 'admin@acme-labs.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/product`);
    await page.waitForURL('**/app/product');
    const inventoryTitle = (
      JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/de/inventory.json'), 'utf8')) as Record<string, string>
    ).title!;
    await page.getByRole('heading', { name: inventoryTitle, level: 1 }).waitFor();

    const first = PAGE_TOURS.inventory[0]!;
    const step = tourStep(page, de[`${first.key}_title`]!);
    await step.waitFor();
    expect(await step.getByText(de[`${first.key}_text`]!).count()).toBe(1);
    expect(await step.getByRole('button', { name: de.next! }).count()).toBe(1);
    expect(await step.getByRole('button', { name: de.close! }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await anyTourStep(page).waitFor({ state: 'detached' });
    await context.close();
  });
});
