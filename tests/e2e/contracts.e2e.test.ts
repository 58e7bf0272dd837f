import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import type { Contract, ContractListQuery } from '../../contract/contracts';
import { AccessCode } from '../../contract/permissions';
import { createContract } from '../factories/contract';
import { seededFaker } from '../factories/random';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

let server: E2eServer;
let browser: Browser;

/** Acme Labs gets this many contracts more than the test world's, so the grid has more than one page. */
const EXTRA_CONTRACTS = 30;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  const db = server.database.db;
  const acme = await db
    .selectFrom('customers')
    .select('id')
    .where('customer_folder', '=', 'acme')
    .executeTakeFirstOrThrow();
  const f = seededFaker(31);
  await db
    .insertInto('contracts')
    .values(Array.from({ length: EXTRA_CONTRACTS }, () => createContract(f, { customer_id: acme.id })))
    .execute();
});
afterAll(() => stopE2e({ server, browser }));

type ListAnswer = { result: { items: Contract[]; totalCount: number } };

/** The next answer of POST contract/list. */
const listAnswer = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contract/list' && r.request().method() === 'POST');

const bodyOf = async (response: Response) => ({
  sent: response.request().postDataJSON() as ContractListQuery,
  answer: ((await response.json()) as ListAnswer).result,
});

const PAGER = /^\d+–\d+ of \d+$/;
const pagerText = (page: Page) => page.getByText(PAGER).innerText();

