import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Equipment } from '../../contract/equipment';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const db = () => server.database.db;
const isList = (url: string) => /\/api\/Equipment\/list$/i.test(new URL(url).pathname);

/** The PE user switched to Acme Labs, on the products-management page; answers the first page's rows. */
async function openProductsManagement(): Promise<{ page: Page; rows: Equipment[] }> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, 'pe@provider.example');
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  await page.getByRole('button', { name: 'Current company' }).click();
  await page.getByRole('menuitem', { name: 'Switch customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch customer' });
  await dialog.getByRole('textbox', { name: 'Search customers by name or number' }).fill('acme');
  await dialog.getByRole('menu', { name: 'Customers' }).getByRole('menuitem', { name: 'Acme Labs' }).click();
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: 'Current company' }).filter({ hasText: 'Acme Labs' }).waitFor();

  const listed = page.waitForResponse((r) => isList(r.url()) && r.request().method() === 'POST' && r.ok());
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('menuitem', { name: 'Products management' })
    .click();
  await page.waitForURL('**/app/administration/productsManagement');
  await page.getByRole('heading', { name: 'Products management' }).waitFor();
  const answer = (await (await listed).json()) as { result: { items: Equipment[] } };
  const rows = answer.result.items;
  await page.getByRole('textbox', { name: `Primary user of ${rows[0]!.serial}`, exact: true }).waitFor();
  return { page, rows };
}

const cell = (page: Page, field: string, row: Equipment) =>
  page.getByRole('textbox', { name: `${field} of ${row.serial}`, exact: true });

/** The visible entered/max counter beside a cell's input. */
const counterOf = (input: Locator) => input.locator('xpath=..').locator('.length-counter > [aria-hidden]');

