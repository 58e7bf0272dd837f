import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { USER_ADDED_DATA_SOURCE_ID, type Equipment } from '../../contract/equipment';
import type { WorkOrderRow } from '../../contract/serviceCalls';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const PAGE_BOX = 'Select the rows of this page';

const listAnswer = (page: Page, path: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
const itemsOf = async <T>(response: Response) => ((await response.json()) as { result: { items: T[] } }).result.items;

/** Signed in, `path` open; answers the rows of the first page the list answered. */
async function openList<T>(path: string, listPath: string, email = 'user@acme-labs.example') {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  const answer = listAnswer(page, listPath);
  await page.goto(`${server.url}${path}`);
  await page.waitForURL(`**${path}`);
  const rows = await itemsOf<T>(await answer);
  await page.getByRole('checkbox', { name: PAGE_BOX }).waitFor();
  return { context, page, rows };
}

const openInventory = () => openList<Equipment>('/app/product', '/api/Equipment/list');

/** A row's checkbox (only the copy the grid shows has a name a user can reach). */
const rowBox = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
const pageBox = (page: Page) => page.getByRole('checkbox', { name: PAGE_BOX });
/** A user clicks the drawn box, which is the checkbox's label. */
const click = (box: Locator) => box.locator('..').click();
const stateOf = (box: Locator) =>
  box.evaluate((e: HTMLInputElement) => (e.indeterminate ? 'mixed' : e.checked ? 'checked' : 'unchecked'));
const bar = (page: Page) => page.locator('.list-selection-bar');

async function downloadedColumn(page: Page, button: Locator): Promise<string[]> {
  const download = page.waitForEvent('download');
  await button.click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await (await download).path())!)) as never);
  const values: string[] = [];
  workbook.worksheets[0]!.eachRow((row, n) => n > 2 && values.push(String(row.getCell(1).value)));
  return values;
}

