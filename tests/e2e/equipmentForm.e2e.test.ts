import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LINKABLE_EQUIPMENT_MAX, USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInventoryAs } from '../support/inventoryPage';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/*
 * The inventory page opens the equipment dialogs from its toolbar buttons "New product" and "Manage my products"
 * (with the badge of newly available equipment) and from the row menu (button `row-actions-<equipmentId>`).
 */

const newProductButton = (page: Page) => page.getByRole('button', { name: 'New product', exact: true });
const manageProductsButton = (page: Page) => page.getByRole('button', { name: /^Manage my products/ });

async function openInventory(email: string) {
  const { context, page } = await openInventoryAs(browser, server.url, email);
  await newProductButton(page).waitFor();
  return { context, page };
}

const equipmentWithSerial = (serial: string) =>
  server.database.db.selectFrom('equipment').selectAll().where('serial', '=', serial).executeTakeFirst();

const search = (page: Page, text: string) =>
  page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill(text);

describe('add, edit and delete equipment', () => {
  it('refuses an invalid phone on the field and the tab badge, saves nothing, then saves once it is fixed', async () => {
    const { context, page } = await openInventory('user@acme-labs.example');
    const serial = 'E2EPHONE0001';

    await newProductButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Add equipment' });
    await dialog.getByRole('tab', { name: 'Basic info' }).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await dialog.getByRole('combobox', { name: 'Make' }).fill('Agilent');
    await dialog.getByRole('combobox', { name: 'Model' }).fill('1290 Infinity II');
    await dialog.getByLabel('Serial number').fill(serial);
    await dialog.getByLabel('Primary user phone').fill('call me maybe');

    // Checked on change: the message shows under the field at once.
    const phoneMessage = dialog.getByText('Please enter a valid phone number', { exact: false });
    await phoneMessage.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Some fields need your attention. Please correct them and try again.').waitFor();
    await expect.poll(() => dialog.getByTestId('equipment-form-tab-errors-basic').innerText()).toBe('1');
    expect(await dialog.getByTestId('equipment-form-tab-errors-additional').count()).toBe(0);
    expect(await equipmentWithSerial(serial)).toBeUndefined();

    await dialog.getByLabel('Primary user phone').fill('+1 (617) 555-0101');
    await expect.poll(() => phoneMessage.count()).toBe(0);
    expect(await dialog.getByTestId('equipment-form-tab-errors-basic').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The equipment has been added to your list.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = await equipmentWithSerial(serial);
    expect(saved).toMatchObject({ mfg: 'Agilent', model: '1290 Infinity II', contact_phone: '+1 (617) 555-0101' });

    await search(page, serial);
    await page.getByText(serial, { exact: true }).first().waitFor();
    await context.close();
  });

  it('fills the service company from the provider make and computes the instrument age', async () => {
    const { context, page } = await openInventory('user@acme-labs.example');
    await newProductButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Add equipment' });
    await dialog.getByRole('combobox', { name: 'Make' }).fill('perkinelmer');
    await dialog.getByLabel('Construction year').selectOption(String(new Date().getFullYear() - 2));
    await dialog.getByLabel('Construction month').selectOption(String(new Date().getMonth() + 1));
    await expect.poll(() => dialog.getByLabel('Instrument age (months)').inputValue()).toBe('24');

    await dialog.getByRole('tab', { name: 'Additional info' }).click();
    await expect.poll(() => dialog.getByLabel('Service company', { exact: true }).inputValue()).toBe('PerkinElmer');

    // Leaving with unsaved data asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const unsaved = page.getByRole('alertdialog');
    await unsaved.getByRole('button', { name: 'Continue editing' }).click();
    await unsaved.waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: 'Additional info' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('deletes equipment the user added, from the row menu', async () => {
    const { context, page } = await openInventory('user@acme-labs.example');
    const serial = 'E2EDELETE001';
    await newProductButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Add equipment' });
    await dialog.getByRole('combobox', { name: 'Make' }).fill('Waters');
    await dialog.getByRole('combobox', { name: 'Model' }).fill('ACQUITY UPLC H-Class');
    await dialog.getByLabel('Serial number').fill(serial);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const { id } = (await equipmentWithSerial(serial))!;

    await search(page, serial);
    await page.getByTestId(`row-actions-${id}`).first().click();
    await page.getByRole('menuitem', { name: 'Delete equipment' }).click();
    const alert = page.getByRole('alertdialog');
    await alert
      .getByText(`Delete Waters ACQUITY UPLC H-Class ${serial}? You added this equipment`, { exact: false })
      .waitFor();
    await alert.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Waters ACQUITY UPLC H-Class ${serial} has been deleted.`).waitFor();
    expect(await equipmentWithSerial(serial)).toBeUndefined();
    await context.close();
  });
  it('edits user-added equipment: picking a contract fills its fields and shows its equipment count', async () => {
    const db = server.database.db;
    const user = await db
      .selectFrom('users')
      .select(['id', 'customer_id', 'location_id'])
      .where('email', '=', 'user@acme-labs.example')
      .executeTakeFirstOrThrow();
    const serial = 'E2ECONTRACT1';
    const { id } = await db
      .insertInto('equipment')
      .values({
        customer_id: user.customer_id,
        location_id: user.location_id!,
        mfg: 'Shimadzu',
        model: 'LC-2050',
        serial,
        data_source_id: USER_ADDED_DATA_SOURCE_ID,
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_equipment').values({ user_id: user.id, equipment_id: id }).execute();
    const contract = await db
      .selectFrom('contracts')
      .selectAll()
      .where('customer_id', '=', user.customer_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const under = await db
      .selectFrom('equipment_contracts')
      .innerJoin('equipment', 'equipment.id', 'equipment_contracts.equipment_id')
      .select('equipment.id')
      .where('equipment_contracts.contract_id', '=', contract.id)
      .where('equipment.is_hidden', '=', false)
      .execute();

    const { context, page } = await openInventory('user@acme-labs.example');
    await search(page, serial);
    await page.getByTestId(`row-actions-${id}`).first().click();
    await page.getByRole('menuitem', { name: 'Edit equipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit equipment' });
    await dialog.getByRole('tab', { name: 'Contract info' }).click();
    await dialog.getByRole('combobox', { name: 'Contract number' }).fill(contract.vendor_contract_id.slice(0, 6));
    await page.getByRole('option', { name: contract.vendor_contract_id }).click();
    await expect.poll(() => dialog.getByLabel('End date').inputValue()).toBe(contract.contract_expiry);
    await expect.poll(() => dialog.getByLabel('Contract type').inputValue()).toBe(contract.contract_type);
    await dialog.getByText(`Equipment under this contract: ${under.length}`).waitFor();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    const links = await db.selectFrom('equipment_contracts').selectAll().where('equipment_id', '=', id).execute();
    expect(links).toEqual([{ equipment_id: id, contract_id: contract.id }]);
    await context.close();
  });
});

describe('manage my products', () => {
  it('shows the first-time hint, the current city first, links equipment, and the list shows it', async () => {
    const email = 'manager@acme-labs.example';
    const db = server.database.db;
    const manager = await db
      .selectFrom('users')
      .innerJoin('locations', 'locations.id', 'users.location_id')
      .select(['users.id', 'locations.city'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    // A user who never linked equipment and has none on the list.
    await db.deleteFrom('user_equipment').where('user_id', '=', manager.id).execute();
    await db.updateTable('users').set({ has_linked_equipment: false }).where('id', '=', manager.id).execute();

    const { context, page } = await openInventory(email);
    await manageProductsButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Manage my products' });
    await dialog.getByText('Build your equipment list').waitFor();
    const tabs = dialog.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBe(3);
    expect(await tabs.first().innerText()).toMatch(new RegExp(`^${manager.city}\\s*Current$`));

    const firstItem = dialog.getByRole('tabpanel').getByRole('listitem').first();
    await firstItem.locator('label').click();
    await expect.poll(() => firstItem.getByRole('checkbox').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add to my list (1)' }).click();
    await page.getByText('Equipment added to your list: 1').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const linked = await db
      .selectFrom('user_equipment')
      .innerJoin('equipment', 'equipment.id', 'user_equipment.equipment_id')
      .select(['equipment.serial', 'equipment.location_id'])
      .where('user_equipment.user_id', '=', manager.id)
      .execute();
    expect(linked).toHaveLength(1);
    const flag = await db
      .selectFrom('users')
      .select('has_linked_equipment')
      .where('id', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect(flag.has_linked_equipment).toBe(true);
    await page.getByText(linked[0]!.serial!, { exact: true }).first().waitFor();

    // Linked once: the hint does not come back.
    await manageProductsButton(page).click();
    await dialog.getByRole('tab').first().waitFor();
    expect(await dialog.getByText('Build your equipment list').count()).toBe(0);
    await context.close();
  });

  it('shows the first 200 of a large location, finds one beyond them by a server search, and links it', async () => {
    const email = 'user@acme-labs.example';
    const db = server.database.db;
    const user = await db
      .selectFrom('users')
      .select(['id', 'customer_id', 'location_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const count = LINKABLE_EQUIPMENT_MAX + 30;
    const serialOf = (i: number) => `E2EMANY${String(i).padStart(4, '0')}`;
    const inserted = await db
      .insertInto('equipment')
      .values(
        Array.from({ length: count }, (_, i) => ({
          customer_id: user.customer_id,
          location_id: user.location_id!,
          mfg: 'Aaa Bulk',
          model: 'Rack',
          serial: serialOf(i),
          data_source_id: 1,
        })),
      )
      .returning('id')
      .execute();
    const total = await db
      .selectFrom('equipment')
      .select(db.fn.countAll<string>().as('n'))
      .where('location_id', '=', user.location_id!)
      .where('is_hidden', '=', false)
      .executeTakeFirstOrThrow();
    try {
      const { context, page } = await openInventory(email);
      await manageProductsButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Manage my products' });
      const panel = dialog.getByRole('tabpanel');
      await panel
        .getByText(`Showing the first ${LINKABLE_EQUIPMENT_MAX} of ${Number(total.n)} equipment.`, { exact: false })
        .waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(LINKABLE_EQUIPMENT_MAX);

      const last = serialOf(count - 1);
      expect(await panel.getByText(last, { exact: false }).count()).toBe(0);
      const searched = page.waitForResponse((r) => r.url().includes('/list/all') && r.url().includes('keyword='));
      await panel.getByRole('searchbox').fill(last);
      await searched;
      const item = panel.getByRole('listitem').filter({ hasText: last });
      await item.waitFor();
      await panel.locator('ul[aria-busy="false"]').waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(1);
      expect(await panel.getByText('Showing the first', { exact: false }).count()).toBe(0);
      await item.locator('label').click();
      await dialog.getByRole('button', { name: 'Add to my list (1)' }).click();
      await page.getByText('Equipment added to your list: 1').waitFor();
      const linked = await db
        .selectFrom('user_equipment')
        .select('equipment_id')
        .where('user_id', '=', user.id)
        .where('equipment_id', '=', inserted[count - 1]!.id)
        .execute();
      expect(linked).toHaveLength(1);
      await context.close();
    } finally {
      const ids = inserted.map((r) => r.id);
      await db.deleteFrom('user_equipment').where('equipment_id', 'in', ids).execute();
      await db.deleteFrom('equipment').where('id', 'in', ids).execute();
    }
  });
});
