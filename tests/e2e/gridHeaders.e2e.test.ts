import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import type { Equipment } from '../../contract/equipment';
import type { OrderSetting } from '../../contract/listQuery';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInventoryAs } from '../support/inventoryPage';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest } from '../support/e2e';
import { axeViolations } from '../support/axe';

/** The model's column: after the checkbox, the serial, the actions and the next service visit, then the make. */
const MODEL_COLUMN = 5;

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

async function openInventory() {
  const { context, page } = await openInventoryAs(browser, server.url);
  await page.waitForURL('**/app/product');
  await page.getByText(/^1–30 of \d+/).waitFor();
  return { context, page };
}

const listAnswer = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/Equipment/list' && r.request().method() === 'POST');

const bodyOf = async (response: Response) => ({
  sort: (response.request().postDataJSON() as { orderSettings: OrderSetting[] }).orderSettings,
  models: ((await response.json()) as { result: { items: Equipment[] } }).result.items.map((e) => e.model ?? ''),
});

/** The suggestions a column filter asked for and was given. */
const suggestionsAnswer = (page: Page, valueSearch?: string) =>
  page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/Equipment/FilterFields' &&
      (r.request().postDataJSON() as { valueSearch?: string; pageSize: number }).valueSearch === valueSearch &&
      (r.request().postDataJSON() as { pageSize: number }).pageSize === 100,
  );

/** The texts of one grid column of the rows on screen (the table draws the rows in view). */
const columnTexts = (page: Page, index: number) =>
  page
    .locator(`.bp6-table-quadrant-main .bp6-table-quadrant-body-container .bp6-table-cell-col-${index}`)
    .allInnerTexts();

/** A column's header as the top quadrant shows it (the table draws hidden copies of it under the others). */
const header = (page: Page, name: string, pinned = false) =>
  page.locator(`.bp6-table-quadrant-${pinned ? 'top-left' : 'top'} .bp6-table-header`, { hasText: name }).first();

const ascending = (values: string[]) => values.join('|') === [...values].sort().join('|');

