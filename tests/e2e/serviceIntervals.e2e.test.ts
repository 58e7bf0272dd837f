import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { setChecked } from '../support/controls';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInstrumentAs, openInventoryAs } from '../support/inventoryPage';

/*
 * Service intervals (issue 38): a manager sets an instrument's intervals and sees the next due date; sets one on a
 * grid selection; the inventory's due columns say overdue or due soon in words and colour, sort and filter.
 */

let server: E2eServer;
let browser: Browser;
/** Instruments on the manager's list, without intervals, each installed on a chosen day. */
let ids: number[];
const db = () => server.database.db;
const MANAGER = 'manager@acme-labs.example';
const serialOf = (i: number) => `SI-E2E-${i + 1}`;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const monthsAgo = (months: number, plusDays: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  const manager = await db().selectFrom('users').select('id').where('email', '=', MANAGER).executeTakeFirstOrThrow();
  const rows = await db()
    .selectFrom('equipment')
    .select('id')
    .where(sql<boolean>`${manager.id} = any(follower_ids)`)
    .where('is_hidden', '=', false)
    .orderBy('id', 'desc')
    .limit(4)
    .execute();
  ids = rows.map((r) => r.id);
  await db().deleteFrom('service_intervals').where('equipment_id', 'in', ids).execute();
  await db().deleteFrom('service_calls').where('equipment_id', 'in', ids).execute();
  // Installed 12 months ago give or take: with a yearly calibration, overdue, due soon, later, and one due soon too.
  const installed = [monthsAgo(12, -20), monthsAgo(12, 10), monthsAgo(12, 90), monthsAgo(12, 20)];
  for (const [i, id] of ids.entries())
    await db()
      .updateTable('equipment')
      .set({ inst_date: installed[i]!, serial: serialOf(i) })
      .where('id', '=', id)
      .execute();
});
afterAll(() => stopE2e({ server, browser }));

/** The inventory showing only the test's instruments and the due columns, sorted and filtered as the URL says. */
async function openInventoryOf(page: Page, more: Record<string, string> = {}) {
  const filter = [
    { field: 'serial', operator: 7, value: ids.map((_, i) => serialOf(i)) },
    ...JSON.parse(more.filter ?? '[]'),
  ];
  // The due columns first, so the grid draws them within the window.
  const columns = JSON.stringify(['nextCalibrationDue', 'nextMaintenanceDue', 'mfg', 'model']);
  const query = new URLSearchParams({ columns, order: columns, ...more, filter: JSON.stringify(filter) });
  await page.goto(`${server.url}/app/product?${query}`);
  await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
}

describe('Service intervals', () => {
  it('a manager sets a yearly calibration on an instrument, a wrong entry is explained, the due date shows', async () => {
    const id = ids[1]!;
    const { page, close } = await openInstrumentAs(browser, server.url, MANAGER, id);
    const section = page.getByRole('region', { name: 'Service intervals' });
    await section.getByText('No service intervals are set for this instrument.').waitFor();
    await section.getByRole('button', { name: 'Edit intervals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Service intervals' });
    await dialog.waitFor();
    const calibration = dialog.getByRole('textbox', { name: 'Calibration' });
    await calibration.fill('0');
    await dialog.getByRole('button', { name: 'Save intervals' }).click();
    await dialog.getByText('Enter 1 to 120 months.').waitFor();
    expect(await calibration.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    // Closing with an entry asks first; continuing keeps what was typed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue editing' }).click();
    await calibration.fill('12');
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/Equipment/${id}/serviceIntervals`) && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Save intervals' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('The service intervals were saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = section.getByRole('row', { name: /Calibration/ });
    await row.getByText(/due soon$/).waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('12');
    await close();

    // A standard user sees the dates but has nothing to edit them with.
    const standard = await openInstrumentAs(browser, server.url, 'user@acme-labs.example', id);
    const shown = standard.page.getByRole('region', { name: 'Service intervals' });
    await shown.getByRole('row', { name: /Calibration/ }).waitFor();
    expect(await shown.getByRole('button', { name: 'Edit intervals' }).count()).toBe(0);
    await standard.close();
  });

  it('a manager sets a yearly calibration on the selected rows; the due columns flag them in words', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, MANAGER);
    await openInventoryOf(page);
    await setChecked(page.getByRole('checkbox', { name: 'Select the rows of this page' }), true);
    await page.getByRole('button', { name: 'Set service interval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a service interval' });
    await dialog.getByText('Selected instruments: 4.').waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Enter the number of months.').waitFor();
    expect(await dialog.getByLabel('Kind of work').inputValue()).toBe('9');
    await dialog.getByRole('textbox', { name: 'Interval (months)' }).fill('12');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const saved = page.waitForResponse((r) => r.url().includes('/api/Equipment/serviceIntervals/bulk'));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    expect((await saved).request().postDataJSON()).toMatchObject({ serviceCallType: 9, intervalMonths: 12 });
    // One of the four had it already (the first test set it).
    await page.getByText('Calibration interval set. Instruments changed: 3. Already so: 1.').waitFor();

    for (const [i, status] of (['overdue', 'soon', null, 'soon'] as const).entries()) {
      const cell = page.getByTestId(`nextCalibrationDue-${ids[i]}`);
      await cell.waitFor();
      expect(await cell.getAttribute('data-due')).toBe(status);
      if (status === 'overdue') expect(await cell.textContent()).toMatch(/ · overdue$/);
      if (status === 'soon') expect(await cell.textContent()).toMatch(/ · due soon$/);
    }
    expect(await axeViolations(page, '.list-table')).toEqual([]);
    await context.close();
  });

  it('sorts by the next calibration due and filters to what falls due in 30 days, from the URL', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, MANAGER);
    const asked = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/Equipment/list' && r.request().postDataJSON().filterSettings.length > 1,
    );
    await openInventoryOf(page, {
      sort: JSON.stringify([{ field: 'nextCalibrationDue', orderType: 0 }]),
      filter: JSON.stringify([{ field: 'nextCalibrationDue', operator: 2, value: [day(0), day(30)] }]),
    });
    const body = (await asked).request().postDataJSON();
    expect(body.orderSettings).toEqual([{ field: 'nextCalibrationDue', orderType: 0 }]);
    await page.getByTestId(`nextCalibrationDue-${ids[1]}`).waitFor();
    const shown = await page
      .locator('[data-testid^="nextCalibrationDue-"]')
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-testid')!.split('-')[1])));
    // Due soon only, the earlier first: installed 12 months less 10 days ago, then less 20.
    expect(shown).toEqual([ids[1], ids[3]]);
    await context.close();
  });
});
