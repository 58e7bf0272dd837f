import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const userRow = () =>
  server.database.db
    .selectFrom('users')
    .select(['first_name', 'office_phone', 'department'])
    .where('email', '=', 'user@globex.example')
    .executeTakeFirstOrThrow();

describe('my account', () => {
  it('shows the own account from the avatar menu and saves a profile edit', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@globex.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/welcome`);
    await page.waitForURL('**/app/welcome');

    await page.getByRole('button', { name: /Account menu|Gus User/ }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL('**/app/userManagement/myAccount');
    const details = page.getByRole('table', { name: 'My account' });
    await expect.poll(() => details.textContent()).toContain('Gus User');
    expect(await details.textContent()).toContain('user@globex.example');
    await expect
      .poll(() => page.getByRole('table', { name: 'Company information' }).textContent())
      .toContain('Globex Corporation');
    expect(await axeViolations(page)).toEqual([]);

    // An empty first name is refused in the form; nothing reaches the server.
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.waitFor();
    const before = await userRow();
    await dialog.getByLabel('First name').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This field is required.').first().waitFor();
    expect(await userRow()).toEqual(before);

    // A new office phone is saved and shown after a reload.
    await dialog.getByLabel('First name').fill('Gus');
    await dialog.getByLabel('Office phone').fill('+1 217 555 0177');
    if (!before.department) await dialog.getByLabel('Department').fill('Quality control');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await userRow()).office_phone).toBe('+1 217 555 0177');
    await page.reload();
    await expect.poll(() => page.getByRole('table', { name: 'My account' }).textContent()).toContain('+1 217 555 0177');
    await context.close();
  });
});
