import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { closeWithEscape, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInventoryAs, openFirstRowMenu } from '../support/inventoryPage';

/*
 * View ARC requests (spec 2 section 2, the archive-request side panel): the inventory row menu lists the contract
 * change requests of an instrument with their status; it needs the ARC feature, and the server refuses the same call.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const db = () => server.database.db;
const MANAGER = 'manager@acme-labs.example';
const USER = 'user@acme-labs.example';

/** Opens View ARC requests from the first row and waits for the side panel. */
async function openArcRequests(page: Page) {
  await openFirstRowMenu(page);
  await page.getByRole('menuitem', { name: 'View ARC requests' }).click();
  const panel = page.getByRole('region', { name: 'ARC requests' });
  await panel.waitFor();
  return panel;
}

describe('View ARC requests', () => {
  it('a change request sent from the row menu shows in View ARC requests as submitted', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, MANAGER);
    const id = await openFirstRowMenu(page);
    await page.keyboard.press('Escape');
    const { mfg, serial } = await db()
      .selectFrom('equipment')
      .select(['mfg', 'serial'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

    // Nothing asked yet: the panel says so.
    let panel = await openArcRequests(page);
    await panel.getByText(serial!, { exact: false }).waitFor();
    await panel.getByText('No contract change requests yet').waitFor();
    await closeWithEscape(page, panel);

    await openFirstRowMenu(page);
    await page.getByRole('menuitem', { name: 'Change request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact the contract team' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Please quote a Gold plan for three years.');
    await dialog.getByRole('textbox', { name: 'Interested in' }).fill('Gold plan');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });

    panel = await openArcRequests(page);
    // The panel of the instrument of that row, with the request just sent.
    await panel.getByText(serial!, { exact: false }).waitFor();
    if (mfg) await panel.getByText(mfg, { exact: false }).first().waitFor();
    const list = panel.getByRole('list', { name: 'ARC requests' });
    await list.waitFor();
    const stored = await db()
      .selectFrom('contract_change_requests')
      .select('id')
      .where('equipment_id', '=', id)
      .executeTakeFirstOrThrow();
    const reference = `CR-${String(stored.id).padStart(6, '0')}`;
    const item = list.getByRole('listitem', { name: reference });
    await item.waitFor();
    await item.getByText('Submitted', { exact: true }).waitFor();
    await item.getByText('Please quote a Gold plan for three years.').waitFor();
    await item.getByText('Mark Manager').waitFor();
    await item.getByText('By e-mail').waitFor();
    await item.getByText('Gold plan', { exact: true }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await axeViolations(page, '.bp6-drawer')).toEqual([]);
    // The sent toast goes by itself; the picture shows the panel alone.
    await page.getByText('Your request has been sent', { exact: false }).waitFor({ state: 'hidden', timeout: 15_000 });
    await page.screenshot({ path: '/tmp/arc-en.png' });

    // The contract team takes it on: the panel says so when opened again.
    await db()
      .updateTable('contract_change_requests')
      .set({ status: 'IN_PROGRESS' })
      .where('id', '=', stored.id)
      .execute();
    await closeWithEscape(page, panel);
    panel = await openArcRequests(page);
    await panel.getByRole('listitem', { name: reference }).getByText('In progress', { exact: true }).waitFor();
    await context.close();
  });

  it('without ARC the row menu has no View ARC requests and the server says 403', async () => {
    const user = await db().selectFrom('users').select('id').where('email', '=', USER).executeTakeFirstOrThrow();
    const taken = await db()
      .deleteFrom('user_features')
      .where('user_id', '=', user.id)
      .where('feature', '=', 'ARC')
      .returningAll()
      .execute();
    expect(taken).toHaveLength(1);
    try {
      const { context, page } = await openInventoryAs(browser, server.url, USER);
      const id = await openFirstRowMenu(page);
      const items = await page.getByRole('menuitem').allTextContents();
      expect(items).toContain('Service order details');
      expect(items).not.toContain('View ARC requests');
      expect(items).not.toContain('Change request');
      await page.keyboard.press('Escape');
      const answer = await page.request.get(`${server.url}/api/Equipment/${id}/contract/request`);
      expect(answer.status()).toBe(403);
      await context.close();
    } finally {
      await db().insertInto('user_features').values(taken).execute();
    }
  });
});
