import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { openInventoryAs } from '../support/inventoryPage';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const LABEL = 'Inventory tag';

async function openAdminOnboarding(): Promise<Page> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, 'pe@provider.example');
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/administration/customerOnboarding`);
  await page.getByRole('heading', { name: 'Customer onboarding' }).waitFor();
  await page.getByRole('heading', { name: 'Field labels of a customer' }).waitFor();
  return page;
}

/** Shows a column of the inventory grid through the column panel, found by the name the panel gives it. */
async function showColumn(page: Page, name: string) {
  await page.getByRole('button', { name: 'Columns' }).click();
  const panel = page.getByRole('region', { name: 'Show or hide columns' });
  await panel.waitFor();
  const box = panel.getByRole('checkbox', { name, exact: true });
  if (!(await box.isChecked())) await panel.getByText(name, { exact: true }).click();
  await expect.poll(() => box.isChecked()).toBe(true);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
}

/** A shown column joins the end of the grid, which draws only the columns in view. */
const scrollGridToEnd = (page: Page) =>
  page
    .locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
    .evaluate((e: HTMLElement) => e.scrollTo({ left: e.scrollWidth }));

const gridHeader = (page: Page, name: string) =>
  page.locator('.bp6-table-quadrant-top .bp6-table-header', { hasText: name }).first();

describe("a customer's own field labels", () => {
  // The tests run in order: the first sets the label the others look for.
  it('provider staff rename Asset ID for Acme in administration, refused while a label holds braces', async () => {
    const admin = await openAdminOnboarding();
    const section = admin.getByRole('region', { name: 'Field labels of a customer' });
    await section.getByRole('combobox', { name: 'Customer' }).fill('Acme');
    await admin.getByRole('option', { name: /Acme Labs/ }).click();
    const assetId = section.getByLabel('Asset ID', { exact: true });
    await expect.poll(() => assetId.isEnabled()).toBe(true);

    await section.getByLabel('General 1', { exact: true }).fill('Lab {book}');
    await section.getByText('A label may not contain braces, $, < or > or control characters.').waitFor();
    await section.getByRole('button', { name: 'Save labels' }).click();
    await admin.getByText('Some fields need your attention. Please correct them and try again.').waitFor();
    await section.getByLabel('General 1', { exact: true }).fill('');

    await assetId.fill(LABEL);
    await section.getByText(`${LABEL.length}/30`).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await section.getByRole('button', { name: 'Save labels' }).click();
    await admin.getByText('The field labels of Acme Labs are saved.').waitFor();
    await admin.context().close();
  });

  it('an Acme user sees the label in the column panel, the grid header and the export header', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, 'user@acme-labs.example');
    await page.getByText(/^1–30 of \d+/).waitFor();
    await showColumn(page, LABEL);
    await scrollGridToEnd(page);
    await gridHeader(page, LABEL).waitFor();
    expect(await gridHeader(page, 'Asset ID').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await (await download).path())) as never);
    const headers = (workbook.worksheets[0]!.getRow(2).values as unknown[]).filter(Boolean);
    expect(headers).toContain(LABEL);
    expect(headers).not.toContain('Asset ID');
    await context.close();
  });

  it('an Acme user sees the label in the equipment form and on the instrument page', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, 'user@acme-labs.example');
    await page.getByText(/^1–30 of \d+/).waitFor();

    await page.getByRole('button', { name: 'New product', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add equipment' });
    await form.getByRole('tab', { name: 'Basic info' }).waitFor();
    await form.getByLabel(LABEL, { exact: true }).waitFor();
    expect(await form.getByLabel('Asset ID', { exact: true }).count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    await page.locator('.bp6-table-quadrant-left').getByRole('link').first().click();
    await page.waitForURL('**/app/product/equipmentDetail/**');
    const details = page.getByRole('region', { name: 'Equipment details', exact: true });
    await details.waitFor();
    await details
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${LABEL}$`) })
      .waitFor();
    expect(
      await details
        .getByRole('term')
        .filter({ hasText: /^Asset ID$/ })
        .count(),
    ).toBe(0);
    await context.close();
  });

  it("a Globex user keeps the generic label: Acme's label never reaches another customer", async () => {
    const globex = await openInventoryAs(browser, server.url, 'user@globex.example');
    await globex.page.getByText(/^1–30 of \d+/).waitFor();
    await showColumn(globex.page, 'Asset ID');
    await scrollGridToEnd(globex.page);
    await gridHeader(globex.page, 'Asset ID').waitFor();
    expect(await gridHeader(globex.page, LABEL).count()).toBe(0);
    await globex.context.close();
  });
});
