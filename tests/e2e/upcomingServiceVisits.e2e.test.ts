import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { Browser, Page } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInstrumentAs, openInventoryAs } from '../support/inventoryPage';
import { axeViolations } from '../support/axe';

dayjs.extend(localizedFormat);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/*
 * Issue 37 item 1: the service visits of the next 30 days show in the inventory grid (a column), on the tiles and on
 * the instrument page; the service-order side panel pages by 15 (spec 1 section 9).
 */

const USER = 'user@acme-labs.example';
const db = () => server.database.db;

/** Instruments with a serial on the user's list that have no service call at all, so a test decides their calls. */
async function instrumentsWithoutCalls(count: number) {
  const user = await db()
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', USER)
    .executeTakeFirstOrThrow();
  const found = await db()
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .select(['equipment.id', 'equipment.serial', 'equipment.customer_id'])
    .where('user_equipment.user_id', '=', user.id)
    .where('equipment.serial', 'is not', null)
    .where('equipment.is_hidden', '=', false)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('service_calls')
            .select('service_calls.id')
            .whereRef('service_calls.equipment_id', '=', 'equipment.id'),
        ),
      ),
    )
    .orderBy('equipment.id')
    .limit(count)
    .execute();
  expect(found).toHaveLength(count);
  return found.map((e) => ({ id: e.id, serial: e.serial!, customerId: e.customer_id }));
}

let sequence = 0;
/** A service call of the instrument starting `days` from now at 10:00 (negative: in the past, closed). */
async function addCall(instrument: { id: number; customerId: number }, days: number, jobType: string) {
  sequence += 1;
  const start = dayjs().startOf('day').add(days, 'day').hour(10);
  const serviceOrderNo = `SOE2EUP${String(sequence).padStart(4, '0')}`;
  await db()
    .insertInto('service_calls')
    .values({
      customer_id: instrument.customerId,
      equipment_id: instrument.id,
      service_order_no: serviceOrderNo,
      svmx_order_no: `WO-E2E-${sequence}`,
      job_type: jobType,
      call_status: days < 0 ? 'Closed' : 'Open',
      date_time_call_received: start.subtract(5, 'day').toDate(),
      start_date: start.toDate(),
      end_date: start.add(2, 'hour').toDate(),
      date_time_call_complete: days < 0 ? start.add(3, 'hour').toDate() : null,
    })
    .execute();
  return { serviceOrderNo, start };
}

/** The inventory of the user narrowed to the instrument's serial, its row shown. */
async function openInventoryAt(serial: string, id: number) {
  const { context, page } = await openInventoryAs(browser, server.url, USER);
  await page.waitForURL('**/app/product');
  await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill(serial);
  await page.getByTestId(`row-actions-${id}`).waitFor();
  return { context, page };
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Service order details' });

describe('upcoming service visits', () => {
  let busy: { id: number; serial: string; customerId: number };
  let idle: { id: number; serial: string; customerId: number };
  let first: Awaited<ReturnType<typeof addCall>>;
  let second: Awaited<ReturnType<typeof addCall>>;

  beforeAll(async () => {
    [busy, idle] = (await instrumentsWithoutCalls(2)) as [typeof busy, typeof idle];
    second = await addCall(busy, 12, 'Repair');
    first = await addCall(busy, 3, 'Preventive Maintenance');
    // Past calls, so that the side panel has a second page; one beyond the window does not count as upcoming.
    for (let d = 1; d <= 15; d++) await addCall(busy, -10 * d, 'Repair');
    await addCall(busy, 45, 'Qualification');
  });

  it('the grid’s next-visit column shows the first visit of the next 30 days and how many follow; it opens the service orders, 15 a page', async () => {
    const { context, page } = await openInventoryAt(busy.serial, busy.id);
    try {
      await page.locator('.list-table').getByText('Next service visit', { exact: true }).first().waitFor();
      const cell = page.getByTestId(`next-visit-${busy.id}`);
      await cell.waitFor();
      expect(await cell.innerText()).toBe(`${first.start.format('ll')} (+1 more)`);
      expect(await cell.getAttribute('aria-label')).toBe(
        `Next service visit ${first.start.format('ll')} Preventive Maintenance; service visits in the next 30 days: 2. Show the service orders`,
      );
      expect(await axeViolations(page, '.list-table')).toEqual([]);

      await cell.click();
      const panel = panelOf(page);
      const table = panel.getByRole('table', { name: 'Service order details' });
      await table.waitFor();
      // 18 calls: the newest 15 on the first page, the other 3 on the second.
      await panel.getByText('1–15 of 18').waitFor();
      await table.locator('tbody tr').nth(14).waitFor();
      expect(await table.locator('tbody tr').count()).toBe(15);
      await panel.getByRole('button', { name: 'Next page' }).click();
      await panel.getByText('16–18 of 18').waitFor();
      // The pager moves when asked; the rows when the page arrives.
      await table.locator('tbody tr').nth(3).waitFor({ state: 'detached' });
      expect(await table.locator('tbody tr').count()).toBe(3);
      expect(await axeViolations(page, '.bp6-drawer')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an instrument without a visit in the next 30 days has an empty next-visit cell', async () => {
    const { context, page } = await openInventoryAt(idle.serial, idle.id);
    try {
      await page.locator('.list-table').getByText('Next service visit', { exact: true }).first().waitFor();
      expect(await page.getByTestId(`next-visit-${idle.id}`).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a tile names the next visit with its job type', async () => {
    const { context, page } = await openInventoryAt(busy.serial, busy.id);
    try {
      await page.getByRole('button', { name: 'Show as tiles' }).click();
      const tiles = page.getByRole('list', { name: 'Equipment' });
      const line = tiles.getByTestId(`next-visit-${busy.id}`);
      await line.waitFor();
      expect(await line.innerText()).toBe(
        `Next service visit: ${first.start.format('ll')} (+1 more) · Preventive Maintenance`,
      );
      expect(await axeViolations(page, '.inventory-tiles')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the instrument page lists the visits of the next 30 days, the next one first, and says when there is none', async () => {
    const { page, close } = await openInstrumentAs(browser, server.url, USER, busy.id);
    try {
      const section = page.getByRole('region', { name: 'Upcoming service visits' });
      await section.waitFor();
      await section.getByText(`Next visit: ${first.start.format('lll')} · Preventive Maintenance`).waitFor();
      const rows = section.getByRole('table', { name: 'Upcoming service visits' }).locator('tbody tr');
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).innerText()).toContain(first.serviceOrderNo);
      expect(await rows.nth(1).innerText()).toContain(second.serviceOrderNo);
      expect(await section.innerText()).not.toContain('Qualification');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await close();
    }

    const other = await openInstrumentAs(browser, server.url, USER, idle.id);
    try {
      const section = other.page.getByRole('region', { name: 'Upcoming service visits' });
      await section.getByText('No service visit is planned in the next 30 days.').waitFor();
    } finally {
      await other.close();
    }
  });
});
