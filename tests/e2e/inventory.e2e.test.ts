import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInventoryAs } from '../support/inventoryPage';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

async function openInventory(email = 'user@acme-labs.example') {
  const { context, page } = await openInventoryAs(browser, server.url, email);
  await page.getByText(/^1–30 of \d+/).waitFor();
  return { context, page };
}

/** The grid's columns of the initial layout: checkbox, serial, actions and next visit, then make and model. */
const MAKE_COLUMN = 4;
const MODEL_COLUMN = 5;

/** The texts of one grid column of the rows on screen (the table draws the rows in view). */
const columnTexts = (page: Page, index: number, pinned = false) =>
  page
    .locator(
      `.bp6-table-quadrant-${pinned ? 'left' : 'main'} .bp6-table-quadrant-body-container .bp6-table-cell-col-${index}`,
    )
    .allInnerTexts();

const total = async (page: Page) => Number((await page.getByText(/^\d+–\d+ of \d+/).innerText()).split(' of ')[1]);

/** Open a column's header menu; the pinned columns' headers are drawn in the top-left quadrant. */
async function openColumnMenu(page: Page, name: string, pinned = false) {
  const quadrant = pinned ? '.bp6-table-quadrant-top-left' : '.bp6-table-quadrant-top';
  const header = page.locator(`${quadrant} .bp6-table-header`, { hasText: name }).first();
  await header.hover();
  await header.locator('.bp6-table-th-menu').click();
}

