import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { waitForSettled } from '../support/settled';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/** Sign the page's browser context in as `email` and open the welcome page. */
async function signIn(page: Page, email: string) {
  await signInByRequest(page.context(), server.url, email);
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
}

async function openFromHeader(page: Page) {
  await page.locator('.portal-header').getByRole('button', { name: 'New service request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New service request' });
  await dialog.waitFor();
  // The issue types and priorities of the configuration are loaded.
  await dialog.getByLabel('Issue type').waitFor();
  return dialog;
}

describe('new service request from the header', () => {
  it('a user raises a request without an instrument for a colleague, with an attachment; the mail is in the outbox', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'user@acme-labs.example');
    const dialog = await openFromHeader(page);

    await dialog.getByText('This request is not linked to an instrument.', { exact: false }).waitFor();
    // Defaults (spec 2 section 5): the first type, priority medium; contact name and e-mail read-only.
    expect(await dialog.getByLabel('Issue type').locator('option:checked').textContent()).toBe('Repair');
    expect(await dialog.getByLabel('Priority').locator('option:checked').textContent()).toBe('Medium');
    const contactEmail = dialog.getByLabel('Contact e-mail');
    expect(await contactEmail.inputValue()).toBe('user@acme-labs.example');
    expect(await contactEmail.getAttribute('readonly')).not.toBeNull();

    // Nothing filled in: the mandatory issue text says so, and nothing is sent.
    const sent: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/ServiceCall' && sent.push(r.url()),
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').getByText('This field is required.').waitFor();
    await page.getByText('Some fields need your attention. Please correct them and try again.').waitFor();
    expect(sent).toEqual([]);

    await dialog.getByLabel('Priority').selectOption({ label: 'High' });
    await dialog.getByLabel('Describe the issue').fill('Column oven shows <error 42> & stops heating.');

    // A duplicate in the notification list is refused with the list message.
    const list = dialog.getByLabel('Notify by e-mail');
    await list.fill('desk@acme-labs.example; DESK@acme-labs.example');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog
      .getByText('Please enter valid e-mail addresses separated by semicolons, each address only once.')
      .waitFor();
    await list.fill('desk@acme-labs.example');

    await dialog.getByText('Request for someone else').click();
    const colleague = dialog.getByLabel('Requested for');
    await colleague.click();
    await colleague.fill('manager@acme');
    await page.getByRole('option', { name: /manager@acme-labs\.example/ }).click();
    await expect.poll(() => colleague.inputValue()).toContain('manager@acme-labs.example');

    await dialog
      .getByLabel('Attachment', { exact: true })
      .setInputFiles({ name: 'oven-log.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await dialog.getByText('oven-log.pdf').waitFor();

    await dialog.getByRole('button', { name: 'Submit' }).click();
    const confirmation = page.getByText(/^Your service request SR\d{8} has been submitted\./);
    await confirmation.waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const serviceOrderNo = (await confirmation.textContent())!.match(/SR\d{8}/)![0];

    const row = await server.database.db
      .selectFrom('service_calls')
      .selectAll()
      .where('service_order_no', '=', serviceOrderNo)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      equipment_id: null,
      call_status: 'OPEN',
      priority: 2,
      issue_text: 'Column oven shows &lt;error 42&gt; &amp; stops heating.',
      request_email: 'desk@acme-labs.example',
    });
    const attachments = await server.database.db
      .selectFrom('service_call_attachments')
      .select('file_name')
      .where('service_call_id', '=', row.id)
      .execute();
    expect(attachments).toEqual([{ file_name: 'oven-log.pdf' }]);

    // The mail is on the development page of the outbox (for provider staff), to the requester, the colleague and
    // the list.
    const staff = await newPortalContext(browser);
    await signInByRequest(staff, server.url, 'pe@provider.example');
    const outbox = await staff.newPage();
    await outbox.goto(`${server.url}/dev/outbox`);
    const mail = outbox.locator('article', { hasText: serviceOrderNo }).first();
    await mail.waitFor();
    const text = await mail.textContent();
    expect(text).toContain('user@acme-labs.example, manager@acme-labs.example, desk@acme-labs.example');
    expect(text).toContain('Column oven shows <error 42> & stops heating.');
    await staff.close();
    await context.close();
  });

  it('the toggle switches to an instrument: pick one, tick its primary user, and the request is about it', async () => {
    const equipment = await server.database.db
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select(['equipment.id', 'equipment.serial', 'equipment.mfg', 'equipment.model'])
      .where('customers.name', '=', 'Acme Labs')
      .where('equipment.serial', 'is not', null)
      .where('equipment.is_hidden', '=', false)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('equipment')
      .set({ contact_email: 'primary.user@acme-labs.example', contact_mgr_email: null })
      .where('id', '=', equipment.id)
      .execute();

    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'user@acme-labs.example');
    const dialog = await openFromHeader(page);
    await dialog.getByText('Request service for a specific instrument').click();
    // Submitting without a chosen instrument asks for one.
    await dialog.getByLabel('Describe the issue').fill('Autosampler needle is bent.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').getByText('This field is required.').waitFor();

    const search = dialog.getByRole('combobox', { name: /^Instrument/ });
    await search.click();
    await search.fill(equipment.serial!);
    await page
      .getByRole('option', { name: new RegExp(equipment.serial!) })
      .first()
      .click();
    await dialog.getByText('Serial number').waitFor();

    // The lab manager has no address: ticking shows an error and leaves the box unticked.
    await dialog.getByText('Notify the lab manager').click();
    await page.getByText('The lab manager of this instrument has no valid e-mail address.').waitFor();
    expect(await dialog.getByLabel('Notify the lab manager').isChecked()).toBe(false);
    await dialog.getByText('Notify the primary user').click();
    await expect.poll(() => dialog.getByLabel('Notify by e-mail').inputValue()).toBe('primary.user@acme-labs.example');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    const confirmation = page.getByText(/^Your service request SR\d{8} has been submitted\./);
    await confirmation.waitFor();
    const serviceOrderNo = (await confirmation.textContent())!.match(/SR\d{8}/)![0];
    const row = await server.database.db
      .selectFrom('service_calls')
      .select(['equipment_id', 'request_email', 'job_type'])
      .where('service_order_no', '=', serviceOrderNo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      equipment_id: equipment.id,
      request_email: 'primary.user@acme-labs.example',
      job_type: 'Repair',
    });
    await context.close();
  });

  it('asks before closing with unsaved data, and closes at once without', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'manager@acme-labs.example');
    const dialog = await openFromHeader(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const again = await openFromHeader(page);
    await again.getByLabel('Describe the issue').fill('Balance drifts');
    await again.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('You have unsaved changes.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Continue editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await again.getByLabel('Describe the issue').inputValue()).toBe('Balance drifts');
    await waitForSettled(page);
    await page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: 'Discard request' }).click();
    await again.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('the open dialog has no accessibility violations (axe-core)', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'user@acme-labs.example');
    const dialog = await openFromHeader(page);
    await dialog.getByText('Request for someone else').click();
    await dialog.getByText('Request service for a specific instrument').click();
    await dialog.getByRole('combobox', { name: /^Requested for/ }).waitFor();
    expect(await axeViolations(page, '[role=dialog]')).toEqual([]);
    await context.close();
  });

  it('is not in the header in admin mode', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, 'pe@provider.example');
    const button = page.locator('.portal-header').getByRole('button', { name: 'New service request' });
    await button.waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch to admin mode' }).click();
    await page.waitForURL('**/admin/welcome');
    await page.getByText('Admin mode', { exact: true }).waitFor();
    await expect.poll(() => button.count()).toBe(0);
    await context.close();
  });
});

