import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROLE } from '../../contract/limits';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { signInAt, signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const userRow = (email: string) =>
  server.database.db
    .selectFrom('users')
    .select(['role', 'status_code', 'first_name', 'last_name', 'location_id'])
    .where('email', '=', email)
    .executeTakeFirst();

/** Invites `email` through the API as the Acme admin, from a signed-in page of the portal (as its client calls). */
async function inviteThroughApi(email: string): Promise<void> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, 'admin@acme-labs.example');
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  const answer = await page.evaluate(async (emailTo) => {
    const me = (await (await fetch('/api/users/me')).json()) as { result: { locationId: number } };
    const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
    const res = await fetch('/api/Users/invite-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify({ emailTo: [emailTo], locationId: me.result.locationId, type: 1, language: 'en-us' }),
    });
    return res.json();
  }, email);
  expect(answer).toEqual({ errorCode: 0, result: null });
  await context.close();
}

/** The invitation link mailed to `email`, from the outbox table: the outbox page masks sign-up tokens. */
async function mailedLink(email: string): Promise<string> {
  const lastBody = async () =>
    (
      await server.database.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('to_addresses', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.body ?? '';
  await expect.poll(lastBody, { timeout: 10_000 }).toMatch(/\/signUp#token=/);
  const link = (await lastBody()).match(/https?:\/\/\S+\/signUp#token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  expect(new URL(link).origin).toBe(new URL(server.url).origin);
  return link;
}

async function fillSignUp(page: Page, password = 'Welcome1', confirmation = password) {
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Invited');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm password').fill(confirmation);
}

describe('invitation sign-up page', () => {
  it('the mailed link asks for name and password, signs the new user in, and works only once', async () => {
    const email = 'ines.invited@newcomer.example';
    await inviteThroughApi(email);
    const link = await mailedLink(email);

    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    await expect.poll(() => page.getByLabel('Your account').inputValue()).toBe(email);
    expect(await axeViolations(page)).toEqual([]);

    // The rules of a new password and its confirmation, before anything is sent.
    await fillSignUp(page, 'lettersonly', 'different1');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page
      .getByText('The password must be 6 to 12 characters long and contain both letters and numbers.')
      .waitFor();
    await page.getByText('The passwords do not match.').waitFor();
    expect(await userRow(email)).toMatchObject({ status_code: 0, first_name: '' });

    await fillSignUp(page);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL('**/app/welcome');
    await page.getByRole('button', { name: /Account menu|Ines Invited/ }).waitFor();
    const me = await page.evaluate(async () => (await (await fetch('/api/users/me')).json()) as unknown);
    expect(me).toMatchObject({ errorCode: 0, result: { emailAddress: email, firstName: 'Ines', statusCode: 1 } });
    expect(await userRow(email)).toMatchObject({ status_code: 1, first_name: 'Ines', last_name: 'Invited' });
    await context.close();

    // The same link again, in a signed-out browser: it says so and leads to the sign-in page.
    const again = await newPortalContext(browser);
    const second = await again.newPage();
    await second.goto(link);
    await second.getByRole('heading', { name: 'This invitation link cannot be used' }).waitFor();
    expect(await second.getByLabel('First name').count()).toBe(0);
    expect(await axeViolations(second)).toEqual([]);
    await second.getByRole('button', { name: 'Go to sign-in' }).click();
    await second.waitForURL('**/login');
    await signInAt(second, server.url, email, 'Welcome1');
    await second.waitForURL('**/app/welcome');
    await again.close();
  });

  it('a link without a valid token shows the unusable-link state', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/signUp#token=not-a-token`);
    await page.getByRole('heading', { name: 'This invitation link cannot be used' }).waitFor();
    await context.close();
  });

  it('a browser signed in as someone else is asked to sign out, then the link works', async () => {
    const email = 'signed.in.elsewhere@newcomer.example';
    await inviteThroughApi(email);
    const link = await mailedLink(email);
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signInAt(page, server.url, 'user@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    await page.goto(link);
    await page.getByRole('heading', { name: 'You are already signed in' }).waitFor();
    await page.getByText('You are signed in as user@acme-labs.example.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Sign out and continue' }).click();
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    await expect.poll(() => page.getByLabel('Your account').inputValue()).toBe(email);
    await context.close();
  });
});

describe('invite user dialog', () => {
  it('an admin invites a manager from the user list; bad and registered addresses are refused in the dialog', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'admin@acme-labs.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/userManagement`);
    await page.waitForURL('**/app/userManagement');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Standard user' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Admin' }).count()).toBe(0);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    // Typed data is not lost by a slip: closing asks first.
    const email = dialog.getByLabel('E-mail address');
    await email.fill('someone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const unsaved = page.getByRole('alertdialog');
    await unsaved.getByRole('button', { name: 'Continue editing' }).click();
    await unsaved.waitFor({ state: 'detached' });
    expect(await email.inputValue()).toBe('someone');

    // An invalid address is refused before sending; one with an account by the server.
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Please enter a valid e-mail address of at most 100 characters.').waitFor();
    await email.fill('user@globex.example');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('user@globex.example already has an account in the portal.').waitFor();

    const invitee = 'new.manager@newcomer.example';
    await email.fill(`  ${invitee} `);
    await dialog.getByText('Manager', { exact: true }).click();
    await expect.poll(() => dialog.getByRole('radio', { name: 'Manager' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation has been sent to ${invitee}.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await userRow(invitee)).toMatchObject({ role: ROLE.Manager, status_code: 0 });
    expect(await mailedLink(invitee)).toMatch(/\/signUp#token=/);

    // Opened again, the dialog is empty; closing it then asks nothing.
    await page.getByRole('button', { name: 'Invite user' }).click();
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('E-mail address').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
