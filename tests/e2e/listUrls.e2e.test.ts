import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ListQuery } from '../../contract/listQuery';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/** The next POST Equipment/list of the inventory, with what it asked for. */
const inventoryList = async (page: Page) => {
  const response = await page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/Equipment/list' && r.request().method() === 'POST',
  );
  return response.request().postDataJSON() as ListQuery;
};

async function signedIn(email: string) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  return { context, page: await context.newPage() };
}

const SORT = JSON.stringify([{ field: 'model', orderType: 1 }]);

describe('the inventory in the URL', () => {
  it('a link opens the same sorted page for a colleague of the same customer', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    const asked = inventoryList(page);
    await page.goto(`${server.url}/app/product?sort=${encodeURIComponent(SORT)}&page=1`);
    const body = await asked;
    expect(body.orderSettings).toEqual([{ field: 'model', orderType: 1 }]);
    expect(body.pageIndex).toBe(1);
    await page.getByText(/^31–\d+ of \d+/).waitFor();
    const link = page.url();
    await context.close();

    const colleague = await signedIn('manager@acme-labs.example');
    const theirs = inventoryList(colleague.page);
    await colleague.page.goto(link);
    const theirBody = await theirs;
    expect(theirBody.orderSettings).toEqual([{ field: 'model', orderType: 1 }]);
    expect(theirBody.pageIndex).toBe(1);
    await colleague.context.close();
  });

  it('Back from an instrument returns to the same list without asking to leave the page', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    await page.goto(`${server.url}/app/product?sort=${encodeURIComponent(SORT)}`);
    await page.getByText(/^1–30 of \d+/).waitFor();
    const listUrl = page.url();
    await page.getByRole('link').filter({ hasText: /\S/ }).and(page.locator('.list-body a')).first().click();
    await page.waitForURL((url) => url.pathname !== '/app/product');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    const again = inventoryList(page);
    await page.goBack();
    await page.waitForURL(listUrl);
    expect((await again).orderSettings).toEqual([{ field: 'model', orderType: 1 }]);
    await context.close();
  });

  it('bad parameters give the default list, not an error page', async () => {
    const { context, page } = await signedIn('user@acme-labs.example');
    const asked = inventoryList(page);
    await page.goto(`${server.url}/app/product?page=-5&sort=garbage&mode=list&view=abc`);
    const body = await asked;
    expect(body.pageIndex).toBe(0);
    expect(body.orderSettings).toEqual([]);
    await page.getByText(/^1–30 of \d+/).waitFor();
    await context.close();
  });
});