/** Sign in, then open the screen from the main menu, as a user does; its first page is there. */
async function openContracts(email = 'user@acme-labs.example') {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  const firstPage = listAnswer(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('menuitem', { name: 'Contract management' })
    .click();
  // An unknown path would land on the welcome page: this is the contract screen.
  await page.waitForURL('**/app/contractManagement');
  await page.getByRole('heading', { name: 'Contract management', level: 1 }).waitFor();
  const first = await bodyOf(await firstPage);
  await page.getByText(PAGER).waitFor();
  return { context, page, first };
}

/** Open a column's header menu; the pinned contract number's header is drawn in the top-left quadrant. */
async function openColumnMenu(page: Page, name: string, pinned = false) {
  const quadrant = pinned ? '.bp6-table-quadrant-top-left' : '.bp6-table-quadrant-top';
  const header = page.locator(`${quadrant} .bp6-table-header`, { hasText: name }).first();
  await header.hover();
  await header.locator('.bp6-table-th-menu').click();
}

/** The texts of one grid column of the rows on screen (0 is the pinned contract number). */
const columnTexts = (page: Page, index: number) =>
  page
    .locator(
      index === 0
        ? '.bp6-table-quadrant-left .bp6-table-quadrant-body-container .bp6-table-cell-col-0'
        : `.bp6-table-quadrant-main .bp6-table-quadrant-body-container .bp6-table-cell-col-${index}`,
    )
    .allInnerTexts();

describe('contract management', () => {
  it('opens from the main menu with the customer’s contracts, those ending last first, and passes axe', async () => {
    const { context, page, first } = await openContracts();
    expect(first.sent.pageIndex).toBe(0);
    expect(first.answer.totalCount).toBeGreaterThan(20);
    expect(first.answer.items).toHaveLength(20);
    const ends = first.answer.items.map((c) => c.contractExpiry!);
    expect(ends).toEqual([...ends].sort().reverse());
    await expect.poll(() => pagerText(page)).toBe(`1–20 of ${first.answer.totalCount}`);
    await expect
      .poll(async () => (await columnTexts(page, 0)).join('|'))
      .toBe(first.answer.items.map((c) => c.vendorContractId).join('|'));
    // The expiry column names the status beside the colour.
    expect((await columnTexts(page, 3)).every((text) => / · (Active|Expiring soon|Expired)$/.test(text))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('narrows the rows by a text filter and by a date range, shows them as chips, and clears them', async () => {
    const { context, page, first } = await openContracts();

    const po = first.answer.items.find((c) => c.poNumber)!.poNumber!;
    const part = po.slice(0, 5);
    await openColumnMenu(page, 'PO number');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: PO number' });
    await dialog.getByLabel('Values to look for').fill(part);
    await dialog.getByLabel('Values to look for').press('Enter');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const byPo = listAnswer(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const poAnswer = await bodyOf(await byPo);
    expect(poAnswer.sent.filter).toEqual({ poNumber: [part] });
    expect(poAnswer.answer.totalCount).toBeGreaterThan(0);
    expect(poAnswer.answer.totalCount).toBeLessThan(first.answer.totalCount);
    expect(poAnswer.answer.items.every((c) => c.poNumber?.includes(part))).toBe(true);
    await page.getByText(`PO number: ${part}`).waitFor();
    await expect.poll(() => pagerText(page)).toMatch(new RegExp(` of ${poAnswer.answer.totalCount}$`));
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => pagerText(page)).toBe(`1–20 of ${first.answer.totalCount}`);

    await openColumnMenu(page, 'Effective date');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const range = page.getByRole('dialog', { name: 'Filter: Effective date' });
    await range.getByLabel('From', { exact: true }).fill('2024-01-01');
    await range.getByLabel('To', { exact: true }).fill('2024-12-31');
    const byDate = listAnswer(page);
    await range.getByRole('button', { name: 'Apply' }).click();
    const dateAnswer = await bodyOf(await byDate);
    expect(dateAnswer.sent.filter).toEqual({ effectiveDate: ['2024-01-01', '2024-12-31'] });
    expect(dateAnswer.answer.totalCount).toBeGreaterThan(0);
    expect(dateAnswer.answer.totalCount).toBeLessThan(first.answer.totalCount);
    expect(dateAnswer.answer.items.every((c) => c.effectiveDate!.startsWith('2024-'))).toBe(true);
    await page.getByText('Effective date: 2024-01-01 – 2024-12-31').waitFor();
    await expect
      .poll(async () => {
        const texts = await columnTexts(page, 2);
        return texts.length === dateAnswer.answer.items.length && texts.every((text) => text.endsWith(', 2024'));
      })
      .toBe(true);
    await context.close();
  });

  it('sorts by a column from its header menu with the keyboard and pages through the sorted rows', async () => {
    const { context, page, first } = await openContracts();
    const sorted = listAnswer(page);
    // From the keyboard: the header's menu button takes the focus, Enter opens the menu, Tab walks into it.
    await page.getByRole('button', { name: 'Sort or filter Contract ID' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sort ascending' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let tab = 0; tab < 3 && (await focused()) !== 'Sort ascending'; tab++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('Sort ascending');
    await page.keyboard.press('Enter');
    const byId = await bodyOf(await sorted);
    expect(byId.sent.orderSettings).toEqual([{ field: 'vendorContractId', orderType: 0 }]);
    const ids = byId.answer.items.map((c) => c.vendorContractId);
    expect(ids).toEqual([...ids].sort());
    await expect.poll(async () => (await columnTexts(page, 0)).join('|')).toBe(ids.join('|'));

    const next = listAnswer(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    const second = await bodyOf(await next);
    expect(second.sent.pageIndex).toBe(1);
    expect(second.sent.orderSettings).toEqual(byId.sent.orderSettings);
    const total = first.answer.totalCount;
    expect(second.answer.items).toHaveLength(Math.min(20, total - 20));
    expect(second.answer.items[0]!.vendorContractId > ids.at(-1)!).toBe(true);
    await expect.poll(() => pagerText(page)).toBe(`21–${Math.min(40, total)} of ${total}`);
    await expect
      .poll(async () => (await columnTexts(page, 0)).join('|'))
      .toBe(second.answer.items.map((c) => c.vendorContractId).join('|'));
    await context.close();
  });

  it('keeps its sort and page in the URL: Back and a colleague opening the link see the same list', async () => {
    const { context, page, first } = await openContracts();
    const sorted = listAnswer(page);
    await openColumnMenu(page, 'Contract ID', true);
    await page.getByRole('menuitem', { name: 'Sort ascending' }).click();
    await sorted;
    const next = listAnswer(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    const second = await bodyOf(await next);
    expect(second.sent.pageIndex).toBe(1);
    const total = first.answer.totalCount;
    const shown = `21–${Math.min(40, total)} of ${total}`;
    const ids = second.answer.items.map((c) => c.vendorContractId).join('|');
    await expect.poll(() => pagerText(page)).toBe(shown);
    await page.waitForURL(/\/app\/contractManagement\?.*page=1/);
    const link = page.url();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Work orders' }).click();
    await page.waitForURL((url) => !url.pathname.includes('contractManagement'));
    await page.goBack();
    await page.waitForURL(link);
    await page.getByRole('heading', { name: 'Contract management' }).waitFor();
    await expect.poll(() => pagerText(page)).toBe(shown);
    await expect.poll(async () => (await columnTexts(page, 0)).join('|')).toBe(ids);

    const colleague = await newPortalContext(browser);
    await signInByRequest(colleague, server.url, 'admin@acme-labs.example');
    const theirs = await colleague.newPage();
    const opened = listAnswer(theirs);
    await theirs.goto(link);
    await theirs.getByRole('heading', { name: 'Contract management' }).waitFor();
    const sent = (await bodyOf(await opened)).sent;
    expect(sent.pageIndex).toBe(1);
    expect(sent.orderSettings).toEqual([{ field: 'vendorContractId', orderType: 0 }]);
    await expect.poll(() => pagerText(theirs)).toBe(shown);
    await expect.poll(async () => (await columnTexts(theirs, 0)).join('|')).toBe(ids);
    await colleague.close();
    await context.close();
  });

  it('opens a link with foreign or broken parameters as the default list', async () => {
    const { context, page, first } = await openContracts();
    const foreign = new URLSearchParams({
      sort: JSON.stringify([{ field: 'password', orderType: 0 }]),
      filter: JSON.stringify([{ field: 'effectiveDate', operator: 3, value: ['not a date'] }]),
      page: '-3',
    });
    const opened = listAnswer(page);
    await page.goto(`${server.url}/app/contractManagement?${foreign}`);
    await page.getByRole('heading', { name: 'Contract management' }).waitFor();
    const { sent } = await bodyOf(await opened);
    expect(sent.pageIndex).toBe(0);
    expect(sent.filter).toEqual({});
    expect(sent.orderSettings).toEqual(first.sent.orderSettings);
    await expect.poll(() => pagerText(page)).toBe(`1–20 of ${first.answer.totalCount}`);
    expect(await page.getByRole('button', { name: 'Clear all filters' }).count()).toBe(0);
    await context.close();
  });

  it('is not offered to a user without the contract-management access code', async () => {
    const db = server.database.db;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user@globex.example')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('user_access_codes')
      .where('user_id', '=', user.id)
      .where('access_code', '=', AccessCode.ContractManagement)
      .execute();
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@globex.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/welcome`);
    await page.waitForURL('**/app/welcome');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('menuitem', { name: 'Work orders' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Contract management' }).count()).toBe(0);
    await page.goto(`${server.url}/app/contractManagement`);
    await page.waitForURL('**/app/welcome');
    await context.close();
  });
});
