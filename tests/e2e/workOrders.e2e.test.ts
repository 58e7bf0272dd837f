import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import type { ListQuery } from '../../contract/listQuery';
import type { WorkOrderRow } from '../../contract/serviceCalls';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';
import { openReportWindow } from '../support/reportWindow';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

type ListAnswer = { result: { items: WorkOrderRow[]; totalCount: number } };

/** The next answer of POST ServiceCall/list for a tab. */
const listAnswer = (page: Page, tab: 'scheduled' | 'history') =>
  page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/ServiceCall/list' &&
      r.url().includes(`isHistory=${tab === 'history'}`) &&
      r.request().method() === 'POST',
  );

const bodyOf = async (response: Response) => ({
  sent: response.request().postDataJSON() as ListQuery,
  answer: ((await response.json()) as ListAnswer).result,
});

const PAGER = /^\d+–\d+ of \d+$/;
const total = async (page: Page) => Number((await page.getByText(PAGER).innerText()).split(' of ')[1]);

/**
 * Signed in, open the screen from the main menu of the welcome page, as a user does; the first page of Scheduled is
 * there.
 */
async function openWorkOrders(email = 'user@acme-labs.example') {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  const firstPage = listAnswer(page, 'scheduled');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Work orders' }).click();
  // An unknown path would land on the welcome page: this is the work-order screen.
  await page.waitForURL('**/app/workOrder');
  await page.getByRole('heading', { name: 'Work orders', level: 1 }).waitFor();
  const { answer } = await bodyOf(await firstPage);
  await page.getByText(PAGER).waitFor();
  return { context, page, firstPage: answer };
}

/** Open a column's header menu; the pinned order number's header is drawn in the top-left quadrant. */
async function openColumnMenu(page: Page, name: string, pinned = false) {
  const quadrant = pinned ? '.bp6-table-quadrant-top-left' : '.bp6-table-quadrant-top';
  const header = page.locator(`${quadrant} .bp6-table-header`, { hasText: name }).first();
  await header.hover();
  await header.locator('.bp6-table-th-menu').click();
}

/** Show only these columns (with the order number and documents, which are always shown). */
async function showOnly(page: Page, columns: string[]) {
  await page.getByRole('button', { name: 'Columns' }).click();
  const panel = page.getByRole('region', { name: 'Show or hide columns' });
  /** Click a checkbox's label, as a user does, and wait for the box to follow. */
  const set = async (name: string, checked: boolean) => {
    const box = panel.getByRole('checkbox', { name, exact: true });
    if ((await box.isChecked()) === checked) return;
    await panel.getByText(name, { exact: true }).click();
    await expect.poll(() => box.isChecked()).toBe(checked);
  };
  // From some columns, select all ticks every box; clicking it again clears them.
  await set('Select all', true);
  await set('Select all', false);
  for (const column of columns) await set(column, true);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
}

/** The texts of one grid column of the rows on screen (index among the movable columns, from 0). */
const columnTexts = (page: Page, index: number) =>
  page
    .locator(`.bp6-table-quadrant-main .bp6-table-quadrant-body-container .bp6-table-cell-col-${index + 2}`)
    .allInnerTexts();

