import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

  it('changes the language on its own while the department is still empty, with feedback, and shows it at once', async () => {
    await server.database.db
      .updateTable('users')
      .set({ department: null, language_code: 'en-us' })
      .where('email', '=', 'manager@acme-labs.example')
      .execute();
    const page = await myAccountOf('manager@acme-labs.example');
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect.poll(() => language.inputValue()).toBe('1');
    expect(await axeViolations(page)).toEqual([]);

    await language.selectOption({ label: 'Español' });
    await page.getByText('Idioma guardado: el portal ya se muestra en este idioma.').waitFor();
    await page.getByRole('heading', { name: 'Mi cuenta' }).waitFor();
    const saved = await server.database.db
      .selectFrom('users')
      .select(['language_code', 'department'])
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ language_code: 'es', department: null });
    await page.reload();
    await page.getByRole('heading', { name: 'Mi cuenta' }).waitFor();
    await page.context().close();
  });

  it('moves the focus to the first field in error when a save fails, and leaves the own language out of the form', async () => {
    await server.database.db
      .updateTable('users')
      .set({ department: null, language_code: 'en-us' })
      .where('email', '=', 'admin@globex.example')
      .execute();
    const page = await myAccountOf('admin@globex.example');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Language').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'profile-edit-department');

    await dialog.getByLabel('Last name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'profile-edit-lastName');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('edits the company fields of the profile, and another city fills them with that location', async () => {
    const page = await myAccountOf('admin@acme-labs.example');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByRole('heading', { name: 'Company information' }).waitFor();
    const company = dialog.getByLabel('Company name');
    expect(await company.inputValue()).toBe('Acme Labs');
    expect(await company.getAttribute('maxlength')).toBe('60');
    expect(await dialog.getByLabel('Address').getAttribute('maxlength')).toBe('200');
    expect(await dialog.getByLabel('State').getAttribute('maxlength')).toBe('30');
    expect(await dialog.getByLabel('ZIP code').getAttribute('maxlength')).toBe('30');

    // Another city: its address, state and zip.
    await dialog.getByLabel('City').selectOption({ label: 'Cambridge – 1 Kendall Sq' });
    await expect.poll(() => dialog.getByLabel('Address').inputValue()).toBe('1 Kendall Sq');
    expect(await dialog.getByLabel('ZIP code').inputValue()).toBe('02139');
    expect(await axeViolations(page)).toEqual([]);

    await company.fill('Acme Labs East');
    await dialog.getByLabel('State').fill('Massachusetts');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const info = page.getByRole('table', { name: 'Company information' });
    await expect.poll(() => info.textContent()).toContain('Acme Labs East');
    const text = await info.textContent();
    expect(text).toContain('Cambridge');
    expect(text).toContain('Massachusetts');
    expect(text).toContain('02139');
    await page.context().close();
  });

  it('highlights no menu entry on My account, and Users on the user list and a user of it', async () => {
    const page = await myAccountOf('admin@acme-labs.example');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('menuitem', { name: 'Users' }).waitFor();
    expect(await menu.locator('.bp6-active').count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL('**/app/userManagement');
    await menu.locator('.bp6-active', { hasText: 'Users' }).waitFor();
    await page.getByRole('link', { name: 'Mark Manager' }).click();
    await page.waitForURL('**/app/userManagement/userDetails/*');
    await menu.locator('.bp6-active', { hasText: 'Users' }).waitFor();
    expect(await menu.locator('.bp6-active').count()).toBe(1);
    await page.context().close();
  });
});

/** A signed-in page of `email` at My account. */
async function myAccountOf(email: string): Promise<Page> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/userManagement/myAccount`);
  await page.getByRole('heading', { name: 'My account' }).waitFor();
  await page.getByRole('table', { name: 'My account' }).getByText(email).waitFor();
  return page;
}

describe('profile completion', () => {
  it('shows the portal footer under the two-step frame', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'new@acme-labs.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/welcome`);
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    const footer = page.locator('footer.portal-footer');
    await footer.getByText('About us').waitFor();
    expect(await footer.textContent()).toMatch(/2007.*2020/);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
