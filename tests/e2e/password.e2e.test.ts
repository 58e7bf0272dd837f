import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPortalContext } from '../support/portalContext';
import { signInAt, signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

describe('change password', () => {
  it('a manager opens it from the avatar menu, meets the rules and the wrong-old-password answer, changes it and signs in with the new one', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signInAt(page, server.url, 'manager@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL('**/app/userManagement/changePassword');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const oldField = page.locator('#password-oldPassword');
    const newField = page.locator('#password-newPassword');
    const confirmField = page.locator('#password-confirmPassword');
    const update = page.getByRole('button', { name: 'Update' });
    await expect.poll(() => update.isDisabled()).toBe(true);

    // a weak new password and a confirmation that does not match
    await newField.fill('lettersonly');
    await confirmField.fill('different1');
    await page
      .getByText('The password must be 6 to 12 characters long and contain both letters and numbers.')
      .waitFor();
    await page.getByText('The passwords do not match.').waitFor();
    expect(await update.isDisabled()).toBe(true);

    // a valid form with a wrong old password: the server's 1029 shows on the old-password field
    await oldField.fill('Wrong123');
    await newField.fill('Fresh2027');
    await confirmField.fill('Fresh2027');
    await update.click();
    const oldGroup = page.locator('.bp6-form-group', { has: oldField });
    await oldGroup.getByText('The old password is not correct.').waitFor();

    // the right old password changes it
    await oldField.fill('Portal2026');
    await update.click();
    await page.getByText('Your password has been updated.').waitFor();
    expect(await page.getByText(/Last changed: .*\d/).count()).toBe(1);

    // sign out, then sign in with the new password
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await signInAt(page, server.url, 'manager@acme-labs.example', 'Fresh2027');
    await page.waitForURL('**/app/welcome');
    await context.close();
  });

  it('Back without an earlier page goes to the products', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@globex.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/userManagement/changePassword`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/app/product');
    await context.close();
  });

  it('leaves a refused permission and an ended session to the global handler', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'admin@globex.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/userManagement/changePassword`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.locator('#password-oldPassword').fill('Portal2026');
    await page.locator('#password-newPassword').fill('Fresh2028');
    await page.locator('#password-confirmPassword').fill('Fresh2028');

    // A 403: the global handler's toast that permissions changed, nothing on the form.
    await page.route('**/api/Account/password**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"errorCode":403,"errorMessage":"no"}' }),
    );
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Your permissions have changed. Some actions are no longer available.').waitFor();
    expect(await page.locator('.bp6-form-group.bp6-intent-danger').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute('**/api/Account/password**');

    // The session ended on the server: the session-expired modal.
    await server.database.db
      .deleteFrom('sessions')
      .where('user_id', 'in', (qb) =>
        qb.selectFrom('users').select('users.id').where('users.email', '=', 'admin@globex.example'),
      )
      .execute();
    const expired = page.getByRole('dialog', { name: 'Session expired' });
    // A request the page makes by itself (a poll) may find the session gone first: the modal then takes the click.
    try {
      await page.getByRole('button', { name: 'Update' }).click({ timeout: 10_000 });
    } catch (error) {
      if (!(await expired.isVisible())) throw error;
    }
    await expired.waitFor();
    await context.close();
  });
});
