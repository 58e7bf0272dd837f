import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { IMPORT_TEMPLATE_PATH } from '../../contract/importProduct';
import { newPortalContext } from '../support/portalContext';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { xlsOf } from '../support/xlsFiles';
import { zipBomb } from '../support/zipFiles';

const EMAIL = 'user@acme-labs.example';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let server: E2eServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(async () => {
  await context?.close();
  await stopE2e({ server, browser });
});

/** An import file as the template lays it out: one good row (Excel row 3) and one bad row (row 4). */
async function oneGoodOneBad(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(['mfg', 'model', 'serial', 'osGxpFlag', 'contactEmail']);
  sheet.addRow(['Make', 'Model', 'Serial number', 'GxP', 'Primary user e-mail']);
  sheet.addRow(['E2E Import', 'Good One', 'E2E-GOOD-1', 'yes', 'good@lab.example']);
  sheet.addRow(['E2E Import', 'Bad One', 'E2E-BAD-1', 'perhaps', 'not-an-address']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function openImportDialog(page: Page) {
  await page.goto(`${server.url}/app/product`);
  await page.waitForURL('**/app/product');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await dialog.waitFor();
  return dialog;
}

describe('import products from a spreadsheet', () => {
  it('imports the good row and lists the bad one with its row number and reasons', async () => {
    context = await newPortalContext(browser);
    await signInByRequest(context, server.url, EMAIL);
    const page = await context.newPage();
    const dialog = await openImportDialog(page);

    const template = await page.request.get(
      `${server.url}${await dialog.getByRole('link', { name: 'Download the import template' }).getAttribute('href')}`,
    );
    expect(template.status()).toBe(200);
    expect(decodeURI(new URL(template.url()).pathname)).toBe(IMPORT_TEMPLATE_PATH);
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.load((await template.body()) as unknown as ExcelJS.Buffer);
    expect(templateBook.worksheets[0]!.getRow(1).getCell(1).value).toBe('mfg');

    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    const fileInput = dialog.locator('input[type=file]');
    expect(await importButton.isDisabled()).toBe(true);
    await fileInput.setInputFiles({ name: 'instruments.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await dialog.getByText('This file type is not supported.').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    await fileInput.setInputFiles({ name: 'instruments.xlsx', mimeType: XLSX, buffer: await oneGoodOneBad() });
    await dialog.getByText('instruments.xlsx', { exact: true }).waitFor();
    await dialog.getByText('This file type is not supported.').waitFor({ state: 'detached' });
    expect(await importButton.isDisabled()).toBe(true); // no city yet
    const city = dialog.getByLabel('City');
    const firstCity = await city.locator('option').nth(1).getAttribute('value');
    await city.selectOption(firstCity!);
    await expect.poll(() => importButton.isEnabled()).toBe(true);
    await importButton.click();

    await dialog.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    const failed = page.getByRole('dialog', { name: 'Lines not imported' });
    await failed.waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await failed.getByText('Lines not imported: 1').waitFor();
    await failed.getByText('Lines imported: 1').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const rows = failed.getByRole('row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual([
      '4',
      'Invalid value: GxP, Primary user e-mail',
    ]);
    await failed.getByRole('button', { name: 'Close', exact: true }).last().click(); // the footer's, not the title's
    await failed.waitFor({ state: 'detached' });

    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    const saved = await server.database.db
      .selectFrom('equipment')
      .select(['model', 'location_id', 'data_source_id', 'created_by', 'os_gxp_flag'])
      .where('mfg', '=', 'E2E Import')
      .execute();
    expect(saved).toEqual([
      {
        model: 'Good One',
        location_id: Number(firstCity),
        data_source_id: USER_ADDED_DATA_SOURCE_ID,
        created_by: user.id,
        os_gxp_flag: true,
      },
    ]);
  });

  it('imports over the page’s one hub socket, closes one second after 100% and says how many were added', async () => {
    const page = await context!.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
    const dialog = await openImportDialog(page);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['mfg', 'model']);
    sheet.addRow(['Make', 'Model']);
    sheet.addRow(['E2E Success', 'One']);
    sheet.addRow(['E2E Success', 'Two']);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'two.xlsx', mimeType: XLSX, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) });
    await dialog.getByLabel('City').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Importing… 100%').waitFor();
    await page.getByText('Import successful: 2 instrument(s) added to your list.').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Lines not imported' }).count()).toBe(0);
    expect(sockets).toEqual(['/signalr']);
    await page.close();
  });

  it('imports an Excel 97-2003 (.xls) file: the good row shows in the list, the bad one with its row and reasons', async () => {
    const page = await context!.newPage();
    const dialog = await openImportDialog(page);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['mfg', 'model', 'serial', 'osGxpFlag', 'contactEmail']);
    sheet.addRow(['Make', 'Model', 'Serial number', 'GxP', 'Primary user e-mail']);
    sheet.addRow(['E2E Legacy', 'Old Format', 'E2E-XLS-0001', 'yes', 'old@lab.example']);
    sheet.addRow(['E2E Legacy', 'Old Format Bad', 'E2E-XLS-0002', 'perhaps', 'old@lab.example']);
    const xls = await xlsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'instruments 2003.xls', mimeType: 'application/vnd.ms-excel', buffer: xls });
    await dialog.getByText('instruments 2003.xls', { exact: true }).waitFor();
    await dialog.getByLabel('City').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    const failed = page.getByRole('dialog', { name: 'Lines not imported' });
    await failed.getByText('Lines imported: 1').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    expect(await failed.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      '4',
      'Invalid value: GxP',
    ]);
    await failed.getByRole('button', { name: 'Close', exact: true }).last().click();
    await failed.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill('E2E-XLS-0001');
    await page.getByText('E2E-XLS-0001', { exact: true }).first().waitFor();
    await page.getByText('Old Format', { exact: true }).first().waitFor();
    expect(await page.getByText('E2E-XLS-0002', { exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('refuses a zip bomb with its own message at once, and adds nothing', async () => {
    const page = await context!.newPage();
    const dialog = await openImportDialog(page);
    const before = await server.database.db.selectFrom('equipment').select('id').execute();
    // 1 KB on the wire that would inflate to 120 MB
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'bomb.xlsx', mimeType: XLSX, buffer: await zipBomb(120) });
    await dialog.getByLabel('City').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('The file cannot be read safely', { exact: false }).waitFor({ timeout: 10_000 });
    expect(await server.database.db.selectFrom('equipment').select('id').execute()).toHaveLength(before.length);
    await page.close();
  });
});
