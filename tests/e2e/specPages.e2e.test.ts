import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

/*
 * Pages and ways in that spec 1 names (issue 37 item 8): the route aliases, Feedback in the admin-mode help menu, the
 * analytics teaser's way to Contact us, menu labels shown whole, and provider staff's empty products management.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const db = () => server.database.db;
const PE = 'pe@provider.example';

async function signedInPage(email: string, viewport = { width: 1440, height: 900 }) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  return { context, page };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1, exact: true });

describe('the route aliases of spec 1 section 2', () => {
  it.each([
    ['/app/customerOnboarding', '/app/administration/customerOnboarding', 'Customer onboarding'],
    ['/admin/importProdInfo', '/admin/administration/importProdInfo', 'Import product info'],
    ['/admin/emailRouting', '/admin/administration/emailRouting', 'Notification e-mail routing'],
  ])('%s opens %s', async (alias, path, title) => {
    const { context, page } = await signedInPage(PE);
    await page.goto(`${server.url}${alias}`);
    await page.waitForURL(`**${path}`);
    await heading(page, title).waitFor();
    await context.close();
  });

  it('an alias of a page the user may not open lands on the welcome page', async () => {
    const { context, page } = await signedInPage('user@acme-labs.example');
    await page.goto(`${server.url}/app/customerOnboarding`);
    await page.waitForURL('**/app/welcome');
    await context.close();
  });
});

describe('the help menu in admin mode', () => {
  it('offers Feedback, which opens the feedback form under the admin base', async () => {
    const { context, page } = await signedInPage(PE);
    await page.goto(`${server.url}/admin/welcome`);
    await page.waitForURL('**/admin/welcome');
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Feedback' }).click();
    await page.waitForURL('**/admin/feedback');
    await heading(page, 'Feedback').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the analytics teaser', () => {
  it('Contact us opens the Contact us page', async () => {
    const { context, page } = await signedInPage('user@acme-labs.example');
    await page.goto(`${server.url}/app/analytics`);
    await page.getByRole('heading', { name: 'Analytics is not available yet' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Contact us' }).click();
    await page.waitForURL('**/app/contactUs');
    await heading(page, 'Contact us').waitFor();
    await context.close();
  });
});

describe('the main menu', () => {
  it.each([1440, 1280])('shows every entry whole at %i px', async (width) => {
    const { context, page } = await signedInPage('manager@acme-labs.example', { width, height: 900 });
    await page.goto(`${server.url}/app/welcome`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('menuitem', { name: 'Contract management' }).waitFor();
    const cut = await menu
      .locator('.bp6-menu-item .bp6-fill')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent ?? ''));
    expect(cut).toEqual([]);
    await context.close();
  });
});

describe('products management of a customer without products', () => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it('tells provider staff how to manage another customer', async () => {
    const { id } = await db()
      .insertInto('customers')
      .values({
        name: 'Empty Lab Inc.',
        customer_folder: 'emptylab',
        encrypted_id: 'empty-lab-encrypted',
        email_domain: 'empty-lab.example',
        customer_identifier: 'EMPTY-LAB',
        is_product_adding_enabled: true,
        logo_file_identifier: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let page: Page;
    ({ context, page } = await signedInPage(PE));
    const xsrf = (await context.cookies(server.url)).find((c) => c.name.endsWith('XSRF-TOKEN'))?.value ?? '';
    const switched = await context.request.put(`${server.url}/api/Users/customer/${id}`, {
      data: {},
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(switched.status()).toBe(200);

    await page.goto(`${server.url}/app/administration/productsManagement`);
    await heading(page, 'Products management').waitFor();
    await page.getByText('This customer has no products.').waitFor();
    await page
      .getByText('To manage another customer\'s products, choose "Switch customer"', { exact: false })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
