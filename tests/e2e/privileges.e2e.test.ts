import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { axeViolations } from '../support/axe';
import { openInventoryAs, openFirstRowMenu } from '../support/inventoryPage';

/*
 * Features gate what a user sees (spec 2 section 2): the calendar and the row menu's upcoming reservations need
 * Reservation, removing equipment needs ARC; the server refuses the same calls.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const EMAIL = 'user@acme-labs.example';
const db = () => server.database.db;

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

describe('features', () => {
  it('with every feature, the calendar and the reservation and remove items show', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, EMAIL);
    await mainMenu(page).getByRole('menuitem', { name: 'Calendar' }).waitFor();
    await openFirstRowMenu(page);
    await page.getByRole('menuitem', { name: 'Upcoming reservations' }).waitFor();
    await page.getByRole('menuitem', { name: 'Remove from my list' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('without Reservation and ARC, their items are gone, the calendar path leads to welcome and the server says 403', async () => {
    const user = await db().selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    const taken = await db()
      .deleteFrom('user_features')
      .where('user_id', '=', user.id)
      .where('feature', 'in', ['Reservation', 'ARC'])
      .returningAll()
      .execute();
    expect(taken).toHaveLength(2);
    try {
      const { context, page } = await openInventoryAs(browser, server.url, EMAIL);
      await mainMenu(page).getByRole('menuitem', { name: 'Work orders' }).waitFor();
      expect(await mainMenu(page).getByRole('menuitem', { name: 'Calendar' }).count()).toBe(0);
      await openFirstRowMenu(page);
      const items = await page.getByRole('menuitem').allTextContents();
      expect(items).toContain('Service order details');
      expect(items).not.toContain('Upcoming reservations');
      expect(items).not.toContain('Remove from my list');
      await page.keyboard.press('Escape');

      const overview = await page.request.get(
        `${server.url}/api/Equipment/reservationOverview?start=2026-11-01T00:00:00.000Z&end=2026-12-01T00:00:00.000Z`,
      );
      expect(overview.status()).toBe(403);

      await page.goto(`${server.url}/app/calendar`);
      await page.waitForURL('**/app/welcome');
      await context.close();
    } finally {
      await db().insertInto('user_features').values(taken).execute();
    }
  });
});
