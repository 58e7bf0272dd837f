import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PRODUCT_CATALOGUE } from '../../api-mock/src/seed/productCatalogue';
import { demoProductImageUrl, demoProductUrl } from '../../api-mock/src/catalogue/demoCatalogueSite';
import { axeViolations } from '../support/axe';
import { catalogueFile, XLSX_TYPE, type CatalogueEntry } from '../support/catalogueFiles';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInstrumentAs } from '../support/inventoryPage';
import { xlsOf } from '../support/xlsFiles';
import { newPortalContext } from '../support/portalContext';

/*
 * Import product info (spec 3): provider staff upload the catalogue as an Excel file, see the import's progress and
 * the catalogue grid, edit a description in the rich-text editor; the instrument page's Product information tab of
 * a matching instrument then shows the imported text.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));
const db = () => server.database.db;

const lambda = DEMO_PRODUCT_CATALOGUE.find((p) => p.modelName === 'LAMBDA 365')!;
const IMPORTED_SHORT = 'Refreshed 2026 catalogue text: double-beam UV/Vis for routine quantitation.';
const EDITED_LONG = 'Edited in the portal: now with a sipper kit in the box.';

/** The demo catalogue as the provider's product team would send it: every product, its short text refreshed. */
const catalogueSample = (): CatalogueEntry[] =>
  DEMO_PRODUCT_CATALOGUE.map((p) => ({
    partNumber: p.partNumber,
    displayName: p.displayName,
    brandName: p.brandName,
    modelName: p.modelName,
    shortDescription: p === lambda ? `<p>${IMPORTED_SHORT}</p>` : `<p>${p.shortDescription}</p>`,
    longDescription: p.longDescription,
    productUrl: demoProductUrl(p.partNumber),
    largeImageUrl: demoProductImageUrl(p.partNumber),
    width: p.width,
    height: p.height,
    length: p.length,
    weight: p.weight,
    depth: p.depth,
    metaDescription: p.metaDescription,
  }));

/** The page, and the addresses of the WebSockets it opened. */
const socketsOf = new WeakMap<Page, string[]>();

async function openCatalogue(): Promise<Page> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, 'pe@provider.example');
  const page = await context.newPage();
  const sockets: string[] = [];
  socketsOf.set(page, sockets);
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  await page.goto(`${server.url}/admin/administration/importProdInfo`);
  await page.waitForURL('**/admin/administration/importProdInfo');
  await page.getByRole('heading', { name: 'Import product info' }).waitFor();
  return page;
}

