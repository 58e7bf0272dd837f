import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { newPortalContext } from '../support/portalContext';
import { signInAt, signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('button[type=submit]').click();
}

const signIn = (page: Page, email: string, password?: string) => signInAt(page, server.url, email, password);

describe('cross-tab session', () => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it('a sign-out in another tab shows the logged-out modal; another user signing in there shows the changed-user modal', async () => {
    context = await newPortalContext(browser);
    const first = await context.newPage();
    await signIn(first, 'user@acme-labs.example');
    await first.waitForURL('**/app/welcome');
    const second = await context.newPage();
    await second.goto(`${server.url}/logout`);
    await second.waitForURL('**/login');
    const loggedOut = first.getByRole('dialog', { name: 'Signed out' });
    await loggedOut.waitFor();
    await loggedOut.getByRole('button', { name: 'OK' }).click();
    await first.waitForURL('**/login');

    // both tabs show the sign-in page; the first signs in, then the second signs in as someone else
    await fillSignIn(first, 'manager@acme-labs.example');
    await first.waitForURL('**/app/welcome');
    await fillSignIn(second, 'admin@acme-labs.example');
    await second.waitForURL('**/app/welcome');
    const changed = first.getByRole('dialog', { name: 'Signed-in user changed' });
    await changed.waitFor();
    await changed.getByRole('button', { name: 'OK' }).click();
    await first.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
  });
});

describe('admin mode', () => {
  it('a PE user switches to admin mode and back; its calls go to /admin/api', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'pe@provider.example');
    await page.waitForURL('**/app/welcome');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const adminCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/admin/api/') && adminCalls.push(r.url()));
    await page.getByRole('menuitem', { name: 'Switch to admin mode' }).click();
    await page.waitForURL('**/admin/welcome');
    await page.getByText('Admin mode', { exact: true }).waitFor();
    expect(adminCalls.some((u) => u.includes('/admin/api/users/me'))).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Back to normal mode' }).click();
    await page.waitForURL('**/app/welcome');
    await context.close();
  });

  it('a customer user typing an admin URL is redirected to the normal portal, and the admin API refuses them', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    await page.goto(`${server.url}/admin/welcome`);
    await page.waitForURL('**/app/welcome');
    const status = await page.evaluate(async () => (await fetch('/admin/api/users/me')).status);
    expect(status).toBe(403);
    await context.close();
  });
});

describe('languages', () => {
  it('the sign-in page follows the browser language', async () => {
    const context = await newPortalContext(browser, { locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'サインイン' }).waitFor();
    await context.close();
  });

  it('after sign-in the portal follows the language of the user, with dates in that language', async () => {
    await server.database.db
      .updateTable('users')
      .set({ language_code: 'ja' })
      .where('email', '=', 'admin@globex.example')
      .execute();
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@globex.example');
    await page.waitForURL('**/app/welcome');
    await page.getByRole('heading', { name: /ようこそ/ }).waitFor();
    // The page's first date is today's; the due dates below it are dates in the same language.
    const date = await page.locator('main time').first().textContent();
    expect(date).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    // A failed call's toast speaks the user's language too, also after a reload, which starts in the browser's.
    await page.reload();
    await page.getByRole('heading', { name: /ようこそ/ }).waitFor();
    await page.route('**/api/ServiceCall/list**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('menuitem', { name: '作業指示' }).click();
    await page.getByText('システムで問題が発生しました。しばらくしてから、もう一度お試しください。').first().waitFor();
    await context.close();
  });
});

describe('theme', () => {
  it('a picked theme changes the page, is confirmed, and follows the user after sign-out into another browser', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'manager@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    const headerColour = () =>
      page
        .locator('nav.portal-header, .portal-header')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const before = await headerColour();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Theme' }).hover();
    await page.getByRole('menuitemradio', { name: 'Cold' }).click();
    await page.getByText('Your theme has been changed.').waitFor();
    await expect.poll(headerColour).not.toBe(before);
    const cold = await headerColour();
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await expect.poll(headerColour).toBe(cold);
    await context.close();

    const other = await newPortalContext(browser);
    const again = await other.newPage();
    await signIn(again, 'manager@acme-labs.example');
    await again.waitForURL('**/app/welcome');
    await expect
      .poll(() =>
        again
          .locator('.portal-header')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toBe(cold);
    await other.close();
  });
});

describe('switch customer', () => {
  it('a PE user searches a customer, switches to it, and the portal reloads for that customer', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'pe@provider.example');
    await page.waitForURL('**/app/welcome');
    await page.getByRole('button', { name: 'Current company' }).click();
    await page.getByRole('menuitem', { name: 'Switch customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch customer' });
    await dialog.getByRole('textbox', { name: 'Search customers by name or number' }).fill('globex');
    await dialog.getByRole('menuitem', { name: /Globex Corporation/ }).click();
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: 'Current company' }).filter({ hasText: 'Globex Corporation' }).waitFor();
    await page.getByRole('button', { name: 'Current company' }).click();
    await page.getByRole('menuitem', { name: 'Switch customer' }).click();
    await page.getByRole('dialog', { name: 'Switch customer' }).getByText('Recently used').waitFor();
    await context.close();
  });

  it('a customer admin gets the company menu without switch customer; a standard user gets no menu', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    await page.getByRole('button', { name: 'Current company' }).click();
    await page.getByRole('menuitem', { name: 'Upload logo' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Switch customer' }).count()).toBe(0);
    await context.close();
    const other = await newPortalContext(browser);
    const standard = await other.newPage();
    await signIn(standard, 'user@acme-labs.example');
    await standard.waitForURL('**/app/welcome');
    await standard.getByLabel('Current company').waitFor();
    expect(await standard.getByRole('button', { name: 'Current company' }).count()).toBe(0);
    await other.close();
  });
});