const isSorted = (values: Array<string | null>, direction: 'asc' | 'desc') => {
  const present = values.filter((v): v is string => v !== null);
  const sorted = [...present].sort();
  return present.join('\n') === (direction === 'asc' ? sorted : sorted.reverse()).join('\n');
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('work orders', () => {
  it('opens from the main menu; each tab comes in its own order; a column filter and a sort narrow and order it', async () => {
    const { context, page, firstPage } = await openWorkOrders();
    expect(firstPage.totalCount).toBeGreaterThan(20);
    expect(firstPage.items).toHaveLength(20);
    expect(
      isSorted(
        firstPage.items.map((r) => r.startDate),
        'asc',
      ),
    ).toBe(true);
    expect(firstPage.items.every((r) => r.dateTimeCallComplete === null)).toBe(true);

    // History: completed calls, the newest first.
    const history = listAnswer(page, 'history');
    await page.getByRole('tab', { name: 'History' }).click();
    const { sent, answer } = await bodyOf(await history);
    expect(sent.orderSettings).toEqual([{ field: 'dateTimeCallComplete', orderType: 1 }]);
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.items.every((r) => r.dateTimeCallComplete !== null)).toBe(true);
    expect(
      isSorted(
        answer.items.map((r) => r.dateTimeCallComplete),
        'desc',
      ),
    ).toBe(true);
    await expect.poll(() => total(page)).toBe(answer.totalCount);
    await expect.poll(() => page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');

    // Back on Scheduled, a filter from the column's suggestions.
    const scheduled = listAnswer(page, 'scheduled');
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await scheduled;
    await showOnly(page, ['City', 'Job type', 'Status']);
    await openColumnMenu(page, 'Job type');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Job type' });
    await dialog.getByText('Repair', { exact: true }).click();
    const filtered = listAnswer(page, 'scheduled');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const repairs = await bodyOf(await filtered);
    expect(repairs.sent.filterSettings).toEqual([{ field: 'jobType', operator: 7, value: ['Repair'] }]);
    expect(repairs.answer.totalCount).toBeGreaterThan(0);
    expect(repairs.answer.totalCount).toBeLessThan(firstPage.totalCount);
    await page.getByText('Job type: Repair').waitFor();
    await expect.poll(async () => new Set(await columnTexts(page, 1))).toEqual(new Set(['Repair']));

    const sortedAnswer = listAnswer(page, 'scheduled');
    await openColumnMenu(page, 'City');
    await page.getByRole('menuitem', { name: 'Sort descending' }).click();
    const byCity = await bodyOf(await sortedAnswer);
    expect(byCity.sent.orderSettings).toEqual([{ field: 'city', orderType: 1 }]);
    expect(
      isSorted(
        byCity.answer.items.map((r) => r.city),
        'desc',
      ),
    ).toBe(true);
    await expect
      .poll(async () => (await columnTexts(page, 0)).join('|'))
      .toBe(byCity.answer.items.map((r) => r.city ?? '').join('|'));

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => total(page)).toBe(firstPage.totalCount);
    await context.close();
  });

  it('exports the visible columns, filters and sort of the active tab as .xlsx', async () => {
    const { context, page } = await openWorkOrders();
    const history = listAnswer(page, 'history');
    await page.getByRole('tab', { name: 'History' }).click();
    await history;
    await showOnly(page, ['Make', 'Completed']);
    await openColumnMenu(page, 'Make');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Make' });
    await dialog.getByText('PerkinElmer', { exact: true }).click();
    const filtered = listAnswer(page, 'history');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const { answer } = await bodyOf(await filtered);
    expect(answer.totalCount).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).path();
    await page.getByText('The work orders were exported.').waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as never);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(2).values as unknown[];
    expect(header.slice(1)).toEqual(['Order number', 'Make', 'Completed']);
    expect(sheet.rowCount - 2).toBe(answer.totalCount);
    const makes = new Set<unknown>();
    sheet.eachRow((row, n) => n > 2 && makes.add(row.getCell(2).value));
    expect([...makes]).toEqual(['PerkinElmer']);
    await context.close();
  });

  it("a column's values that cannot be loaded say so in the filter dialog; Try again loads them", async () => {
    const { context, page } = await openWorkOrders();
    const filterFields = (url: URL) => url.pathname === '/api/ServiceCall/FilterFields';
    await page.route(filterFields, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"errorCode":503,"message":"down"}' }),
    );
    await openColumnMenu(page, 'Make');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Make' });
    const failed = dialog.getByRole('alert');
    await failed.getByText('The values of this column could not be loaded.').waitFor();
    expect(await dialog.getByText('No values.').count()).toBe(0);

    await page.unroute(filterFields);
    const again = page.waitForResponse((r) => filterFields(new URL(r.url())));
    await failed.getByRole('button', { name: 'Try again' }).click();
    expect((await again).status()).toBe(200);
    await dialog.getByRole('group', { name: 'Make' }).getByRole('checkbox').first().waitFor();
    await failed.waitFor({ state: 'detached' });
    await context.close();
  });

  it('opens the PDF of an order in a new window, and says why when the user may not', async () => {
    const { context, page } = await openWorkOrders();
    const history = listAnswer(page, 'history');
    await page.getByRole('tab', { name: 'History' }).click();
    const { answer } = await bodyOf(await history);
    const open = answer.items.find((r) => r.userAccessPDF)!;
    expect(open).toBeDefined();

    await openReportWindow(page, context, open.serviceOrderNo);

    // A scheduled order has no report the user may open yet.
    const scheduled = listAnswer(page, 'scheduled');
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    const closed = (await bodyOf(await scheduled)).answer.items.find((r) => !r.userAccessPDF)!;
    await page.getByRole('button', { name: `${closed.serviceOrderNo}, report not available to you` }).click();
    await page.getByText('You do not have access to the service report of this order.', { exact: false }).waitFor();
    await context.close();
  });

  it('uploads a document on an order, deletes and restores it; the grid count follows', async () => {
    const { context, page, firstPage } = await openWorkOrders();
    const order = firstPage.items[0]!;
    await showOnly(page, []);
    const name = 'Site acceptance.pdf';
    await page.getByRole('button', { name: `Documents of ${order.serviceOrderNo}: ${order.documentCount}` }).click();
    const dialog = page.getByRole('dialog', { name: `Documents of work order ${order.serviceOrderNo}` });
    await dialog.getByRole('tab', { name: 'Documents (0)' }).waitFor();

    const counted = listAnswer(page, 'scheduled');
    await dialog.getByLabel('Upload documents').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Documents uploaded: 1.').waitFor();
    await dialog.getByRole('tab', { name: 'Documents (1)' }).waitFor();
    const after = (await bodyOf(await counted)).answer.items.find((r) => r.serviceOrderId === order.serviceOrderId);
    expect(after?.documentCount).toBe(1);
    await page.getByRole('button', { name: `Documents of ${order.serviceOrderNo}: 1` }).waitFor();

    await dialog.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`"${name}" has been moved to Deleted items.`).waitFor();
    await page.getByRole('button', { name: `Documents of ${order.serviceOrderNo}: 0` }).waitFor();
    await dialog.getByRole('tab', { name: 'Deleted items (1)' }).click();
    await dialog.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByText(`"${name}" has been restored.`).waitFor();
    await dialog.getByRole('tab', { name: 'Documents (1)' }).waitFor();
    await page.getByRole('button', { name: `Documents of ${order.serviceOrderNo}: 1` }).waitFor();

    const stored = await server.database.db
      .selectFrom('service_calls')
      .select('document_count')
      .where('id', '=', order.serviceOrderId)
      .executeTakeFirstOrThrow();
    expect(stored.document_count).toBe(1);
    await context.close();
  });

  it('a public view saved by one user opens for a colleague with its tab, filter and columns', async () => {
    const owner = await openWorkOrders('manager@acme-labs.example');
    let page = owner.page;
    const history = listAnswer(page, 'history');
    await page.getByRole('tab', { name: 'History' }).click();
    await history;
    await showOnly(page, ['Job type', 'Technician']);
    await openColumnMenu(page, 'Job type');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    await page.getByRole('dialog', { name: 'Filter: Job type' }).getByText('Qualification', { exact: true }).click();
    await page.getByRole('dialog', { name: 'Filter: Job type' }).getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Job type: Qualification').waitFor();

    await page.getByRole('button', { name: 'Saved view: Initial layout' }).click();
    await page.getByRole('button', { name: 'Add new view' }).click();
    const add = page.getByRole('dialog', { name: 'Add new view' });
    await add.getByLabel('View name').fill('Past qualifications');
    await add.getByText('19/100').waitFor();
    // This step timed out twice in CI (no save call in 30 s) and never locally: a failure says what the page saw.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const saved = page
      .waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/Users/preference')
      .catch((error: Error) => error);
    await add.getByRole('button', { name: 'Save' }).click();
    const save = await saved;
    expect(
      save instanceof Error
        ? `${save.message}; dialog: ${await add.innerText().catch(() => 'gone')}; page errors: ${pageErrors.join(' | ') || 'none'}`
        : save.status(),
    ).toBe(200);
    await add.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Saved view: Past qualifications' }).click();
    await page.getByRole('button', { name: 'Share “Past qualifications” with your company' }).click();
    await page.getByText('“Past qualifications” is now shared with your company.').waitFor();
    await owner.context.close();

    const colleague = await openWorkOrders('user@acme-labs.example');
    page = colleague.page;
    expect(await page.getByText('Job type: Qualification').count()).toBe(0);
    await page.getByRole('button', { name: 'Saved view: Initial layout' }).click();
    await page.getByRole('tab', { name: 'Public view' }).click();
    const applied = listAnswer(page, 'history');
    await page.getByRole('button', { name: 'Past qualifications', exact: true }).click();
    const { sent, answer } = await bodyOf(await applied);
    expect(sent.filterSettings).toEqual([{ field: 'jobType', operator: 7, value: ['Qualification'] }]);
    expect(answer.items.every((r) => r.jobType === 'Qualification')).toBe(true);
    await page.getByText('Job type: Qualification').waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    const headers = await page.locator('.bp6-table-quadrant-top .bp6-table-header').allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining(['Job type', 'Technician']));
    expect(headers).not.toContain('City');
    await colleague.context.close();
  });

  it('a service request raised from the header is in Scheduled', async () => {
    const { context, page } = await openWorkOrders();
    await page.locator('.portal-header').getByRole('button', { name: 'New service request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service request' });
    await dialog.getByLabel('Issue type').waitFor();
    await dialog.getByLabel('Describe the issue').fill('The autosampler arm stops halfway.');
    const refreshed = listAnswer(page, 'scheduled');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const confirmation = page.getByText(/^Your service request SR\d{8} has been submitted\./);
    await confirmation.waitFor();
    const serviceOrderNo = (await confirmation.textContent())!.match(/SR\d{8}/)![0];
    // The list is asked again once the request is in.
    await refreshed;

    const found = listAnswer(page, 'scheduled');
    await page.getByRole('searchbox', { name: 'Search all work-order fields' }).fill(serviceOrderNo);
    const { answer } = await bodyOf(await found);
    expect(answer.items.map((r) => [r.serviceOrderNo, r.callStatus])).toEqual([[serviceOrderNo, 'OPEN']]);
    await page.getByRole('button', { name: new RegExp(`^${serviceOrderNo}`) }).waitFor();
    await page.getByText('1–1 of 1').waitFor();
    await context.close();
  });

  it('has no accessibility violations with data on screen, and the grid works from the keyboard', async () => {
    const { context, page } = await openWorkOrders();
    await page.locator('.bp6-table-quadrant-main .bp6-table-cell').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The tabs follow the arrow keys.
    const history = listAnswer(page, 'history');
    await page.getByRole('tab', { name: 'Scheduled' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await history;
    await expect.poll(() => page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');

    // A column's menu opens from its header without a mouse.
    const sorted = listAnswer(page, 'history');
    await page.getByRole('button', { name: 'Sort or filter City' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sort ascending' }).focus();
    await page.keyboard.press('Enter');
    expect((await bodyOf(await sorted)).sent.orderSettings).toEqual([{ field: 'city', orderType: 0 }]);
    await context.close();
  });

  it('the inventory row menu lists the service orders of an instrument, 15 a page', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@acme-labs.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/product`);
    await page.waitForURL('**/app/product');
    await page.getByText(/^1–30 of \d+/).waitFor();
    // Of the instruments on the first page, the one with the most service calls.
    const ids = (await page
      .locator('[data-testid^="row-actions-"]')
      .evaluateAll((els) =>
        els.map((el) => Number(el.getAttribute('data-testid')!.replace('row-actions-', ''))),
      )) as number[];
    const busiest = await server.database.db
      .selectFrom('service_calls')
      .select(['equipment_id', (eb) => eb.fn.countAll<string>().as('calls')])
      .where('equipment_id', 'in', ids)
      .groupBy('equipment_id')
      .orderBy('calls', 'desc')
      .executeTakeFirstOrThrow();
    const calls = Number(busiest.calls);

    await page.getByTestId(`row-actions-${busiest.equipment_id}`).click();
    await page.getByRole('menuitem', { name: 'Service order details' }).click();
    const panel = page.getByRole('region', { name: 'Service order details' });
    const table = panel.getByRole('table', { name: 'Service order details' });
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(Math.min(calls, 15));
    await panel.getByText(`1–${Math.min(calls, 15)} of ${calls}`).waitFor();
    if (calls > 15) {
      await panel.getByRole('button', { name: 'Next page' }).click();
      await panel.getByText(`16–${Math.min(calls, 30)} of ${calls}`).waitFor();
    }
    await context.close();
  });
});
