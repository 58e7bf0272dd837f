import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

/*
 * The spec's service report link /{customerFolder}/ServiceReport.aspx?{serviceOrderId} (spec 1 section 7, issue 37
 * item 8): it opens the report of the signed-in user's own order, says another customer's order is not found, and
 * leads a signed-out visitor through sign-in back to the report.
 */

let server: E2eServer;
let browser: Browser;

const EMAIL = 'user@acme-labs.example';

interface Order {
  id: number;
  service_order_no: string;
}
let own: Order;
let foreign: Order;

const orderOf = (folder: string) =>
  server.database.db
    .selectFrom('service_calls')
    .innerJoin('customers', 'customers.id', 'service_calls.customer_id')
    .select(['service_calls.id', 'service_calls.service_order_no'])
    .where('customers.customer_folder', '=', folder)
    .where('service_calls.report_available', '=', true)
    .orderBy('service_calls.id')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  [own, foreign] = [await orderOf('acme'), await orderOf('globex')];
});
afterAll(() => stopE2e({ server, browser }));

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** Presses "Open service report" and checks the server answered the order's PDF and a new window shows it. */
async function opensReport(page: Page, serviceOrderNo: string) {
  const popup = page.waitForEvent('popup');
  const pdf = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/ServiceCall/${serviceOrderNo}/PDF`);
  await page.getByRole('button', { name: 'Open service report' }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const window_ = await popup;
  await window_.waitForURL(/^blob:/);
  await window_.close();
}

async function signedInPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, EMAIL);
  return { context, page: await context.newPage() };
}

describe('the service report link', () => {
  it('opens the report of an own order for a signed-in user', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/acme/ServiceReport.aspx?${own.id}`);
    await heading(page, `Service report ${own.service_order_no}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/acme/ServiceReport.aspx');
    await page.getByText(`The service report of work order ${own.service_order_no} is ready.`).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await opensReport(page, own.service_order_no);
    await context.close();
  });

  it('also takes the id as a named parameter', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/acme/ServiceReport.aspx?serviceOrderId=${own.id}`);
    await heading(page, `Service report ${own.service_order_no}`).waitFor();
    await context.close();
  });

  it('says another customer’s order is not found, and leads to the work orders', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/globex/ServiceReport.aspx?${foreign.id}`);
    await heading(page, 'Work order not found').waitFor();
    expect(await page.getByText(foreign.service_order_no).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open service report' }).count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('link', { name: 'Go to work orders' }).click();
    await page.waitForURL('**/app/workOrder');
    await context.close();
  });

  it('says so when the user may not open service reports', async () => {
    const set = (may: boolean) =>
      server.database.db
        .updateTable('users')
        .set({ may_open_service_reports: may })
        .where('email', '=', EMAIL)
        .execute();
    await set(false);
    try {
      const { context, page } = await signedInPage();
      await page.goto(`${server.url}/acme/ServiceReport.aspx?${own.id}`);
      await heading(page, `You cannot open the report of ${own.service_order_no}`).waitFor();
      expect(await page.getByRole('button', { name: 'Open service report' }).count()).toBe(0);
      await context.close();
    } finally {
      await set(true);
    }
  });

  it('leads a signed-out visitor through sign-in back to the report', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/acme/ServiceReport.aspx?${own.id}`);
    await page.waitForURL('**/login');
    await page.locator('#login-email').fill(EMAIL);
    await page.locator('#login-password').fill('Portal2026');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`**/acme/ServiceReport.aspx?${own.id}`);
    await heading(page, `Service report ${own.service_order_no}`).waitFor();
    await opensReport(page, own.service_order_no);
    await context.close();
  });
});