describe('one-time notices', () => {
  it('the system notice shows once; with "don\'t show this again" it stays away after a reload; the cookie banner goes on Accept', async () => {
    const context = await newPortalContext(browser, { show: ['notificationMessage', 'cookieBanner'] });
    const page = await context.newPage();
    await signIn(page, 'user@globex.example');
    const notice = page.getByRole('dialog', { name: 'Notice' });
    await notice.getByText(/Scheduled maintenance/).waitFor();
    await notice.getByText("Don't show this again").click();
    await notice.getByRole('button', { name: 'OK' }).click();
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog', { name: 'Notice' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(0);
    await context.close();
  });
});

describe('access request without an account', () => {
  it('someone without an account sends the request form and sees the success screen', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: /Request access/ }).click();
    await page.waitForURL('**/contactRequest');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await page.getByLabel('First name').fill('Lena');
    await page.getByLabel('Last name').fill('Lab');
    await page.getByLabel('E-mail address').fill('lena@newlab.example');
    await page.getByLabel('Telephone').fill('+49 30 1234 567');
    await page.getByLabel('Country').selectOption({ label: 'Germany' });
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Thank you, your request has been sent').waitFor();
    await page.getByRole('button', { name: 'Go to sign-in' }).click();
    await page.waitForURL('**/login');
    const stored = await server.database.db.selectFrom('contact_requests').select('email').execute();
    expect(stored).toContainEqual({ email: 'lena@newlab.example' });
    await context.close();
  });
});

describe('real-time hub', () => {
  it('the bell follows the unread count pushed over /signalr when messages change elsewhere', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'manager@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    const bell = page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
    await bell.waitFor();
    await page.locator('[data-hub="connected"]').waitFor();
    // another process (here: the database directly) marks every message of the user read
    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    await server.database.db.updateTable('messages').set({ is_read: true }).where('user_id', '=', user.id).execute();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await context.close();
  });
});

describe('unsaved data', () => {
  it('leaving a form with unsaved data asks first; staying keeps the data, leaving goes on', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/contactRequest`);
    await page.getByLabel('First name').fill('Lena');
    await page.getByRole('button', { name: 'Back to sign-in' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('You have unsaved changes.', { exact: false }).waitFor();
    await alert.getByRole('button', { name: 'Stay on page' }).click();
    await alert.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/contactRequest');
    expect(await page.getByLabel('First name').inputValue()).toBe('Lena');
    await page.getByRole('button', { name: 'Back to sign-in' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('a page whose script cannot be loaded', () => {
  it('says so inside the portal (a redeploy removed the old scripts); other pages still open, and a reload opens it', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@acme-labs.example');
    const page = await context.newPage();
    const pageScript = /\/assets\/ContactUsPage-[\w-]+\.js$/;
    await page.route(pageScript, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto(`${server.url}/app/welcome`);
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Contact us' }).click();
    await page.waitForURL('**/app/contactUs');
    const failed = page.getByRole('alert').filter({ hasText: 'This page could not be opened' });
    await failed.getByText('The portal may have been updated since you opened it', { exact: false }).waitFor();
    // The rest of the portal stays usable: another page opens from the menu.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('menuitem', { name: 'Welcome' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await page.getByText('This page could not be opened').count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Contact us' }).click();
    await failed.waitFor();

    await page.unroute(pageScript);
    await failed.getByRole('button', { name: 'Reload page' }).click();
    await page.getByRole('form', { name: 'Contact us' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/contactUs');
    expect(await page.getByText('This page could not be opened').count()).toBe(0);
    await context.close();
  });
});

describe('development pages', () => {
  it('/dev/machines lists the machines; one opens with its chart and is driven by typed and offered events', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/dev/machines`);
    await page.getByRole('heading', { name: 'Machines', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'importProduct', exact: true }).click();
    await page.getByRole('heading', { name: 'importProduct', level: 1 }).waitFor();
    const chart = page.getByRole('img', { name: 'Statechart of importProduct' });
    await chart.waitFor();
    await page.waitForFunction(() => (document.querySelector('img') as HTMLImageElement | null)?.naturalWidth);

    await page.getByLabel('Scenario (input, actor answers, events so far').fill('{ "events": [] }');
    await page.getByLabel('Next event').fill('{ "type": "CHOOSE_LOCATION", "locationId": 1 }');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('CHOOSE_LOCATION {"locationId":1} → editing').waitFor();
    await expect.poll(() => page.getByTestId('state').textContent()).toBe('"editing"');

    await page.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await page.getByText('CLOSE → closed (done)').waitFor();
    await expect.poll(() => page.getByTestId('state').textContent()).toBe('"closed"');
    await context.close();
  });
});
