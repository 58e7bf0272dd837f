import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInventoryAs, openFirstRowMenu } from '../support/inventoryPage';

/*
 * Contact the contract team (spec 2 section 5): from the inventory row menu's Change request and from the instrument
 * page's contract section; the request reaches the contract team's mailbox through the outbox.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const db = () => server.database.db;
const EMAIL = 'manager@acme-labs.example';

const mailsAbout = (serial: string) =>
  db()
    .selectFrom('mail_outbox')
    .select(['to_addresses', 'body'])
    .where('subject', 'like', 'Contract change request%')
    .where('body', 'like', `%${serial}%`)
    .execute();

/** The inventory as the manager, with the first row's change request open and prefilled; that row's serial. */
async function openChangeRequest() {
  const { context, page } = await openInventoryAs(browser, server.url, EMAIL);
  const id = await openFirstRowMenu(page);
  const { serial } = await db().selectFrom('equipment').select('serial').where('id', '=', id).executeTakeFirstOrThrow();
  await page.getByRole('menuitem', { name: 'Change request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact the contract team' });
  await dialog.waitFor();
  await expect.poll(() => dialog.getByLabel('First name').inputValue()).not.toBe('');
  return { context, page, dialog, serial };
}

describe('contact the contract team', () => {
  it('a manager sends a change request from the row menu; the contract team gets it by mail', async () => {
    const { context, page, dialog, serial } = await openChangeRequest();

    // The comment stops at 200 characters, and the counter says so.
    const comments = dialog.getByRole('textbox', { name: 'Comments' });
    await comments.fill('x'.repeat(230));
    await dialog.getByText('200 of 200 characters').waitFor();
    expect((await comments.inputValue()).length).toBe(200);
    await comments.fill('Please quote a Gold plan for three years.');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const sent = page.waitForResponse((r) => r.url().includes('/api/Equipment/Contract/Request'));
    await dialog.getByRole('button', { name: 'Send request' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText('Your request has been sent to the contract team.', { exact: false }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const mails = await mailsAbout(serial!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Please quote a Gold plan for three years.');
    await context.close();
  });

  it('asks which additional solutions are wanted and sends them with the request and in the mail', async () => {
    const { context, page, dialog, serial } = await openChangeRequest();
    await dialog.getByRole('textbox', { name: 'Additional solutions for' }).fill('Our two LC-MS systems in building B');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const sent = page.waitForRequest((r) => r.url().includes('/api/Equipment/Contract/Request'));
    await dialog.getByRole('button', { name: 'Send request' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      additionalSolutionsFor: 'Our two LC-MS systems in building B',
    });
    await page.getByText('Your request has been sent to the contract team.', { exact: false }).waitFor();
    const mails = await mailsAbout(serial!);
    expect(mails.some((m) => m.body.includes('Additional solutions for: Our two LC-MS systems in building B'))).toBe(
      true,
    );
    await context.close();
  });

  it('the instrument page offers it in the contract section, and not for an instrument the user added', async () => {
    const { context, page } = await openInventoryAs(browser, server.url, EMAIL);
    const id = await openFirstRowMenu(page);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/app/product/equipmentDetail/${id}`);
    await page.waitForURL(`**/app/product/equipmentDetail/${id}`);
    await page.getByRole('button', { name: 'Request contract change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact the contract team' });
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Extend the coverage to weekends.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = await db()
      .selectFrom('contract_change_requests')
      .select('payload')
      .where('equipment_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.payload).toMatchObject({ comments: 'Extend the coverage to weekends.' });

    await db().updateTable('equipment').set({ data_source_id: 99 }).where('id', '=', id).execute();
    await page.reload();
    await page.getByRole('button', { name: 'Equipment details', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Request contract change' }).count()).toBe(0);
    await context.close();
  });
});