describe('remembered notification addresses (spec 2 section 4: the e-mail save preference in local storage)', () => {
  const ADMIN = 'admin@acme-labs.example';
  const remember = 'Remember these addresses for my next requests';

  /** Fills the issue, submits and waits for the confirmation; answers the list as the server stored it. */
  async function submit(page: Page, dialog: Locator, issue: string) {
    await dialog.getByLabel('Describe the issue').fill(issue);
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/ServiceCall',
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const { result } = (await (await answer).json()) as { result: { serviceOrderNo: string } };
    const serviceOrderNo = result.serviceOrderNo;
    await page.getByText(`Your service request ${serviceOrderNo} has been submitted.`, { exact: false }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = await server.database.db
      .selectFrom('service_calls')
      .select('request_email')
      .where('service_order_no', '=', serviceOrderNo)
      .executeTakeFirstOrThrow();
    return row.request_email;
  }

  it('offers the last list again when asked to remember it, without the instrument’s ticked address, until turned off', async () => {
    // An instrument on the admin's own list, so that the instrument search offers it.
    const equipment = await server.database.db
      .selectFrom('equipment')
      .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
      .innerJoin('users', 'users.id', 'user_equipment.user_id')
      .select(['equipment.id', 'equipment.serial'])
      .where('users.email', '=', ADMIN)
      .where('equipment.serial', 'is not', null)
      .where('equipment.is_hidden', '=', false)
      .orderBy('equipment.id', 'desc')
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('equipment')
      .set({ contact_email: 'owner.remembered@acme-labs.example' })
      .where('id', '=', equipment.id)
      .execute();

    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    const dialog = await openFromHeader(page);
    const list = dialog.getByLabel('Notify by e-mail');
    expect(await list.inputValue()).toBe('');
    expect(await dialog.getByLabel(remember).isChecked()).toBe(false);

    await dialog.getByText('Request service for a specific instrument').click();
    const search = dialog.getByRole('combobox', { name: /^Instrument/ });
    await search.click();
    await search.fill(equipment.serial!);
    await page
      .getByRole('option', { name: new RegExp(equipment.serial!) })
      .first()
      .click();
    await list.fill('desk@acme-labs.example; qa.lead@acme-labs.example');
    await dialog.getByText('Notify the primary user').click();
    await expect
      .poll(() => list.inputValue())
      .toBe('desk@acme-labs.example; qa.lead@acme-labs.example; owner.remembered@acme-labs.example');
    await dialog.getByText(remember).click();
    expect(await submit(page, dialog, 'Pump pressure ripple')).toBe(
      'desk@acme-labs.example;qa.lead@acme-labs.example;owner.remembered@acme-labs.example',
    );

    // The next request starts with the user's own addresses and the preference still on.
    const next = await openFromHeader(page);
    await expect
      .poll(() => next.getByLabel('Notify by e-mail').inputValue())
      .toBe('desk@acme-labs.example; qa.lead@acme-labs.example');
    expect(await next.getByLabel(remember).isChecked()).toBe(true);
    expect(await axeViolations(page, '[role=dialog]')).toEqual([]);

    // Turned off, the list is sent once more and then forgotten.
    await next.getByText(remember).click();
    expect(await submit(page, next, 'Detector noise')).toBe('desk@acme-labs.example;qa.lead@acme-labs.example');
    const third = await openFromHeader(page);
    expect(await third.getByLabel('Notify by e-mail').inputValue()).toBe('');
    expect(await third.getByLabel(remember).isChecked()).toBe(false);
    const stored = await page.evaluate(() =>
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith('portal.serviceRequestEmails.'))
        .map((key) => window.localStorage.getItem(key)),
    );
    expect(stored.join()).not.toContain('desk@acme-labs.example');
    await context.close();
  });

  it('ignores a corrupted stored list and keeps only the valid addresses of a tampered one', async () => {
    const { id } = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN)
      .executeTakeFirstOrThrow();
    const key = `portal.serviceRequestEmails.${id}`;
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN);

    await page.evaluate((k) => window.localStorage.setItem(k, '{"remember":true,"addresses":"desk@acme'), key);
    const dialog = await openFromHeader(page);
    expect(await dialog.getByLabel('Notify by e-mail').inputValue()).toBe('');
    expect(await dialog.getByLabel(remember).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.evaluate(
      (k) =>
        window.localStorage.setItem(
          k,
          JSON.stringify({
            remember: true,
            addresses: ['desk@acme-labs.example', '<script>', 42, `${'x'.repeat(300)}@acme-labs.example`],
          }),
        ),
      key,
    );
    const again = await openFromHeader(page);
    expect(await again.getByLabel('Notify by e-mail').inputValue()).toBe('desk@acme-labs.example');
    expect(await again.getByLabel(remember).isChecked()).toBe(true);
    await context.close();
  });
});
