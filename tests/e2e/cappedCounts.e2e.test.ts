import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'kysely';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInventoryAs } from '../support/inventoryPage';
import { axeViolations } from '../support/axe';

/** The server counts at most this many matches exactly on a page; the inventory pages by 30. */
const CAP = 40;
const EMAIL = 'user@acme-labs.example';

const position = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('[aria-live]');
const nextPage = (page: Page) =>
  page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next page' });

/** Opens the inventory, checks the word 'inv' matches all of it, and answers the unfiltered total it shows. */
async function inventoryOf(server: E2eServer, browser: Browser) {
  const user = await server.database.db
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', EMAIL)
    .executeTakeFirstOrThrow();
  const count = async (word: boolean) =>
    Number(
      (
        await server.database.db
          .selectFrom('equipment')
          .select(sql<string>`count(*)`.as('n'))
          .where('customer_id', '=', user.customer_id)
          .$if(word, (qb) => qb.where(sql<boolean>`search @@ to_tsquery('simple', 'inv:*')`))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Every instrument of the demo world has an inventory ID (INV-…), so the word matches the whole list.
  expect(await count(true)).toBe(await count(false));
  const { context, page } = await openInventoryAs(browser, server.url, EMAIL);
  await page.getByRole('heading', { level: 1, name: 'Product' }).waitFor();
  const all = Number((await page.getByText(/^1–30 of \d+$/).innerText()).split(' of ')[1]);
  expect(all).toBeGreaterThan(CAP + 30);
  return { context, page, all };
}

describe('a list with more matches than its page counts', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startE2e({ exactCountMax: CAP }));
  });
  afterAll(() => stopE2e({ server, browser }));

  it('shows the exact total once its count call answers, with the page count', async () => {
    const { context, page, all } = await inventoryOf(server, browser);
    await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill('inv');
    await page.getByText(`1–30 of ${all}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: `Page 1 of ${Math.ceil(all / 30)}`, exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await nextPage(page).click();
    await page.getByText(`31–60 of ${all}`, { exact: true }).waitFor();
    await context.close();
  });
});

describe('the work-order history with more orders than its page counts', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startE2e({ exactCountMax: CAP }));
  });
  afterAll(() => stopE2e({ server, browser }));

  it('shows 40+ while its count call runs, then the exact total with its pages', async () => {
    const user = await server.database.db
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    const history = Number(
      (
        await server.database.db
          .selectFrom('service_calls')
          .select(sql<string>`count(*)`.as('n'))
          .where('customer_id', '=', user.customer_id)
          .where('is_history', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(history).toBeGreaterThan(CAP);
    const { context, page } = await openInventoryAs(browser, server.url, EMAIL);
    // The count call waits until the page has been seen saying it is counting.
    let answerCount!: () => void;
    const counted = new Promise<void>((resolve) => (answerCount = resolve));
    let held = 0;
    await page.route('**/api/ServiceCall/list/count?*', async (route) => {
      held += 1;
      await counted;
      await route.continue();
    });
    await page.goto(`${server.url}/app/workOrder`);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText(`1–20 of ${CAP}+ — counting…`, { exact: true }).waitFor();
    expect(held).toBeGreaterThan(0);
    answerCount();
    await page.getByText(`1–20 of ${history}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: `Page 1 of ${Math.ceil(history / 20)}`, exact: true }).waitFor();
    await context.close();
  });
});

describe('a list whose count runs out of time', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startE2e({ exactCountMax: CAP, countBoundMs: 0 }));
  });
  afterAll(() => stopE2e({ server, browser }));

  it('shows its total as a lower bound and pages by next to the last row', async () => {
    const { context, page, all } = await inventoryOf(server, browser);
    await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill('inv');
    await page.getByText(`1–30 of more than ${CAP}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Page 1', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    let shownLast = 30;
    while (await nextPage(page).isEnabled()) {
      await nextPage(page).click();
      const first = shownLast + 1;
      await page.getByText(new RegExp(`^${first}–\\d+ of (more than \\d+|\\d+\\+)$`)).waitFor();
      const [range, total] = (await position(page).innerText()).split(' of ');
      shownLast = Number(range!.split('–')[1]);
      expect(Number(total!.replace(/[^\d]/g, ''))).toBe(Math.max(CAP, shownLast));
    }
    expect(shownLast).toBe(all);
    await context.close();
  });

  it('stays on the page whose rows it shows while the next page is on its way, then moves with them', async () => {
    const { context, page } = await inventoryOf(server, browser);
    await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill('inv');
    await page.getByText(`1–30 of more than ${CAP}`, { exact: true }).waitFor();
    const firstRow = page.getByRole('button', { name: /^Actions for / }).first();
    const firstOfPageOne = await firstRow.getAttribute('data-testid');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked: number[] = [];
    await page.route(
      (url) => url.pathname === '/api/Equipment/list',
      async (route) => {
        const { pageIndex } = route.request().postDataJSON() as { pageIndex: number };
        asked.push(pageIndex);
        if (pageIndex === 1) await released;
        await route.continue();
      },
    );
    await nextPage(page).click();
    await page.locator('.list-body[aria-busy="true"]').waitFor();
    expect(asked).toEqual([1]);
    // The rows are still the first page's: so are the position, the page and next.
    expect(await position(page).innerText()).toBe(`1–30 of more than ${CAP}`);
    await page.getByRole('button', { name: 'Page 1', exact: true }).waitFor();
    await nextPage(page).click();
    expect(await firstRow.getAttribute('data-testid')).toBe(firstOfPageOne);
    release();
    await page.getByText(new RegExp(`^31–60 of (more than \\d+|\\d+\\+)$`)).waitFor();
    await page.getByRole('button', { name: 'Page 2', exact: true }).waitFor();
    expect(await firstRow.getAttribute('data-testid')).not.toBe(firstOfPageOne);
    await page.locator('.list-body[aria-busy="false"]').waitFor();
    expect(asked).toEqual([1]);
    await context.close();
  });
});