const stored = (id: number) =>
  db()
    .selectFrom('equipment')
    .select(['part_number', 'contact_name', 'contact_email'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('products management', () => {
  it('edits three rows; a bad primary-user e-mail saves nothing until it is fixed, then Update saves all three', async () => {
    const { page, rows } = await openProductsManagement();
    expect(await axeViolations(page)).toEqual([]);
    const [a, b, c] = rows as [Equipment, Equipment, Equipment];
    const update = page.getByRole('button', { name: /^Update/ });
    await expect.poll(() => update.isDisabled()).toBe(true);

    await cell(page, 'Part number', a).fill('PN-E2E-1');
    await cell(page, 'Primary user', b).fill('Bea Bench');
    await cell(page, 'Primary user e-mail', c).fill('not-an-address');
    await page.getByRole('button', { name: 'Update (3)' }).waitFor();
    // The cell being edited shows its entered/max counter, which follows the typing; the other cells show none.
    const email = cell(page, 'Primary user e-mail', c);
    await expect.poll(() => counterOf(email).textContent()).toBe('14/241');
    await email.press('End');
    await email.pressSequentially('x');
    await expect.poll(() => counterOf(email).textContent()).toBe('15/241');
    await email.press('Backspace');
    await expect.poll(() => counterOf(email).textContent()).toBe('14/241');
    expect(await counterOf(cell(page, 'Part number', a)).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    for (const row of [a, b, c]) {
      await expect
        .poll(() => page.getByRole('checkbox', { name: `Select row ${row.serial}`, exact: true }).isChecked())
        .toBe(true);
    }
    await expect
      .poll(() =>
        page.getByRole('checkbox', { name: 'Select all rows' }).evaluate((e) => (e as HTMLInputElement).indeterminate),
      )
      .toBe(true);

    let saves = 0;
    page.on('request', (r) => void (/editingList/i.test(r.url()) && saves++));
    await page.getByRole('button', { name: 'Update (3)' }).click();
    await page
      .getByRole('region', { name: 'Products management' })
      .getByRole('alert')
      .filter({ hasText: 'Please enter a valid e-mail address for the primary user.' })
      .waitFor();
    expect(await cell(page, 'Primary user e-mail', c).getAttribute('aria-invalid')).toBe('true');
    expect(saves).toBe(0);
    expect((await stored(a.equipmentId)).part_number).not.toBe('PN-E2E-1');

    await cell(page, 'Primary user e-mail', c).fill('carla.chem@acme-labs.example');
    // The new address is in the cell and its problem has left the page before the cell is read.
    await expect.poll(() => cell(page, 'Primary user e-mail', c).inputValue()).toBe('carla.chem@acme-labs.example');
    await page
      .getByRole('region', { name: 'Products management' })
      .getByRole('alert')
      .filter({ hasText: 'Please enter a valid e-mail address for the primary user.' })
      .waitFor({ state: 'detached' });
    expect(await cell(page, 'Primary user e-mail', c).getAttribute('aria-invalid')).toBeNull();
    const saved = page.waitForResponse((r) => /editingList/i.test(r.url()) && r.ok());
    await page.getByRole('button', { name: 'Update (3)' }).click();
    expect(((await (await saved).json()) as { result: { updatedCount: number } }).result.updatedCount).toBe(3);
    await page.getByText('The products were updated.').waitFor();
    await page.getByRole('button', { name: 'Update (0)' }).waitFor();

    expect(await stored(a.equipmentId)).toMatchObject({ part_number: 'PN-E2E-1' });
    expect(await stored(b.equipmentId)).toMatchObject({ contact_name: 'Bea Bench' });
    expect(await stored(c.equipmentId)).toMatchObject({ contact_email: 'carla.chem@acme-labs.example' });

    await page.reload();
    await page.getByRole('heading', { name: 'Products management' }).waitFor();
    // The latest customer change comes first: the three saved rows lead the grid after the reload.
    await cell(page, 'Part number', a).waitFor();
    await expect.poll(() => cell(page, 'Part number', a).inputValue()).toBe('PN-E2E-1');
    await expect.poll(() => cell(page, 'Primary user', b).inputValue()).toBe('Bea Bench');
    await expect.poll(() => cell(page, 'Primary user e-mail', c).inputValue()).toBe('carla.chem@acme-labs.example');
    expect(await page.getByRole('checkbox', { name: `Select row ${a.serial}`, exact: true }).isChecked()).toBe(false);
    await page.context().close();
  });

  it('selects the focused row with Space and unselects it with Space again', async () => {
    const { page, rows } = await openProductsManagement();
    const second = page.getByRole('checkbox', { name: `Select row ${rows[1]!.serial}`, exact: true });
    expect(await second.isChecked()).toBe(false);
    await page.getByRole('region', { name: 'Products of the customer', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => second.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: `Select row ${rows[0]!.serial}`, exact: true }).isChecked()).toBe(
      false,
    );
    await page.keyboard.press('Space');
    await expect.poll(() => second.isChecked()).toBe(false);
    await page.context().close();
  });

  it('asks before paging away from edits, and keeps them when the user stays', async () => {
    const { page, rows } = await openProductsManagement();
    const first = rows[0]!;
    await cell(page, 'Primary user', first).fill('Unsaved Name');
    await page.getByRole('button', { name: 'Update (1)' }).waitFor();

    let listCalls = 0;
    page.on('request', (r) => void (isList(r.url()) && listCalls++));
    await page.getByRole('button', { name: 'Next page' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Rows edited and not saved: 1.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Keep editing' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(listCalls).toBe(0);
    expect(await cell(page, 'Primary user', first).inputValue()).toBe('Unsaved Name');

    const nextPage = page.waitForResponse((r) => isList(r.url()) && r.ok());
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard edits' }).click();
    const answer = (await (await nextPage).json()) as { result: { items: Equipment[] } };
    await cell(page, 'Primary user', answer.result.items[0]!).waitFor();
    await page.getByRole('button', { name: 'Update (0)' }).waitFor();
    await page.context().close();
  });
});