describe('selecting inventory rows', () => {
  it('shows the header checkbox indeterminate, then checked, keeps the selection across pages and clears it', async () => {
    const { context, page, rows } = await openInventory();
    const [first, second] = rows;
    expect(await stateOf(pageBox(page))).toBe('unchecked');

    await click(rowBox(page, first!.serial!));
    await expect.poll(() => stateOf(pageBox(page))).toBe('mixed');
    await bar(page).getByText('1 selected').waitFor();
    await click(rowBox(page, second!.serial!));
    await bar(page).getByText('2 selected').waitFor();
    expect(await stateOf(pageBox(page))).toBe('mixed');
    expect(await axeViolations(page)).toEqual([]);

    await click(pageBox(page));
    await expect.poll(() => stateOf(pageBox(page))).toBe('checked');
    await bar(page).getByText(`${rows.length} selected`).waitFor();

    // The next page has none of them: its header is unchecked, the count stays.
    const next = listAnswer(page, '/api/Equipment/list');
    await page.getByRole('button', { name: 'Next page' }).click();
    const nextRows = await itemsOf<Equipment>(await next);
    await rowBox(page, nextRows[0]!.serial!).waitFor();
    await expect.poll(() => stateOf(pageBox(page))).toBe('unchecked');
    await click(rowBox(page, nextRows[0]!.serial!));
    await bar(page)
      .getByText(`${rows.length + 1} selected`)
      .waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await rowBox(page, first!.serial!).waitFor();
    await expect.poll(() => stateOf(pageBox(page))).toBe('checked');

    // Unselecting one row from a full page makes the header indeterminate again.
    await click(rowBox(page, second!.serial!));
    await expect.poll(() => stateOf(pageBox(page))).toBe('mixed');

    await bar(page).getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => stateOf(pageBox(page))).toBe('unchecked');
    expect(await bar(page).getByRole('button').count()).toBe(0);

    // Space on the focused row selects it; a new search clears the selection.
    await page.getByRole('region', { name: 'Equipment grid', exact: true }).focus();
    await page.keyboard.press('Space');
    await bar(page).getByText('1 selected').waitFor();
    expect(await rowBox(page, first!.serial!).isChecked()).toBe(true);
    await bar(page).getByText('a new search or filter clears it', { exact: false }).waitFor();
    await page.getByRole('searchbox', { name: /Search/ }).fill(first!.serial!);
    await expect.poll(() => bar(page).getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('exports only the selected rows: the file holds their serials and no other', async () => {
    const { context, page, rows } = await openInventory();
    const chosen = [rows[4]!, rows[1]!, rows[7]!];
    for (const e of chosen) await click(rowBox(page, e.serial!));
    await bar(page).getByText('3 selected').waitFor();
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/Equipment/export');
    const serials = await downloadedColumn(page, bar(page).getByRole('button', { name: 'Export selected' }));
    expect(((await asked).postDataJSON() as { equipmentIds: number[] }).equipmentIds.sort()).toEqual(
      chosen.map((e) => e.equipmentId).sort(),
    );
    // In the list's order.
    expect(serials).toEqual([rows[1]!.serial, rows[4]!.serial, rows[7]!.serial]);
    await context.close();
  });

  it('removes the selected rows from the list after confirming, and says how many went', async () => {
    const { context, page, rows } = await openInventory();
    const chosen = rows.filter((e) => e.dataSourceId !== USER_ADDED_DATA_SOURCE_ID).slice(2, 4);
    for (const e of chosen) await click(rowBox(page, e.serial!));
    await bar(page).getByRole('button', { name: 'Remove from my list' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Remove the selected instruments (2) from your list?', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const removals = chosen.map((e) =>
      page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().includes(`/api/Equipment/${e.equipmentId}?`),
      ),
    );
    await alert.getByRole('button', { name: 'Remove from my list' }).click();
    for (const removal of removals) expect((await removal).status()).toBe(200);
    await page.getByText('Instruments removed: 2.').waitFor();
    await alert.waitFor({ state: 'hidden' });
    for (const e of chosen) await rowBox(page, e.serial!).waitFor({ state: 'detached' });
    expect(await bar(page).getByRole('button').count()).toBe(0);
    const followers = await server.database.db
      .selectFrom('user_equipment')
      .select('equipment_id')
      .where(
        'equipment_id',
        'in',
        chosen.map((e) => e.equipmentId),
      )
      .innerJoin('users', 'users.id', 'user_equipment.user_id')
      .where('users.email', '=', 'user@acme-labs.example')
      .execute();
    expect(followers).toEqual([]);
    await context.close();
  });

  it('offers a new service request only while exactly one row is selected, for that instrument', async () => {
    const { context, page, rows } = await openInventory();
    const [one, two] = rows.filter((e) => e.dataSourceId !== USER_ADDED_DATA_SOURCE_ID);
    const request = bar(page).getByRole('button', { name: 'New service request' });
    await click(rowBox(page, one!.serial!));
    await click(rowBox(page, two!.serial!));
    await bar(page).getByText('2 selected').waitFor();
    expect(await request.isDisabled()).toBe(true);
    await click(rowBox(page, two!.serial!));
    await bar(page).getByText('1 selected').waitFor();
    expect(await request.isEnabled()).toBe(true);
    await request.click();
    const dialog = page.getByRole('dialog', { name: 'New service request' });
    await dialog.getByText(one!.serial!, { exact: false }).first().waitFor();
    await context.close();
  });
});

describe('selecting work orders and users', () => {
  it('exports only the selected work orders of the tab', async () => {
    const { context, page, rows } = await openList<WorkOrderRow>('/app/workOrder', '/api/ServiceCall/list');
    const chosen = [rows[3]!, rows[0]!];
    for (const row of chosen) await click(rowBox(page, row.serviceOrderNo));
    await expect.poll(() => stateOf(pageBox(page))).toBe('mixed');
    await bar(page).getByText('2 selected').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const numbers = await downloadedColumn(page, bar(page).getByRole('button', { name: 'Export selected' }));
    expect(numbers).toEqual([rows[0]!.serviceOrderNo, rows[3]!.serviceOrderNo]);
    // Another tab is another list: its selection starts empty.
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => bar(page).getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('counts and clears the selected users (the list has no action on several users)', async () => {
    const { context, page, rows } = await openList<{ displayName: string; emailAddress: string }>(
      '/app/userManagement',
      '/api/users/list',
      'admin@acme-labs.example',
    );
    await click(pageBox(page));
    await bar(page).getByText(`${rows.length} selected`).waitFor();
    expect(await stateOf(pageBox(page))).toBe('checked');
    const name = rows[0]!.displayName.trim() || rows[0]!.emailAddress;
    await click(rowBox(page, name));
    await expect.poll(() => stateOf(pageBox(page))).toBe('mixed');
    expect(await axeViolations(page)).toEqual([]);
    await bar(page).getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => stateOf(pageBox(page))).toBe('unchecked');
    await context.close();
  });
});
