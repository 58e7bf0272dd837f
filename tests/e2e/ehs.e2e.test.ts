import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInventoryAs, openFirstRowMenu } from '../support/inventoryPage';
import { axeViolations } from '../support/axe';
import { setChecked } from '../support/controls';

/*
 * Edit EHS data (spec 2 section 4 "EHS multi-select rule"): from the inventory row menu, for users with the Equipment
 * feature and IsEHSAdmin or AllowEHSSetting.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const db = () => server.database.db;

describe('Edit EHS data', () => {
  it('a manager picks options by the exclusive rule, saves, and the server records who changed it', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, 'manager@acme-labs.example');
    const id = await openFirstRowMenu(page);
    await page.getByRole('menuitem', { name: 'Edit EHS data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit EHS data' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isDisabled()).toBe(true);

    await dialog.getByLabel('Machine guarding').selectOption({ label: 'Fixed guard' });
    const chemical = dialog.getByRole('group', { name: 'Chemical hazards' });
    await setChecked(chemical.getByRole('checkbox', { name: 'Toxic' }), true);
    await setChecked(chemical.getByRole('checkbox', { name: 'Flammable' }), true);
    // Not applicable stands alone: it clears the two, and a normal option clears it again.
    await setChecked(chemical.getByRole('checkbox', { name: 'Not applicable' }), true);
    await chemical.getByRole('checkbox', { name: 'Toxic', checked: false }).waitFor();
    expect(await chemical.getByRole('checkbox', { name: 'Flammable' }).isChecked()).toBe(false);
    await setChecked(chemical.getByRole('checkbox', { name: 'Irritant' }), true);
    await chemical.getByRole('checkbox', { name: 'Not applicable', checked: false }).waitFor();
    await dialog.getByText('No', { exact: true }).click();
    await dialog.getByRole('radio', { name: 'No', exact: true, checked: true }).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/Equipment/${id}/ehs`) && r.request().method() === 'PUT',
    );
    await save.click();
    expect((await saved).status()).toBe(200);
    await page.getByText('The EHS data has been saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = await db()
      .selectFrom('equipment')
      .select(['machine_guarding', 'chemical_hazards', 'locked', 'ehs_last_changed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const manager = await db()
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      machine_guarding: 'fixedGuard',
      chemical_hazards: 'irritant',
      locked: false,
      ehs_last_changed_by: `${manager.first_name} ${manager.last_name}`,
    });
    await context.close();
  });

  it('asks before closing with changes, and a standard user has no such item', async () => {
    const manager = await openInventoryAs(browser, server.url, 'manager@acme-labs.example');
    await openFirstRowMenu(manager.page);
    await manager.page.getByRole('menuitem', { name: 'Edit EHS data' }).click();
    const dialog = manager.page.getByRole('dialog', { name: 'Edit EHS data' });
    await setChecked(
      dialog.getByRole('group', { name: 'Energy hazards' }).getByRole('checkbox', { name: 'Electrical' }),
      true,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const alert = manager.page.getByRole('alertdialog');
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Continue editing' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('checkbox', { name: 'Electrical' }).isChecked()).toBe(true);
    await manager.context.close();

    const standard = await openInventoryAs(browser, server.url, 'user@acme-labs.example');
    await openFirstRowMenu(standard.page);
    const items = await standard.page.getByRole('menuitem').allTextContents();
    expect(items).not.toContain('Edit EHS data');
    await standard.context.close();
  });

  it('on the instrument page, a saved change shows in its EHS section', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, 'admin@acme-labs.example');
    const id = await openFirstRowMenu(page);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/app/product/equipmentDetail/${id}`);
    await page.waitForURL(`**/app/product/equipmentDetail/${id}`);
    await page.getByRole('tab', { name: 'Instrument' }).waitFor();
    await page.getByRole('button', { name: 'Edit EHS data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit EHS data' });
    await dialog.getByLabel('Lockout/tagout').selectOption({ label: 'Required' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'EHS data', exact: true }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    const row = await db()
      .selectFrom('equipment')
      .select('lock_tag_out')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.lock_tag_out).toBe('required');
    await context.close();
  });
});
