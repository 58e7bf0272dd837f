import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { newPortalContext } from '../support/portalContext';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { png } from '../support/images';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/app/welcome');
}

async function openLogoDialog(page: Page) {
  await page.getByRole('button', { name: 'Current company' }).click();
  await page.getByRole('menuitem', { name: 'Upload logo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload company logo' });
  await dialog.waitFor();
  return dialog;
}

/** The logo in the header, once its image has really loaded. */
async function headerLogoLoaded(page: Page, company: string) {
  const logo = page.locator('.portal-header').getByRole('img', { name: company });
  await logo.waitFor();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
}

/** Records the upload traffic of a page: signed-URL requests and byte uploads to the store. */
function uploadTraffic(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/Storage/uploadUrl') || (r.method() === 'PUT' && url.pathname.startsWith('/files/'))) {
      calls.push(`${r.method()} ${url.pathname}`);
    }
  });
  return calls;
}

describe('customer logo', () => {
  it('a customer admin uploads a PNG, sees it in the header, then removes it', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@acme-labs.example');
    const traffic = uploadTraffic(page);

    const dialog = await openLogoDialog(page);
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await dialog.getByLabel('Logo file').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: png(16) });
    await dialog.getByRole('img', { name: 'Preview of acme.png' }).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await save.click();
    await page.getByText('The company logo has been saved.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await headerLogoLoaded(page, 'Acme Labs');
    expect(traffic).toEqual([
      'POST /api/Storage/uploadUrl',
      expect.stringMatching(/^PUT \/files\/portal-customer-logo\//),
    ]);

    const stored = await server.database.db
      .selectFrom('customers')
      .select('logo_file_identifier')
      .where('name', '=', 'Acme Labs')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.logo_file_identifier!)).toMatchObject({
      fileName: 'acme.png',
      resourceKey: expect.stringMatching(/\/CustomerLogo\/[0-9a-f]+\.png$/),
    });

    const again = await openLogoDialog(page);
    await again.getByRole('img', { name: 'Acme Labs' }).waitFor();
    await expect.poll(() => again.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await again.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByText('The company logo has been removed.').waitFor();
    await page.locator('.portal-header').getByRole('img', { name: 'Acme Labs' }).waitFor({ state: 'detached' });
    const removed = await server.database.db
      .selectFrom('customers')
      .select('logo_file_identifier')
      .where('name', '=', 'Acme Labs')
      .executeTakeFirstOrThrow();
    expect(removed.logo_file_identifier).toBeNull();
    await context.close();
  });

  it('a customer admin still sees the uploaded logo after a reload (users/me carries it)', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@globex.example');
    const dialog = await openLogoDialog(page);
    await dialog.getByLabel('Logo file').setInputFiles({ name: 'globex.png', mimeType: 'image/png', buffer: png(16) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The company logo has been saved.').waitFor();
    await page.reload();
    await headerLogoLoaded(page, 'Globex Corporation');
    await context.close();
  });

  it('a PE user uploads a logo for the current customer and still sees it after a reload', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'pe@provider.example');
    const company = await page.evaluate(async () => {
      const me = (await (await fetch('/api/users/me')).json()) as {
        result: { userLocation: { customer: { name: string } } };
      };
      return me.result.userLocation.customer.name;
    });
    const dialog = await openLogoDialog(page);
    await dialog
      .getByLabel('Logo file')
      .setInputFiles({ name: 'provider.png', mimeType: 'image/png', buffer: png(16) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The company logo has been saved.').waitFor();
    await headerLogoLoaded(page, company);

    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await headerLogoLoaded(page, company);

    const again = await openLogoDialog(page);
    await again.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByText('The company logo has been removed.').waitFor();
    await context.close();
  });

  it('a text file or a file over 5 MB is refused with the message, and nothing is uploaded', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'admin@acme-labs.example');
    const traffic = uploadTraffic(page);
    const dialog = await openLogoDialog(page);
    const input = dialog.getByLabel('Logo file');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await dialog.getByRole('alert').getByText('This file type is not supported.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    const large = Buffer.concat([png(16), Buffer.alloc(5 * 1024 * 1024)]);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: large });
    await dialog.getByRole('alert').getByText('The file must not be larger than 5 MB.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // A second file while one is chosen is refused too (one file only).
    await input.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: png(16) });
    await dialog.getByRole('img', { name: 'Preview of first.png' }).waitFor();
    await input.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: png(16) });
    await dialog.getByRole('alert').getByText('You can attach no more than 1 file(s).').waitFor();
    await dialog.getByRole('img', { name: 'Preview of first.png' }).waitFor();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(traffic).toEqual([]);
    await context.close();
  });

  it('a standard user has no Upload logo item', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'user@acme-labs.example');
    await page.getByText('Acme Labs').first().waitFor();
    expect(await page.getByRole('button', { name: 'Current company' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Upload logo' }).count()).toBe(0);
    await context.close();
  });
});