describe('grid headers', () => {
  it('cycles a column through ascending, descending and no sort on header clicks, the arrow following', async () => {
    const { context, page } = await openInventory();
    const model = header(page, 'Model');
    expect(await model.getByRole('button', { name: /Sorted/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const sortButton = model.getByRole('button', { name: /^Model/ });
    let answer = listAnswer(page);
    await sortButton.click();
    const up = await bodyOf(await answer);
    expect(up.sort).toEqual([{ field: 'model', orderType: 0 }]);
    expect(new Set(up.models).size).toBeGreaterThan(1);
    expect(ascending(up.models)).toBe(true);
    await model.getByRole('button', { name: 'Model, Sorted ascending' }).waitFor();
    await model.getByRole('button', { name: 'Model, Sorted ascending' }).waitFor();
    await expect.poll(async () => (await columnTexts(page, MODEL_COLUMN)).join('|')).toBe(up.models.join('|'));

    answer = listAnswer(page);
    await sortButton.click();
    const down = await bodyOf(await answer);
    expect(down.sort).toEqual([{ field: 'model', orderType: 1 }]);
    expect(down.models.join('|')).toBe([...down.models].sort().reverse().join('|'));
    await model.getByRole('button', { name: 'Model, Sorted descending' }).waitFor();
    await model.getByRole('button', { name: 'Model, Sorted descending' }).waitFor();
    await expect.poll(async () => (await columnTexts(page, MODEL_COLUMN)).join('|')).toBe(down.models.join('|'));

    answer = listAnswer(page);
    await sortButton.click();
    const none = await bodyOf(await answer);
    expect(none.sort).toEqual([]);
    expect(ascending(none.models)).toBe(false);
    await expect.poll(() => model.getByRole('button', { name: /Sorted/ }).count()).toBe(0);
    expect(await model.getByRole('button', { name: /Sorted/ }).count()).toBe(0);
    // The header's press sorted the column and did not select it.
    expect(await page.locator('.bp6-table-header-selected').count()).toBe(0);
    await context.close();
  });

  it('cycles the sort from the keyboard, Enter and Space on the focused header, and keeps its menu one Tab further', async () => {
    const { context, page } = await openInventory();
    const make = header(page, 'Make');
    const sortButton = make.getByRole('button', { name: /^Make/ });
    await sortButton.focus();
    let answer = listAnswer(page);
    await page.keyboard.press('Enter');
    expect((await bodyOf(await answer)).sort).toEqual([{ field: 'mfg', orderType: 0 }]);
    await make.getByRole('button', { name: 'Make, Sorted ascending' }).waitFor();
    answer = listAnswer(page);
    await page.keyboard.press('Space');
    expect((await bodyOf(await answer)).sort).toEqual([{ field: 'mfg', orderType: 1 }]);
    await make.getByRole('button', { name: 'Make, Sorted descending' }).waitFor();
    answer = listAnswer(page);
    await page.keyboard.press('Enter');
    expect((await bodyOf(await answer)).sort).toEqual([]);
    await expect.poll(() => make.getByRole('button', { name: /Sorted/ }).count()).toBe(0);

    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(await focused()).toBe('Sort or filter Make');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Filter…' }).waitFor();
    await page.getByRole('menuitem', { name: 'Sort descending' }).waitFor();
    await context.close();
  });

  it('finds a value beyond the first 100 by asking the server, says when more exist, and keeps checked values', async () => {
    const { context, page } = await openInventory();
    // The last serial number: the list sorted by it, descending, from the pinned column's header.
    const serial = header(page, 'Serial number', true).getByRole('button', { name: /^Serial number/ });
    await serial.click();
    let answer = listAnswer(page);
    await serial.click();
    const descending = (await (await answer).json()) as { result: { items: Equipment[] } };
    const lastSerial = descending.result.items[0]!.serial!;
    // The grid shows the descending page before the sort is undone.
    const firstSerial = page
      .locator('.bp6-table-quadrant-left .bp6-table-quadrant-body-container .bp6-table-cell-col-1 a')
      .first();
    await expect.poll(async () => (await firstSerial.innerText()).trim()).toBe(lastSerial);
    answer = listAnswer(page);
    await serial.click();
    await answer;

    const firstPage = suggestionsAnswer(page);
    await page.getByRole('button', { name: 'Sort or filter Serial number' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Serial number' });
    const first = ((await (await firstPage).json()) as { result: { serial: string[] } }).result.serial;
    expect(first).toHaveLength(100);
    expect(first).not.toContain(lastSerial);
    await dialog.getByText('The first 100 values are shown; search to find others.').waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Select all' }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: first[0]! }).check({ force: true });

    // A broad word: more values contain it than one answer holds, and the list says so.
    const broad = suggestionsAnswer(page, '1');
    const search = dialog.getByRole('textbox', { name: 'Search values' });
    await search.fill('1');
    const broadValues = ((await (await broad).json()) as { result: { serial: string[] } }).result.serial;
    expect(broadValues).toHaveLength(100);
    expect(broadValues.every((v) => v.includes('1'))).toBe(true);
    await dialog.getByText('More than 100 values contain “1”', { exact: false }).waitFor();
    await search.fill('');

    // Typed quickly, the words are asked for once typing pauses, not at every key.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/Equipment/FilterFields')
        asked.push((r.postDataJSON() as { valueSearch?: string }).valueSearch ?? '');
    });
    const exact = suggestionsAnswer(page, lastSerial);
    await search.pressSequentially(lastSerial.slice(0, -1), { delay: 20 });
    await search.fill(lastSerial);
    const found = ((await (await exact).json()) as { result: { serial: string[] } }).result.serial;
    expect(found).toEqual([lastSerial]);
    expect(new Set(asked.filter((words) => words !== lastSerial)).size).toBeLessThan(lastSerial.length - 2);
    const lastBox = dialog.getByRole('checkbox', { name: lastSerial });
    await lastBox.waitFor();
    // The value checked before the search still shows, checked, though the search does not find it.
    expect(await dialog.getByRole('checkbox', { name: first[0]! }).isChecked()).toBe(true);
    await lastBox.check({ force: true });
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    const filtered = listAnswer(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const sent = (await filtered).request().postDataJSON() as { filterSettings: { field: string; value: string[] }[] };
    expect(sent.filterSettings).toEqual([
      expect.objectContaining({ field: 'serial', value: expect.arrayContaining([first[0], lastSerial]) }),
    ]);
    await page.getByText(/^1–2 of 2$/).waitFor();
    await context.close();
  });

  it('shows the whole Actions header of the inventory in every language', async () => {
    const email = 'user@acme-labs.example';
    const db = server.database.db;
    const cut: string[] = [];
    try {
      for (const language of ['en-us', 'de', 'es', 'fr', 'it', 'ja', 'pt', 'zh-cn', 'zh-tw']) {
        await db.updateTable('users').set({ language_code: language }).where('email', '=', email).execute();
        const context = await newPortalContext(browser);
        await signInByRequest(context, server.url, email);
        const page = await context.newPage();
        await page.goto(`${server.url}/app/product`);
        await page.waitForURL('**/app/product');
        await page.locator(`html[lang="${language}"]`).waitFor();
        // The third pinned header: after the checkbox and the serial number.
        const actions = page
          .locator('.bp6-table-quadrant-top-left .bp6-table-header')
          .nth(2)
          .locator('.bp6-table-truncated-text');
        await actions.waitFor();
        const shown = await actions.evaluate((e) => ({ text: e.textContent, cut: e.scrollWidth > e.clientWidth }));
        expect(shown.text).not.toBe('');
        if (shown.cut) cut.push(`${language}: ${shown.text}`);
        await context.close();
      }
    } finally {
      await db.updateTable('users').set({ language_code: 'en-us' }).where('email', '=', email).execute();
    }
    expect(cut).toEqual([]);
  }, 300_000);
});
