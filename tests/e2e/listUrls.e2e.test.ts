import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ListQuery } from '../../contract/listQuery';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';
import { axeViolations } from '../support/axe';

dayjs.extend(localizedFormat);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/** The next POST Equipment/list of the inventory, with what it asked for. */
const inventoryList = async (page: Page) => {
  const response = await page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/Equipment/list' && r.request().method() === 'POST',
  );
  return response.request().postDataJSON() as ListQuery;
};

async function signedIn(email: string) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  return { context, page: await context.newPage() };
}

const SORT = JSON.stringify([{ field: 'model', orderType: 1 }]);

describe('the inventory in the URL', () => {
  it('a link opens the same sorted page for a colleague of the same customer', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    const asked = inventoryList(page);
    await page.goto(`${server.url}/app/product?sort=${encodeURIComponent(SORT)}&page=1`);
    const body = await asked;
    expect(body.orderSettings).toEqual([{ field: 'model', orderType: 1 }]);
    expect(body.pageIndex).toBe(1);
    await page.getByText(/^31–\d+ of \d+/).waitFor();
    const link = page.url();
    await context.close();

    const colleague = await signedIn('manager@acme-labs.example');
    const theirs = inventoryList(colleague.page);
    await colleague.page.goto(link);
    const theirBody = await theirs;
    expect(theirBody.orderSettings).toEqual([{ field: 'model', orderType: 1 }]);
    expect(theirBody.pageIndex).toBe(1);
    await colleague.context.close();
  });

  it('Back from an instrument returns to the same list without asking to leave the page', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    await page.goto(`${server.url}/app/product?sort=${encodeURIComponent(SORT)}`);
    await page.getByText(/^1–30 of \d+/).waitFor();
    const listUrl = page.url();
    await page.getByRole('link').filter({ hasText: /\S/ }).and(page.locator('.list-body a')).first().click();
    await page.waitForURL('**/app/product/equipmentDetail/*');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    const again = inventoryList(page);
    await page.goBack();
    await page.waitForURL(listUrl);
    expect((await again).orderSettings).toEqual([{ field: 'model', orderType: 1 }]);
    await context.close();
  });

  it('bad parameters give the default list, not an error page', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    const asked = inventoryList(page);
    await page.goto(`${server.url}/app/product?page=-5&sort=garbage&mode=list&view=abc`);
    const body = await asked;
    expect(body.pageIndex).toBe(0);
    expect(body.orderSettings).toEqual([]);
    await page.getByText(/^1–30 of \d+/).waitFor();
    await context.close();
  });

  it("a link naming another list's fields, or a value its field cannot take, opens the inventory's default list", async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    const links: Record<string, string>[] = [
      {
        filter: JSON.stringify([{ field: 'callStatus', operator: 7, value: ['Open'] }]),
        sort: JSON.stringify([{ field: 'serviceOrderNo', orderType: 1 }]),
      },
      { filter: JSON.stringify([{ field: 'instDate', operator: 3, value: ['yesterday'] }]) },
    ];
    for (const link of links) {
      const asked = inventoryList(page);
      const query = new URLSearchParams(link);
      await page.goto(`${server.url}/app/product?${query}`);
      await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
      const body = await asked;
      expect(body.filterSettings).toEqual([]);
      expect(body.orderSettings).toEqual([]);
      await page.getByText(/^1–30 of \d+/).waitFor();
      await page.waitForURL((url) => !url.searchParams.has('filter') && !url.searchParams.has('sort'));
    }
    await context.close();
  });
});

/** Open a column's header menu (the movable columns' headers are in the top quadrant). */
async function openColumnMenu(page: Page, name: string) {
  const header = page.locator('.bp6-table-quadrant-top .bp6-table-header', { hasText: name }).first();
  await header.hover();
  await header.locator('.bp6-table-th-menu').click();
}

/** Tick one value of a column's checklist filter and apply it; the chip shows. */
async function filterBy(page: Page, column: string, value: string) {
  await openColumnMenu(page, column);
  await page.getByRole('menuitem', { name: 'Filter…' }).click();
  const dialog = page.getByRole('dialog', { name: `Filter: ${column}` });
  await dialog.getByText(value, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByText(`${column}: ${value}`).waitFor();
}

/** How far the page is scrolled down (the shell grows with the list's rows; the document scrolls). */
const pageScrollTop = (page: Page) => page.evaluate(() => document.documentElement.scrollTop);

const mainMenu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name, exact: true });

