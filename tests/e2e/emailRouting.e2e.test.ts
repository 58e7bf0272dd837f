import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

/*
 * E-mail routing (spec 3 "E-mail routing"): provider staff route a country and a region; a service request raised
 * from a site in that region is mailed to the region's address.
 */

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

async function signedInPage(email: string): Promise<Page> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  return page;
}

/** Wait until the input with this id holds exactly `value`. */
const valueIs = (page: Page, id: string, value: string) =>
  page.waitForFunction(
    ([selector, expected]) => (document.getElementById(selector!) as HTMLInputElement | null)?.value === expected,
    [id, value],
  );

const answered = (page: Page, method: string, path: string) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path && r.ok());

describe('e-mail routing', () => {
  it('routes a country and a region; a service request from that region is mailed to the region', async () => {
    const page = await signedInPage('pe@provider.example');
    const allLoaded = answered(page, 'GET', '/api/Country/emails');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'E-mail routing' }).click();
    await page.waitForURL('**/app/administration/emailRouting');
    await page.getByRole('heading', { name: 'Notification e-mail routing' }).waitFor();
    await allLoaded;
    let panel = page.getByRole('tabpanel');
    await valueIs(page, 'routing-adminEmails', 'portal-requests@provider.example');
    const save = panel.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // All needs every field; an invalid address is marked at once and stops the save with the error toast.
    await panel.getByLabel('Contact sales').fill('');
    await save.click();
    await panel.getByRole('alert').getByText('For All countries, every e-mail field must be filled in.').waitFor();
    await panel.getByLabel('Contract change request').fill('contracts@');
    await panel.getByRole('alert').getByText('Please enter valid e-mail addresses, separated by semicolons.').waitFor();
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && sent.push(r.url()));
    await save.click();
    await page
      .locator('.bp6-toast')
      .getByText('Please enter valid e-mail addresses, separated by semicolons.')
      .waitFor();
    expect(sent).toEqual([]);

    // Choosing a country drops the changes and loads its routing: the United States has none yet.
    const usLoaded = answered(page, 'GET', '/api/Country/emails');
    await panel.getByLabel('Country').selectOption({ label: 'United States' });
    await usLoaded;
    await valueIs(page, 'routing-adminEmails', '');
    await valueIs(page, 'routing-contractChangeEmails', '');
    expect(await save.isDisabled()).toBe(true);
    await panel.getByLabel('New service request').fill(' us-service@provider.example; ');
    const countrySaved = answered(page, 'PUT', '/api/Country/emails');
    await save.click();
    await countrySaved;
    await page.locator('.bp6-toast').getByText('Saved.').waitFor();
    await valueIs(page, 'routing-adminEmails', 'us-service@provider.example');
    expect(await save.isDisabled()).toBe(true);

    // The region tab: Save needs a region; leaving with an unsaved change asks first.
    await page.getByRole('tab', { name: 'Region level' }).click();
    panel = page.getByRole('tabpanel');
    await panel.getByLabel('Region').waitFor();
    const regionSave = panel.getByRole('button', { name: 'Save' });
    await expect.poll(() => regionSave.isDisabled()).toBe(true);
    const regionsLoaded = answered(page, 'GET', `/api/Country/${await usId(page)}/regionEmails`);
    await panel.getByLabel('Country').selectOption({ label: 'United States' });
    await regionsLoaded;
    await panel.getByLabel('Region').selectOption({ label: 'Massachusetts' });
    await expect.poll(() => regionSave.isDisabled()).toBe(false);
    await panel.getByLabel('New service request').fill('ma-service@provider.example;');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Welcome' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Stay on page' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    expect(await axeViolations(page)).toEqual([]);
    const regionSaved = answered(page, 'PUT', `/api/Country/${await usId(page)}/regionEmails`);
    await regionSave.click();
    await regionSaved;
    await valueIs(page, 'region-emails', 'ma-service@provider.example');

    // Uma works in Boston, Massachusetts: her request goes to the region's address.
    const uma = await signedInPage('user@acme-labs.example');
    await uma.locator('.portal-header').getByRole('button', { name: 'New service request' }).click();
    const dialog = uma.getByRole('dialog', { name: 'New service request' });
    await dialog.getByLabel('Issue type').waitFor();
    await dialog.getByLabel('Describe the issue').fill('The autosampler arm stalls at position 12.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const confirmation = uma.getByText(/^Your service request SR\d{8} has been submitted\./);
    await confirmation.waitFor();
    const serviceOrderNo = (await confirmation.textContent())!.match(/SR\d{8}/)![0];

    await page.goto(`${server.url}/dev/outbox`);
    const mail = page
      .locator('article', { hasText: serviceOrderNo })
      .filter({ hasText: 'ma-service@provider.example' });
    await mail.first().waitFor();
    const mails = await server.database.db
      .selectFrom('mail_outbox')
      .select('to_addresses')
      .where('subject', 'like', `Service request ${serviceOrderNo}%`)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.to_addresses)).toEqual(['ma-service@provider.example', 'user@acme-labs.example']);
    await uma.context().close();
    await page.context().close();
  });
});

/** The id of the United States in the country select, as the page sends it. */
const usId = (page: Page) =>
  page
    .getByRole('tabpanel')
    .getByLabel('Country')
    .locator('option', { hasText: /^United States$/ })
    .getAttribute('value');
