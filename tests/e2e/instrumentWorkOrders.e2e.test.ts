import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import type { EquipmentWorkOrderRow } from '../../contract/serviceCalls';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';
import { openReportWindow } from '../support/reportWindow';

let server: E2eServer;
let browser: Browser;

const EMAIL = 'user@acme-labs.example';
const DAY = 86_400_000;
const SYSTEM = 'E2E-SYS-WO';
const LARGE_SYSTEM = 'E2E-SYS-LARGE';
/** Components of the large system besides the one whose page is open: more than one page of 10. */
const LARGE_SYSTEM_OTHERS = 12;

interface Instrument {
  id: number;
  mfg: string;
  model: string;
  serial: string | null;
  system_nick_name: string | null;
}

/** The instruments the tests read, prepared in the database before the browser starts. */
let main: Instrument;
let partners: [Instrument, Instrument];
let alone: Instrument;
let hub: Instrument;

type WorkOrdersAnswer = { result: { items: EquipmentWorkOrderRow[]; totalCount: number; sessionTimestamp: number } };

/** An answer of GET Equipment/{id}/workOrders for the instrument's own orders or its other components'. */
const isWorkOrdersAnswer = (equipmentId: number, otherComponent: boolean) => (r: Response) => {
  const url = new URL(r.url());
  return (
    url.pathname === `/api/Equipment/${equipmentId}/workOrders` &&
    url.searchParams.get('otherComponent') === String(otherComponent)
  );
};

/** The next answer of GET Equipment/{id}/workOrders. */
const workOrdersAnswer = (page: Page, equipmentId: number, otherComponent: boolean) =>
  page.waitForResponse(isWorkOrdersAnswer(equipmentId, otherComponent));

/** Every answer each page opened by openDetail has had. */
const answersOf = new WeakMap<Page, Response[]>();

/**
 * The first answer of GET Equipment/{id}/workOrders since the page opened: the page fetches its tabs' data ahead
 * (useTabPrefetch), so it may have come before the tab was clicked.
 */
const firstWorkOrdersAnswer = (page: Page, equipmentId: number, otherComponent: boolean) =>
  answersOf.get(page)?.find(isWorkOrdersAnswer(equipmentId, otherComponent)) ??
  workOrdersAnswer(page, equipmentId, otherComponent);

const bodyOf = async (response: Response) => ({
  sent: new URL(response.url()).searchParams,
  answer: ((await response.json()) as WorkOrdersAnswer).result,
});

/** The work orders of some instruments as the tab orders them: the newest start first. */
async function ordersOf(equipmentIds: number[]) {
  return server.database.db
    .selectFrom('service_calls')
    .select(['service_order_no', 'serial', 'report_available'])
    .where('equipment_id', 'in', equipmentIds)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

let sequence = 0;
/**
 * A work order of an instrument that starts some days ago (negative: in the future), received a minute ago at the
 * latest, or `receivedNow`.
 */
function workOrder(customerId: number, e: Instrument, daysAgo: number, withReport: boolean, receivedNow = false) {
  sequence += 1;
  const now = Date.now();
  const start = now - daysAgo * DAY;
  return {
    customer_id: customerId,
    equipment_id: e.id,
    service_order_no: `E2EWO${String(sequence).padStart(5, '0')}`,
    job_type: withReport ? 'Repair' : 'Maintenance',
    call_status: withReport ? 'CLOSED' : 'OPEN',
    date_time_call_received: new Date(receivedNow ? now : Math.min(start - 3 * DAY, now - 60_000)),
    start_date: new Date(start),
    date_time_call_complete: withReport ? new Date(start + DAY) : null,
    report_available: withReport,
    mfg: e.mfg,
    model: e.model,
    serial: e.serial,
  };
}

/**
 * An instrument with 13 work orders whose system has two other components with 3 and 2; an instrument without a
 * system id and without work orders; one whose system has 12 other components. The seeded orders of these
 * instruments are removed, so the counts are exact.
 */
async function prepare() {
  const db = server.database.db;
  const { customer_id: customerId } = await db
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', EMAIL)
    .executeTakeFirstOrThrow();
  const instruments = await db
    .selectFrom('equipment')
    .select(['id', 'mfg', 'model', 'serial', 'system_nick_name'])
    .where('customer_id', '=', customerId)
    .where('is_hidden', '=', false)
    .where('serial', 'is not', null)
    .orderBy('id')
    .limit(5 + LARGE_SYSTEM_OTHERS)
    .execute();
  const [a, b, c, d, e, ...others] = instruments;
  [main, partners, alone, hub] = [a!, [b!, c!], d!, e!];

  const systemOf = async (ids: number[], systemId: string | null) =>
    db.updateTable('equipment').set({ system_id: systemId }).where('id', 'in', ids).execute();
  await systemOf([main.id, ...partners.map((p) => p.id)], SYSTEM);
  await systemOf([alone.id], null);
  await systemOf([hub.id, ...others.map((o) => o.id)], LARGE_SYSTEM);

  await db
    .deleteFrom('service_calls')
    .where('equipment_id', 'in', [main.id, ...partners.map((p) => p.id), alone.id])
    .execute();
  const orders = [
    ...Array.from({ length: 13 }, (_, i) => workOrder(customerId, main, i * 20 - 30, i % 2 === 1)),
    ...[5, 50, 400].map((days) => workOrder(customerId, partners[0], days, true)),
    ...[12, 90].map((days) => workOrder(customerId, partners[1], days, false)),
  ];
  await db.insertInto('service_calls').values(orders).execute();
  return customerId;
}

let customerId: number;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
  customerId = await prepare();
});
afterAll(() => stopE2e({ server, browser }));