describe('a list comes back as it was left', () => {
  it('the filtered, sorted and scrolled inventory comes back after an instrument, its rows late, and opens the same for a colleague', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    await page.setViewportSize({ width: 1280, height: 520 });
    await page.goto(`${server.url}/app/product`);
    await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
    await page.getByText(/^1–30 of \d+/).waitFor();

    await filterBy(page, 'Make', 'Agilent');
    await openColumnMenu(page, 'Model');
    const sorted = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/Equipment/list' &&
        r.request().method() === 'POST' &&
        (r.request().postDataJSON() as ListQuery).orderSettings[0]?.field === 'model',
    );
    await page.getByRole('menuitem', { name: 'Sort descending' }).click();
    await page.waitForURL((url) => url.searchParams.has('sort') && url.searchParams.has('filter'));
    // Scrolled and read once the filtered, sorted rows are on screen, not the last rows kept while they come.
    await sorted;
    await page.locator('.list-body[aria-busy="false"]').waitFor();
    await page.getByText(/^1–\d+ of \d+/).waitFor();

    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollTop;
    });
    expect(scrolled).toBeGreaterThan(0);
    const listUrl = page.url();
    const shownLinks = page.locator('.bp6-table-quadrant-left .bp6-table-quadrant-body-container').getByRole('link');
    const serial = await shownLinks.last().innerText();
    await shownLinks.last().click();
    await page.waitForURL('**/app/product/equipmentDetail/*');
    const instrument = page
      .getByRole('heading', { level: 1, name: new RegExp(serial.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first();
    await instrument.waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // Reloaded, the page has no rows cached for the list, and they come late: the browser, which puts the scroll back
    // by itself when the rows are there at once, cannot; only the list's own restoration can.
    await page.reload();
    await instrument.waitFor();
    await page.route('**/api/Equipment/list', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const again = inventoryList(page);
    await page.goBack();
    await page.waitForURL(listUrl);
    const asked = await again;
    expect(asked.filterSettings).toEqual([expect.objectContaining({ field: 'mfg', value: ['Agilent'] })]);
    expect(asked.orderSettings).toEqual([{ field: 'model', orderType: 1 }]);
    await page.getByText('Make: Agilent').waitFor();
    await expect.poll(() => pageScrollTop(page)).toBe(scrolled);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();

    const colleague = await signedIn('manager@acme-labs.example');
    const theirs = inventoryList(colleague.page);
    await colleague.page.goto(listUrl);
    const theirBody = await theirs;
    expect(theirBody.filterSettings).toEqual(asked.filterSettings);
    expect(theirBody.orderSettings).toEqual(asked.orderSettings);
    await colleague.page.getByText('Make: Agilent').waitFor();
    await colleague.context.close();
  });

  it("work orders come back on the History tab with its filter, and a colleague's link opens the same", async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    await page.goto(`${server.url}/app/workOrder`);
    await page.getByRole('heading', { name: 'Work orders', level: 1 }).waitFor();
    await page.getByText(/^\d+–\d+ of \d+$/).waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await filterBy(page, 'Make', 'PerkinElmer');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'history' && url.searchParams.has('filter'));
    const listUrl = page.url();

    await mainMenu(page, 'Product').click();
    await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(listUrl);
    await page.getByRole('heading', { name: 'Work orders', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Make: PerkinElmer').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();

    const colleague = await signedIn('manager@acme-labs.example');
    await colleague.page.goto(listUrl);
    await colleague.page.getByRole('heading', { name: 'Work orders', level: 1 }).waitFor();
    await expect
      .poll(() => colleague.page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected'))
      .toBe('true');
    await colleague.page.getByText('Make: PerkinElmer').waitFor();
    await colleague.context.close();
  });

  it("the calendar comes back on its day and mode after Back, and a colleague's link opens the same", async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    await page.goto(`${server.url}/app/calendar`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const range = (p: Page) => p.locator('#calendar-range').innerText();
    const dayLabel = (offset: number) => dayjs().add(offset, 'day').format('dddd, ll');
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await expect.poll(() => range(page)).toBe(dayLabel(0));
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => range(page)).toBe(dayLabel(1));
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => range(page)).toBe(dayLabel(2));
    await page.waitForURL(
      (url) =>
        url.searchParams.get('mode') === 'day' &&
        url.searchParams.get('date') === dayjs().add(2, 'day').format('YYYY-MM-DD'),
    );
    const calendarUrl = page.url();

    await mainMenu(page, 'Product').click();
    await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(calendarUrl);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await expect.poll(() => range(page)).toBe(dayLabel(2));
    expect(await page.getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await context.close();

    const colleague = await signedIn('manager@acme-labs.example');
    await colleague.page.goto(calendarUrl);
    await colleague.page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await expect.poll(() => range(colleague.page)).toBe(dayLabel(2));
    expect(await colleague.page.getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await colleague.context.close();
  });
});

describe('the filter chips', () => {
  it('show each filter as a button that reopens it and one that removes it, with no accessibility violations', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    await page.goto(`${server.url}/app/product`);
    await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
    const all = await page.getByText(/^1–30 of \d+/).innerText();

    await filterBy(page, 'Make', 'Agilent');
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('listitem').first().waitFor();
    await page.waitForFunction((before) => !document.body.innerText.includes(before), all);
    expect(await axeViolations(page)).toEqual([]);

    await chips.getByRole('button', { name: 'Make: Agilent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Make' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await chips.getByRole('button', { name: 'Remove filter: Make' }).click();
    await chips.waitFor({ state: 'detached' });
    await page.getByText(all, { exact: true }).waitFor();
    await context.close();
  });
});