describe('import product info', () => {
  it('imports a catalogue file with progress over the page’s one hub socket, edits a description, and the product information tab shows both', async () => {
    const page = await openCatalogue();
    await page.locator('.bp6-table-quadrant-top .bp6-table-header', { hasText: 'Part number' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A file of another type is refused at once.
    const upload = page.getByLabel('Upload catalogue');
    await upload.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b\n') });
    await page.getByText('Please choose an Excel file (.xls or .xlsx).').waitFor();

    // Progress is seen however fast the import runs.
    await page.evaluate(() => {
      const seen = window as unknown as { sawProgress?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) seen.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const bytes = await catalogueFile(catalogueSample());
    await upload.setInputFiles({ name: 'Product catalogue 2026.xlsx', mimeType: XLSX_TYPE, buffer: bytes });
    await page.getByText(`Import success: ${DEMO_PRODUCT_CATALOGUE.length} products were imported.`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress)).toBe(true);
    expect(socketsOf.get(page)).toEqual(['/signalr']);
    const stored = await db()
      .selectFrom('product_market_info')
      .select(['short_description'])
      .where('part_number', '=', lambda.partNumber)
      .executeTakeFirstOrThrow();
    expect(stored.short_description).toBe(`<p>${IMPORTED_SHORT}</p>`);

    // The grid, filtered to the part number, shows the imported text.
    await page.getByLabel('Filter by part number').fill(lambda.partNumber.slice(0, 5));
    await page.getByText(IMPORTED_SHORT, { exact: true }).first().waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('.bp6-table-quadrant-main .bp6-table-cell-col-0').length === 1,
    );

    // The long description in the rich-text editor, 500 px high; closing with changes asks first.
    await page.getByRole('button', { name: `Edit long description: ${lambda.partNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit long description of ${lambda.partNumber}` });
    const editor = dialog.getByRole('textbox', { name: 'Long description' });
    await editor.waitFor();
    // Measured once the dialog has finished zooming in.
    await expect.poll(async () => Math.round((await editor.boundingBox())!.height)).toBe(500);
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(EDITED_LONG);
    await dialog.getByText(EDITED_LONG).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue editing' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The description has been saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const edited = await db()
      .selectFrom('product_market_info')
      .select('long_description')
      .where('part_number', '=', lambda.partNumber)
      .executeTakeFirstOrThrow();
    expect(edited.long_description).toBe(`<p>${EDITED_LONG}</p>`);
    await page.context().close();

    // A customer's instrument of that make and model shows the imported and edited text.
    const instrument = await db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Acme Labs')
      .where('equipment.is_hidden', '=', false)
      .where('equipment.mfg', '=', lambda.brandName)
      .where('equipment.model', '=', lambda.modelName)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    const opened = await openInstrumentAs(browser, server.url, 'manager@acme-labs.example', instrument.id);
    await opened.page.getByRole('tab', { name: 'Product information' }).click();
    await opened.page.getByText(IMPORTED_SHORT).waitFor();
    await opened.page.getByText(EDITED_LONG).waitFor();
    expect(await axeViolations(opened.page)).toEqual([]);
    await opened.close();
  });
  it('imports a catalogue saved as Excel 97-2003 (.xls) and the grid shows its products', async () => {
    const page = await openCatalogue();
    const entries: CatalogueEntry[] = ['XLS-E2E-1', 'XLS-E2E-2'].map((partNumber, i) => ({
      partNumber,
      displayName: `Legacy format analyzer ${i + 1}`,
      brandName: 'Legacy Instruments',
      modelName: `LF-${i + 1}`,
      shortDescription: `<p>Imported from an .xls file, product ${i + 1}.</p>`,
    }));
    const xls = await xlsOf(await catalogueFile(entries));
    await page
      .getByLabel('Upload catalogue')
      .setInputFiles({ name: 'Catalogue 2003.xls', mimeType: 'application/vnd.ms-excel', buffer: xls });
    await page.getByText('Import success: 2 products were imported.').waitFor();

    await page.getByLabel('Filter by part number').fill('XLS-E2E');
    for (const text of [
      'XLS-E2E-1',
      'XLS-E2E-2',
      'Legacy format analyzer 1',
      'Imported from an .xls file, product 2.',
    ]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the part number searched and the page in the URL: Back and a fresh page show the same list', async () => {
    const extra = Array.from({ length: 25 }, (_, i) => `ZZ-URL-${String(i + 1).padStart(3, '0')}`);
    await db()
      .insertInto('product_market_info')
      .values(extra.map((part_number) => ({ part_number, brand_name: 'Test', model_name: part_number })))
      .execute();
    const page = await openCatalogue();
    const box = page.getByLabel('Filter by part number');
    await box.fill('ZZ-URL');
    await page.getByText('1–20 of 25').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('21–25 of 25').waitFor();
    await page.waitForURL(/\?.*page=1/);
    const link = page.url();
    expect(new URL(link).searchParams.get('q')).toBe('ZZ-URL');

    await page.goto(`${server.url}/admin/administration/userManagement`);
    await page.getByRole('heading', { name: 'User management' }).waitFor();
    await page.goBack();
    await page.waitForURL(link);
    await page.getByText('21–25 of 25').waitFor();
    expect(await box.inputValue()).toBe('ZZ-URL');

    const other = await openCatalogue();
    await other.goto(link);
    await other.getByText('21–25 of 25').waitFor();
    await other.getByText('ZZ-URL-021', { exact: true }).first().waitFor();
    expect(await other.getByLabel('Filter by part number').inputValue()).toBe('ZZ-URL');

    // A page past the end and words longer than a search takes: the whole catalogue from its first page.
    await other.goto(`${link.split('?')[0]}?q=${'x'.repeat(300)}&page=abc`);
    await other.getByText(/^1–20 of \d+$/).waitFor();
    expect(await other.getByLabel('Filter by part number').inputValue()).toBe('');
    await other.goto(`${link.split('?')[0]}?q=ZZ-URL&page=7`);
    await other.getByText('21–25 of 25').waitFor();
    await other.context().close();
    await page.context().close();
  });
});
