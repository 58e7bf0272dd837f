import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROLE } from '../../contract/limits';
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
const userRow = (email: string) =>
  db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

/** A new browser context signed in as `email`, with a page open at `path` (the welcome page unless told). */
async function signedInPage(email: string, path = '/app/welcome'): Promise<Page> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await page.waitForURL(`**${path}`);
  return page;
}

/** Open the user list from the main menu and wait for its grid. */
async function openUserList(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Users' }).click();
  await page.waitForURL('**/app/userManagement');
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  await page.getByRole('link', { name: 'Mark Manager' }).waitFor();
}

async function openColumnMenu(page: Page, name: string) {
  const header = page.locator('.bp6-table-quadrant-top .bp6-table-header', { hasText: name }).first();
  await header.hover();
  await header.locator('.bp6-table-th-menu').click();
}

describe('the customer user list', () => {
  it("lists the customer's users, filters them by role, and opens a user's account from the name", async () => {
    const page = await signedInPage('admin@acme-labs.example');
    await openUserList(page);
    await page.getByRole('link', { name: 'Uma Standard' }).waitFor();
    // A user without a location is listed without a link.
    await page.getByText('Nora Newcomer', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Nora Newcomer' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await openColumnMenu(page, 'Role');
    await page.getByRole('menuitem', { name: 'Filter…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Role' });
    await dialog.getByText('Manager', { exact: true }).click();
    const answered = page.waitForResponse((r) => r.url().includes('/api/users/list') && r.status() === 200);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const answer = (await (await answered).json()) as { result: { items: { role: number }[] } };
    expect(answer.result.items.length).toBeGreaterThan(0);
    expect(answer.result.items.every((u) => u.role === ROLE.Manager)).toBe(true);
    await page.getByText('Role: Manager').waitFor();
    await page.getByRole('link', { name: 'Uma Standard' }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Mark Manager' }).click();
    await page.waitForURL('**/app/userManagement/userDetails/*');
    await page.getByRole('heading', { name: 'Account of Mark Manager' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/app\/userManagement\?filter=/);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByText('Role: Manager').waitFor();
    await page.context().close();
  });

  it('narrows the list to not yet activated or activated users, and shows e-mails as mail links', async () => {
    const acme = await userRow('admin@acme-labs.example');
    await db()
      .updateTable('users')
      .set({ status_code: 0, current_login_time: null })
      .where('customer_id', '=', acme.customer_id)
      .where('email', '=', 'new@acme-labs.example')
      .execute();
    const page = await signedInPage('admin@acme-labs.example');
    await openUserList(page);
    const mail = page.getByRole('link', { name: 'manager@acme-labs.example' });
    expect(await mail.getAttribute('href')).toBe('mailto:manager@acme-labs.example');
    expect(await axeViolations(page)).toEqual([]);

    const activation = page.getByRole('combobox', { name: 'Initial login' });
    let answered = page.waitForResponse((r) => r.url().includes('/api/users/list?') && r.status() === 200);
    await activation.selectOption({ label: 'Not activated' });
    let answer = (await (await answered).json()) as { result: { items: { statusCode: number }[] } };
    expect(answer.result.items.length).toBeGreaterThan(0);
    expect(answer.result.items.every((u) => u.statusCode === 0)).toBe(true);
    await page.getByText('Nora Newcomer', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Mark Manager' }).waitFor({ state: 'detached' });
    await page.getByText('Initial login: Not activated').waitFor();

    answered = page.waitForResponse((r) => r.url().includes('/api/users/list?') && r.status() === 200);
    await activation.selectOption({ label: 'Activated' });
    answer = (await (await answered).json()) as { result: { items: { statusCode: number }[] } };
    expect(answer.result.items.every((u) => u.statusCode === 1)).toBe(true);
    await page.getByRole('link', { name: 'Mark Manager' }).waitFor();
    await page.getByText('Nora Newcomer', { exact: true }).waitFor({ state: 'detached' });

    await activation.selectOption({ label: 'All users' });
    await page.getByText('Nora Newcomer', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Mark Manager' }).waitFor();
    await page.context().close();
  });

  it('keeps its search and sort in the URL: Back and a fresh page show the same list', async () => {
    const page = await signedInPage('admin@acme-labs.example');
    await openUserList(page);
    await openColumnMenu(page, 'E-mail');
    await page.getByRole('menuitem', { name: 'Sort descending' }).click();
    await page.waitForURL(/sort=/);
    await page.getByLabel('Search users').fill('Mark');
    await page.waitForURL(/q=Mark/);
    await page.getByRole('link', { name: 'Uma Standard' }).waitFor({ state: 'detached' });
    const link = page.url();
    expect(JSON.parse(new URL(link).searchParams.get('sort')!)).toEqual([{ field: 'emailAddress', orderType: 1 }]);

    await page.getByRole('link', { name: 'Mark Manager' }).click();
    await page.getByRole('heading', { name: 'Account of Mark Manager' }).waitFor();
    await page.goBack();
    await page.waitForURL(link);
    await page.getByRole('link', { name: 'Mark Manager' }).waitFor();
    expect(await page.getByLabel('Search users').inputValue()).toBe('Mark');
    expect(await page.getByRole('link', { name: 'Uma Standard' }).count()).toBe(0);

    const fresh = await signedInPage('admin@acme-labs.example');
    const answered = fresh.waitForResponse((r) => r.url().includes('/api/users/list') && r.status() === 200);
    await fresh.goto(link);
    const sent = (await answered).request().postDataJSON() as {
      orderSettings: unknown;
      fullTextSearchSetting: unknown;
    };
    expect(sent.orderSettings).toEqual([{ field: 'emailAddress', orderType: 1 }]);
    expect(sent.fullTextSearchSetting).toEqual({ keyword: 'Mark' });
    await fresh.getByRole('link', { name: 'Mark Manager' }).waitFor();
    expect(await fresh.getByLabel('Search users').inputValue()).toBe('Mark');

    // Filters on fields the list does not have, a broken sort and page: the default list.
    const foreign = new URLSearchParams({
      filter: JSON.stringify([{ field: 'passwordHash', operator: 0, value: ['x'] }]),
      sort: '[{"field":',
      page: '-1',
    });
    await fresh.goto(`${server.url}/app/userManagement?${foreign}`);
    await fresh.getByRole('link', { name: 'Uma Standard' }).waitFor();
    await fresh.getByRole('link', { name: 'Mark Manager' }).waitFor();
    expect(await fresh.getByRole('button', { name: 'Clear all filters' }).count()).toBe(0);
    await fresh.context().close();
    await page.context().close();
  });

  it("lets an admin change another user's role", async () => {
    const uma = await userRow('user@acme-labs.example');
    const page = await signedInPage('admin@acme-labs.example');
    await openUserList(page);
    await page.getByRole('link', { name: 'Uma Standard' }).click();
    await page.getByRole('heading', { name: 'Account of Uma Standard' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.waitFor();
    await dialog.getByLabel('Role').selectOption({ label: 'Manager' });
    if (!uma.department) await dialog.getByLabel('Department').fill('Research');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('table', { name: 'Account of Uma Standard' }).textContent())
      .toContain('Manager');
    expect((await userRow('user@acme-labs.example')).role).toBe(ROLE.Manager);
    expect(await axeViolations(page)).toEqual([]);
    await db().updateTable('users').set({ role: ROLE.StandardUser }).where('id', '=', uma.id).execute();
    await page.context().close();
  });

  it("deletes a user after confirming, and that user's open browser shows the removed-account modal", async () => {
    const victim = await db()
      .selectFrom('users')
      .selectAll()
      .where('customer_id', '=', (await userRow('admin@acme-labs.example')).customer_id)
      .where('email', 'like', '%.%@acme-labs.example')
      .where('is_active', '=', true)
      .where('location_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const name = `${victim.first_name} ${victim.last_name}`;
    const theirs = await signedInPage(victim.email);

    const page = await signedInPage('admin@acme-labs.example');
    await openUserList(page);
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: `Account of ${name}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete user' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete this user?').waitFor();
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await page.waitForURL('**/app/userManagement');
    await page.getByRole('link', { name: 'Mark Manager' }).waitFor();
    await page.getByRole('link', { name }).waitFor({ state: 'detached' });
    expect((await userRow(victim.email)).deleted_at).not.toBeNull();

    // The removed user's next call ends their session with the account-removed modal.
    await theirs.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Product' }).click();
    await theirs.getByRole('dialog', { name: 'Account disabled' }).waitFor();
    await page.context().close();
    await theirs.context().close();
  });
});

describe('the admin user list', () => {
  it('lists every customer with a customer column, and an admin enables an inactive user', async () => {
    const gus = await userRow('user@globex.example');
    await db().updateTable('users').set({ is_active: false }).where('id', '=', gus.id).execute();
    const page = await signedInPage('pe@provider.example', '/admin/administration/userManagement');
    await page.getByRole('heading', { name: 'User management' }).waitFor();
    await page.locator('.bp6-table-quadrant-top .bp6-table-header', { hasText: 'Customer' }).first().waitFor();
    await page.getByText('Globex Corporation').first().waitFor();
    await page.getByText('Acme Labs').first().waitFor();
    expect(await page.getByRole('link', { name: 'Gus User' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Inactive users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inactive users' });
    await dialog.getByLabel('Search by name').fill('Gus Us');
    await dialog.getByRole('cell', { name: 'Gus User', exact: true }).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Enable Gus User' }).click();
    await page.getByText('Gus User is enabled and back in the user list.').waitFor();
    await dialog.getByText('No inactive user has that name.').waitFor();
    expect((await userRow('user@globex.example')).is_active).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Search users').fill('Gus');
    await page.getByRole('link', { name: 'Gus User' }).waitFor();
    await page.context().close();
  });

  it('keeps the inactive users open with their search in the URL, and closing them leaves the list as it was', async () => {
    const gus = await userRow('user@globex.example');
    await db().updateTable('users').set({ is_active: false }).where('id', '=', gus.id).execute();
    const page = await signedInPage('pe@provider.example', '/admin/administration/userManagement');
    await page.getByRole('heading', { name: 'User management' }).waitFor();
    await page.getByRole('button', { name: 'Inactive users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inactive users' });
    await dialog.getByLabel('Search by name').fill('Gus');
    await page.waitForURL(/dialog=inactive.*iq=Gus/);
    await dialog.getByRole('cell', { name: 'Gus User', exact: true }).waitFor();

    await page.reload();
    await dialog.getByRole('cell', { name: 'Gus User', exact: true }).waitFor();
    expect(await dialog.getByLabel('Search by name').inputValue()).toBe('Gus');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL('**/admin/administration/userManagement');
    await db().updateTable('users').set({ is_active: true }).where('id', '=', gus.id).execute();
    await page.context().close();
  });
});