/** Sign in and open an instrument's page by its address; the page is there once its title shows. */
async function openDetail(equipmentId: number, locale?: string) {
  const context = await newPortalContext(browser, { locale });
  await signInByRequest(context, server.url, EMAIL);
  const page = await context.newPage();
  const answers: Response[] = [];
  page.on('response', (r) => answers.push(r));
  answersOf.set(page, answers);
  await page.goto(`${server.url}/app/product/equipmentDetail/${equipmentId}`);
  await page.waitForURL(`**/app/product/equipmentDetail/${equipmentId}`);
  return { context, page };
}

/** The page's title: make - model - serial number - system nickname, without the empty parts. */
const titleOf = (e: Instrument) =>
  [e.mfg, e.model, e.serial, e.system_nick_name].filter((part) => part?.trim()).join(' - ');

async function openWorkOrderTab(page: Page, e: Instrument) {
  await page.getByRole('heading', { name: titleOf(e), level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Work order overview' }).click();
}

/** The order numbers of a table's rows, once its rows are those expected. */
const orderNumbers = (table: Locator) => table.locator('tbody tr td:nth-child(2)').allInnerTexts();
const serials = (table: Locator) => table.locator('tbody tr td:nth-child(4)').allInnerTexts();

describe('work order overview of an instrument', () => {
  it('lists the instrument’s own work orders newest first, 10 a page; later pages keep the first page’s snapshot', async () => {
    const { context, page } = await openDetail(main.id);
    await openWorkOrderTab(page, main);
    const first = firstWorkOrdersAnswer(page, main.id, false);
    const { sent, answer } = await bodyOf(await first);
    expect(sent.get('pageIndex')).toBe('0');
    expect(sent.has('sessionTimestamp')).toBe(false);

    const expected = (await ordersOf([main.id])).map((o) => o.service_order_no);
    expect(expected).toHaveLength(13);
    expect(answer.totalCount).toBe(13);
    expect(answer.items.map((r) => r.serviceOrderNo)).toEqual(expected.slice(0, 10));

    const own = page.getByRole('table', { name: 'Work orders of this instrument' });
    await expect.poll(() => orderNumbers(own)).toEqual(expected.slice(0, 10));
    const ownSection = page.getByRole('region', { name: 'Work orders of this instrument' });
    await ownSection.getByText('1–10 of 13').waitFor();

    // An order received after the first page was read does not shift the second page.
    await server.database.db
      .insertInto('service_calls')
      .values(workOrder(customerId, main, -60, false, true))
      .execute();
    // Paged from the keyboard: on the last page, where Next is disabled, the focus stays in the pager.
    const second = workOrdersAnswer(page, main.id, false);
    await ownSection.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    const next = await bodyOf(await second);
    expect(next.sent.get('pageIndex')).toBe('1');
    expect(next.sent.get('sessionTimestamp')).toBe(String(answer.sessionTimestamp));
    expect(next.answer.totalCount).toBe(13);
    await expect.poll(() => orderNumbers(own)).toEqual(expected.slice(10));
    await ownSection.getByText('11–13 of 13').waitFor();

    const previous = ownSection.getByRole('button', { name: 'Previous page' });
    await expect.poll(() => previous.evaluate((el) => el === document.activeElement)).toBe(true);

    // Back on the first page, a new snapshot shows it.
    const again = workOrdersAnswer(page, main.id, false);
    await page.keyboard.press('Enter');
    const fresh = await bodyOf(await again);
    expect(fresh.sent.has('sessionTimestamp')).toBe(false);
    const now = (await ordersOf([main.id])).map((o) => o.service_order_no);
    expect(now).toHaveLength(14);
    await expect.poll(() => orderNumbers(own)).toEqual(now.slice(0, 10));
    await ownSection.getByText('1–10 of 14').waitFor();
    await context.close();
  });

  it('lists the work orders of the other components of the system, with their serial numbers', async () => {
    const { context, page } = await openDetail(main.id);
    await openWorkOrderTab(page, main);
    const others = firstWorkOrdersAnswer(page, main.id, true);
    const { answer } = await bodyOf(await others);

    const expected = await ordersOf(partners.map((p) => p.id));
    expect(answer.totalCount).toBe(5);
    const table = page.getByRole('table', { name: 'Work orders of the other system components' });
    await expect.poll(() => orderNumbers(table)).toEqual(expected.map((o) => o.service_order_no));
    expect(await serials(table)).toEqual(expected.map((o) => o.serial ?? ''));
    await page
      .getByRole('region', { name: 'Work orders of the other system components' })
      .getByText('1–5 of 5')
      .waitFor();
    expect(await axeViolations(page, '[role="tabpanel"]')).toEqual([]);
    await context.close();
  });

  it('an instrument without a system id says so, and its empty list says there is no work order', async () => {
    const { context, page } = await openDetail(alone.id);
    await openWorkOrderTab(page, alone);
    const own = page.getByRole('region', { name: 'Work orders of this instrument' });
    await own.getByRole('heading', { name: 'No work orders', level: 3 }).waitFor();
    const others = page.getByRole('region', { name: 'Work orders of the other system components' });
    await others.getByText('This instrument has no other system component.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await axeViolations(page, '[role="tabpanel"]')).toEqual([]);

    // The Instrument tab's section says the same without asking the server.
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/system/component') && asked.push(r.url()));
    await page.getByRole('tab', { name: 'Instrument' }).click();
    await page.getByRole('button', { name: 'Other system components', exact: true }).click();
    await page
      .getByRole('region', { name: 'Other system components', exact: true })
      .getByText('This instrument has no other system component.')
      .waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });

  it('an order number opens its report in a new window, and says why when the user may not', async () => {
    const { context, page } = await openDetail(main.id);
    await openWorkOrderTab(page, main);
    const first = firstWorkOrdersAnswer(page, main.id, false);
    const { answer } = await bodyOf(await first);
    const withReport = answer.items.find((r) => r.userAccessPDF)!;
    const without = answer.items.find((r) => !r.userAccessPDF)!;
    expect(withReport).toBeDefined();
    expect(without).toBeDefined();

    await openReportWindow(page, context, withReport.serviceOrderNo);

    await page.getByRole('button', { name: `${without.serviceOrderNo}, report not available to you` }).click();
    await page.getByText('You do not have access to the service report of this order.', { exact: false }).waitFor();
    await context.close();
  });

  it('the Instrument tab lists the other components of the system; a component’s link opens its page', async () => {
    const { context, page } = await openDetail(main.id);
    await page.getByRole('heading', { name: titleOf(main), level: 1 }).waitFor();
    const components = page.waitForResponse((r) => r.url().includes(`/api/Equipment/${main.id}/system/component`));
    await page.getByRole('button', { name: 'Other system components', exact: true }).click();
    await components;
    const list = page.getByRole('list', { name: 'Other components of the system' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    for (const partner of partners) {
      await list.getByRole('listitem').filter({ hasText: partner.serial! }).waitFor();
    }
    await page.getByText('2 of 2 components shown').waitFor();
    expect(await axeViolations(page, '[aria-label="Other components of the system"]')).toEqual([]);

    const [target] = partners;
    await list
      .getByRole('listitem')
      .filter({ hasText: target.serial! })
      .getByRole('link', { name: `${target.mfg} ${target.model}` })
      .click();
    await page.waitForURL(`**/app/product/equipmentDetail/${target.id}`);
    await page.getByRole('heading', { name: titleOf(target), level: 1 }).waitFor();
    await context.close();
  });

  it('a larger system loads the next 10 components on scrolling to the end of the list', async () => {
    const { context, page } = await openDetail(hub.id);
    await page.getByRole('heading', { name: titleOf(hub), level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Other system components', exact: true }).click();
    const list = page.getByRole('list', { name: 'Other components of the system' });
    await page.getByText(`10 of ${LARGE_SYSTEM_OTHERS} components shown`).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(10);

    const next = page.waitForResponse(
      (r) => r.url().includes(`/api/Equipment/${hub.id}/system/component`) && r.url().includes('pageIndex=1'),
    );
    await list.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await next;
    await page.getByText(`${LARGE_SYSTEM_OTHERS} of ${LARGE_SYSTEM_OTHERS} components shown`).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(LARGE_SYSTEM_OTHERS);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await context.close();
  });

  it('Load more works from the keyboard, and the focus goes on at the first new component', async () => {
    const { context, page } = await openDetail(hub.id);
    // Without the scroll trigger, so that only the button loads.
    await page.evaluate(() => Reflect.deleteProperty(window, 'IntersectionObserver'));
    await page.getByRole('button', { name: 'Other system components', exact: true }).click();
    await page.getByText(`10 of ${LARGE_SYSTEM_OTHERS} components shown`).waitFor();
    const list = page.getByRole('list', { name: 'Other components of the system' });
    await list.getByRole('listitem').nth(9).getByRole('link').focus();
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Load more' }).evaluate((el) => {
      if (el !== document.activeElement) throw new Error('Load more is not next in the tab order');
    });
    await page.keyboard.press('Enter');
    await page.getByText(`${LARGE_SYSTEM_OTHERS} of ${LARGE_SYSTEM_OTHERS} components shown`).waitFor();
    const eleventh = list.getByRole('listitem').nth(10).getByRole('link');
    await expect.poll(() => eleventh.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