describe('inventory', () => {
  it('searches, filters by a checklist, sorts, shows chips, and exports what it shows', async () => {
    const { context, page } = await openInventory();
    const all = await total(page);
    expect(all).toBeGreaterThan(30);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill('lambda');
    await expect.poll(() => total(page)).toBeLessThan(all);
    await expect.poll(async () => [...new Set(await columnTexts(page, MODEL_COLUMN))]).toEqual(['LAMBDA 365']);
    await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill('');
    await expect.poll(() => total(page)).toBe(all);

    await openColumnMenu(page, 'Make');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Make' });
    await dialog.getByText('Agilent', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Make: Agilent').waitFor();
    // The chip shows at once; the total and the rows once the filtered page has come.
    await expect.poll(() => total(page)).toBeLessThan(all);
    const agilent = await total(page);
    await expect.poll(async () => [...new Set(await columnTexts(page, MAKE_COLUMN))]).toEqual(['Agilent']);

    await openColumnMenu(page, 'Model');
    await page.getByRole('menuitem', { name: 'Sort descending' }).click();
    await expect
      .poll(async () => {
        const models = await columnTexts(page, MODEL_COLUMN);
        return models.length > 1 && models[0] === '7890B' && models.join() === [...models].sort().reverse().join();
      })
      .toBe(true);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Serial number');
    expect(sheet.getRow(2).getCell(2).value).toBe('Make');
    expect(sheet.rowCount - 2).toBe(agilent);
    const makes = new Set<unknown>();
    sheet.eachRow((row, n) => n > 2 && makes.add(row.getCell(2).value));
    expect([...makes]).toEqual(['Agilent']);

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => total(page)).toBe(all);
    await context.close();
  });

  it("moves the focused cell with the arrow keys and opens the row's instrument with Enter", async () => {
    const { context, page } = await openInventory();
    const grid = page.getByRole('region', { name: 'Equipment grid', exact: true });
    await grid.focus();
    const focusedCell = () =>
      page
        .locator('[data-focused-row]')
        .evaluate((e: HTMLElement) => `${e.dataset.focusedRow},${e.dataset.focusedColumn}`);
    expect(await focusedCell()).toBe('0,0');
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft']) {
      await page.keyboard.press(key);
    }
    await expect.poll(focusedCell).toBe('2,3');

    const link = page.locator('.bp6-table-quadrant-left .bp6-table-cell-row-2.bp6-table-cell-col-1 a');
    const href = (await link.getAttribute('href'))!;
    const serial = await link.innerText();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    await page
      .getByRole('heading', { name: new RegExp(serial.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .waitFor();
    await context.close();
  });

  it('lists the keyboard shortcuts in the help menu', async () => {
    const { context, page } = await openInventory();
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Move between the cells').waitFor();
    expect(await dialog.getByRole('definition').allInnerTexts()).toContain(
      'Select or unselect the row, where rows can be selected',
    );
    await context.close();
  });

  it('shows an empty state when nothing matches, and remembers the tile view', async () => {
    const { context, page } = await openInventory();
    await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill('zzznothingmatches');
    await page.getByText('No equipment matches the search and filters').waitFor();
    await page.getByRole('button', { name: 'Show as tiles' }).click();
    await page.getByRole('list', { name: 'Equipment' }).waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'Equipment' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Equipment' }).getByRole('listitem').count()).toBe(30);
    await context.close();
  });

  it('saves a view with a filter and a sort, shares it, and another user sees it and hides it', async () => {
    const owner = await openInventory('manager@acme-labs.example');
    let page = owner.page;
    await openColumnMenu(page, 'Make');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    await page.getByRole('dialog', { name: 'Filter: Make' }).getByText('Waters', { exact: true }).click();
    await page.getByRole('dialog', { name: 'Filter: Make' }).getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Make: Waters').waitFor();
    await openColumnMenu(page, 'Serial number', true);
    await page.getByRole('menuitem', { name: 'Sort descending' }).click();
    await page.waitForURL((url) => url.searchParams.has('sort') && url.searchParams.has('filter'));

    await page.getByRole('button', { name: 'Saved view: Initial layout' }).click();
    await page.getByRole('tab', { name: 'My view' }).waitFor();
    await page.getByRole('button', { name: 'Add new view' }).click();
    const add = page.getByRole('dialog', { name: 'Add new view' });
    await add.waitFor();
    await add.getByLabel('View name').fill('Waters, newest serial first');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Saved view: Waters, newest serial first' }).waitFor();
    await page.getByRole('button', { name: 'Saved view: Waters, newest serial first' }).click();
    await page.getByRole('button', { name: 'Share “Waters, newest serial first” with your company' }).click();
    await page.getByText('“Waters, newest serial first” is now shared with your company.').waitFor();
    await owner.context.close();

    const other = await openInventory('user@acme-labs.example');
    page = other.page;
    expect(await page.getByText('Make: Waters').count()).toBe(0);
    await page.getByRole('button', { name: 'Saved view: Initial layout' }).click();
    await page.getByRole('tab', { name: 'Public view' }).click();
    await page.getByRole('button', { name: 'Waters, newest serial first', exact: true }).click();
    await page.getByText('Make: Waters').waitFor();
    expect(new Set(await columnTexts(page, MAKE_COLUMN))).toEqual(new Set(['Waters']));

    await page.getByRole('button', { name: 'Saved view: Waters, newest serial first' }).click();
    await page.getByRole('tab', { name: 'Public view' }).click();
    await page.getByRole('button', { name: 'Hide “Waters, newest serial first”' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hide' }).click();
    await page.getByRole('button', { name: 'Saved view: Initial layout' }).waitFor();
    await expect.poll(() => page.getByText('Make: Waters').count()).toBe(0);
    await other.context.close();
  });

  it('exports a filtered list and imports the exported file back', async () => {
    const { context, page } = await openInventory('admin@acme-labs.example');
    await openColumnMenu(page, 'Make');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    await page.getByRole('dialog', { name: 'Filter: Make' }).getByText('Sartorius', { exact: true }).click();
    await page.getByRole('dialog', { name: 'Filter: Make' }).getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Make: Sartorius').waitFor();
    // The chip shows with the filter; the total once the filtered page has come.
    await page.locator('.list-body[aria-busy="false"]').waitFor();
    const before = await total(page);
    expect(before).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await readFile(await (await download).path());

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'exported.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const city = dialog.getByLabel('City');
    await city.selectOption((await city.locator('option').nth(1).getAttribute('value'))!);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(`Import successful: ${before} instrument(s) added to your list.`).waitFor();
    await expect.poll(() => total(page)).toBe(before * 2);
    await context.close();
  });
});
