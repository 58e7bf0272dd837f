import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { INVITATION_PAGE_SIZE } from '../../contract/invitations';
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
const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_addresses', 'like', `%${email}%`).execute();

async function openOnboarding(): Promise<Page> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, 'pe@provider.example');
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('menuitem', { name: 'Customer onboarding' })
    .click();
  await page.waitForURL('**/app/administration/customerOnboarding');
  await page.getByRole('heading', { name: 'Customer onboarding' }).waitFor();
  await page.getByRole('heading', { name: 'Sent history' }).waitFor();
  return page;
}

describe('customer onboarding', () => {
  it('sends an invitation leaving out a registered address, then resends it from the sent history', async () => {
    const newcomer = `e2e.contact.${Date.now()}@newcomer.example`;
    const page = await openOnboarding();
    // The template fills subject and description.
    const subject = page.getByLabel('Subject');
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('#onboarding-subject')?.value ?? '') !== '',
    );
    expect(await subject.inputValue()).toBe('Welcome to the instrument portal');
    await page.getByRole('textbox', { name: 'Description' }).getByText('Dear customer,').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(/^To/).fill(`user@acme-labs.example; ${newcomer}`);
    // Typed data is guarded: leaving asks first, and staying keeps it.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Welcome' }).click();
    const leave = page.getByRole('alertdialog');
    await leave.getByText('You have unsaved changes.', { exact: false }).waitFor();
    await leave.getByRole('button', { name: 'Stay on page' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/app/administration/customerOnboarding');
    expect(await page.getByLabel(/^To/).inputValue()).toBe(`user@acme-labs.example; ${newcomer}`);
    await page.getByRole('button', { name: 'Add Bcc' }).click();
    const bcc = page.getByLabel('Bcc', { exact: true });
    await bcc.waitFor();
    await expect.poll(() => bcc.inputValue()).toBe('pe@provider.example');
    await page.getByLabel(/^Customer number/).fill('Acme');
    await page.getByRole('option', { name: 'Acme Labs, Boston (1000100)' }).click();
    await expect.poll(() => page.getByLabel(/^Customer number/).inputValue()).toBe('Acme Labs, Boston (1000100)');
    await page.getByLabel('Order number').fill('PO-E2E-1');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Addresses already registered' });
    await dialog.getByRole('listitem').filter({ hasText: 'user@acme-labs.example' }).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(1);
    const exclude = dialog.getByRole('checkbox', { name: 'Do not send the invitation to registered addresses' });
    expect(await exclude.isChecked()).toBe(true);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/Users/invitation') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await answered).status()).toBe(200);
    await page.getByText('The invitation has been sent.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The form starts anew; the history shows the invitation first.
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#onboarding-emailTo')?.value === '');
    const entry = page.getByRole('button', { name: new RegExp(newcomer.replace(/\./g, '\\.')) });
    await entry.waitFor();

    const stored = await db()
      .selectFrom('onboarding_invitations')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email_to: newcomer, email_bcc: 'pe@provider.example', order_number: 'PO-E2E-1' });
    expect(await mailsTo(newcomer)).toHaveLength(1);

    await entry.click();
    const detail = page.getByRole('dialog', { name: 'Invitation e-mail' });
    await detail.getByText('PO-E2E-1').waitFor();
    await detail.getByText('Dear customer,').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const resent = page.waitForResponse(
      (r) => r.url().includes('/api/Users/invitation') && r.request().method() === 'PUT',
    );
    await detail.getByRole('button', { name: 'Resend' }).click();
    expect((await resent).status()).toBe(200);
    await detail.waitFor({ state: 'hidden' });
    await page.getByText('The invitation has been sent.').first().waitFor();
    expect(await mailsTo(newcomer)).toHaveLength(2);
    const again = await db()
      .selectFrom('onboarding_invitations')
      .select('send_count')
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(again.send_count).toBe(2);
    await page.context().close();
  });

  it('loads another page of the history with view more, and remembers the width of the sidebar', async () => {
    const page = await openOnboarding();
    const entries = page.getByRole('complementary', { name: 'Sent history' }).getByRole('listitem');
    await entries.first().waitFor();
    const firstPage = await entries.count();
    expect(firstPage).toBe(INVITATION_PAGE_SIZE);
    await page.getByRole('button', { name: 'View more' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('.onboarding-history-list > li').length > n, firstPage);

    const handle = page.getByRole('separator', { name: 'Resize the sent history' });
    expect(await handle.getAttribute('aria-valuenow')).toBe('400');
    await handle.focus();
    await page.keyboard.press('End');
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('700');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('690');
    await page.reload();
    await page.getByRole('heading', { name: 'Sent history' }).waitFor();
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('690');
    await page.context().close();
  });
});
