import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const USER = 'user@acme-labs.example';

/** Sign the page's browser context in and open the welcome page. */
async function signIn(page: Page) {
  await signInByRequest(page.context(), server.url, USER);
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
}

/** POSTs to a path the page sends, to check that a refused form sends nothing. */
function postsTo(page: Page, pathPattern: RegExp): string[] {
  const sent: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && pathPattern.test(new URL(r.url()).pathname) && sent.push(r.url()));
  return sent;
}

const lastRequest = (kind: string) =>
  server.database.db
    .selectFrom('contact_requests')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const lastMail = () =>
  server.database.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

/** A PNG of one pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('feedback page', () => {
  it('refuses an invalid notification address first, then sends the feedback with a screenshot', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page);

    // Reached from the help menu.
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Feedback' }).click();
    await page.waitForURL('**/app/feedback');
    await page.getByRole('heading', { name: 'Feedback', exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Feedback' });
    const send = form.getByRole('button', { name: 'Send feedback' });
    expect(await send.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await form.getByLabel('Your feedback').fill('The export dialog forgets my <column order> & filters.');
    await expect.poll(() => send.isDisabled()).toBe(false);

    // A file of a type the page does not take is refused on the spot.
    const picker = form.getByLabel('Attachments');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await form.getByRole('alert').getByText('This file type is not supported.').waitFor();
    await picker.setInputFiles({ name: 'export-dialog.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('list', { name: 'Chosen files' }).getByText('export-dialog.png').waitFor();

    // An invalid address in the notification list: the field and the toast say so, and nothing is sent.
    const posts = postsTo(page, /^\/api\/(Users\/feedback|Storage\/uploadUrl)$/);
    await form.getByLabel('Notify by e-mail').fill('desk@acme-labs.example; lab.manager@acme');
    await send.click();
    const emailsWarning = 'Please enter valid e-mail addresses, separated by semicolons.';
    await form.getByRole('alert').getByText(emailsWarning).waitFor();
    // The same words in the toast, outside the form.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: emailsWarning }).count()).toBe(2);
    expect(posts).toEqual([]);

    // Leaving with the unsaved form asks first; staying keeps everything.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Welcome' }).click();
    const leave = page.getByRole('alertdialog');
    await leave.getByText('You have unsaved changes. If you leave this page, they will be lost.').waitFor();
    await leave.getByRole('button', { name: 'Stay on page' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/app/feedback');
    expect(await form.getByLabel('Your feedback').inputValue()).toContain('<column order>');

    // A copy goes to colleagues only: an address outside the customer is refused on the field, nothing is sent.
    const earlier = (await lastRequest('feedback'))?.id;
    await form.getByLabel('Notify by e-mail').fill('manager@acme-labs.example; someone@elsewhere.example');
    await send.click();
    await form
      .getByRole('alert')
      .getByText('Copies can go only to colleagues with an account in this portal. Please remove the other addresses.')
      .waitFor();
    expect((await lastRequest('feedback'))?.id).toBe(earlier);

    await form.getByLabel('Notify by e-mail').fill('manager@acme-labs.example; admin@acme-labs.example');
    await send.click();
    await page.getByRole('heading', { name: 'Thank you for your feedback' }).waitFor();
    await page.getByText('Thank you, your feedback has been sent.').waitFor();

    const stored = await lastRequest('feedback');
    expect(stored?.payload).toMatchObject({
      emailTo: 'manager@acme-labs.example;admin@acme-labs.example',
      issueDescription: 'The export dialog forgets my &lt;column order&gt; &amp; filters.',
      attachFiles: [{ fileName: 'export-dialog.png', bucketName: 'portal-feedback', size: PNG.length }],
    });
    const mail = await lastMail();
    expect(mail.to_addresses).toBe(
      'portal-feedback@provider.example;manager@acme-labs.example;admin@acme-labs.example',
    );
    expect(mail.body).toContain('The export dialog forgets my <column order> & filters.');

    // After sending nothing is unsaved: the menu leaves without asking.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Welcome' }).click();
    await page.waitForURL('**/app/welcome');
    await context.close();
  });
});

describe('contact us page', () => {
  it('asks for the type and the category first, then sends a technical-support request by phone', async () => {
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await signIn(page);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Contact us' }).click();
    await page.waitForURL('**/app/contactUs');
    await page.getByRole('heading', { name: 'Contact us', exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Contact us' });
    // Prefilled from the signed-in user.
    await expect.poll(() => form.getByLabel('First name').inputValue()).toBe('Uma');
    await expect.poll(() => form.getByLabel('E-mail address').inputValue()).toBe(USER);
    await expect.poll(() => form.getByLabel('Country').locator('option:checked').textContent()).toBe('United States');
    await page
      .getByRole('navigation', { name: 'Useful links' })
      .getByRole('link', { name: 'Send us feedback' })
      .waitFor();

    const posts = postsTo(page, /\/contactUs$/);
    const send = form.getByRole('button', { name: 'Send request' });
    await send.click();
    await form.getByRole('alert').getByText('Please choose what your request is about.').waitFor();
    await page.getByText('Some fields need your attention. Please correct them and try again.').waitFor();
    expect(posts).toEqual([]);

    // The type cards are chosen by clicking them, as a user does.
    await form.getByText('Technical support', { exact: true }).click();
    await expect.poll(() => form.getByRole('radio', { name: /^Technical support/ }).isChecked()).toBe(true);
    await form.getByText('About your question').waitFor();
    await send.click();
    const category = form.getByLabel('Category');
    await expect.poll(() => category.getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('alert').getByText('This field is required.').waitFor();
    expect(posts).toEqual([]);

    await category.selectOption({ label: 'ICP optical emission spectroscopy (ICP-OES)' });
    await form.getByLabel('Instrument model').fill('Avio 550 Max');

    // Phone: the e-mail is cleared and the call time becomes mandatory.
    await form.getByText('Phone', { exact: true }).click();
    await expect.poll(() => form.getByLabel('E-mail address').inputValue()).toBe('');
    await form.getByLabel('Telephone').fill('+1 617 555 0100');
    await send.click();
    await expect.poll(() => form.getByLabel('Best time to call').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Best time to call').selectOption({ label: '10 am to 12 noon' });
    await form
      .getByLabel('Comments', { exact: true })
      .fill('The plasma does not ignite since the argon supply was changed.');
    await send.click();

    await page.getByRole('heading', { name: 'Thank you, your request has been sent' }).waitFor();
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]!).pathname).toBe('/api/Users/3/contactUs');
    const stored = await lastRequest('contactUs');
    expect(stored?.payload).toMatchObject({
      type: 3,
      contactMethod: 1,
      emailAddress: null,
      telephone: '+1 617 555 0100',
      callTime: '10:00-12:00',
      model: 'Avio 550 Max',
      country: 'United States',
    });
    const mail = await lastMail();
    expect(mail.to_addresses).toBe('technical-support@provider.example');
    expect(mail.body).toContain('Category: icp oes');
    expect(mail.body).toContain('Call time: 10:00-12:00');

    // Choosing e-mail again puts back the user's own address.
    await page.getByRole('button', { name: 'Send another request' }).click();
    await form.getByText('Phone', { exact: true }).click();
    await expect.poll(() => form.getByLabel('E-mail address').inputValue()).toBe('');
    await form.getByText('E-mail', { exact: true }).click();
    await expect.poll(() => form.getByLabel('E-mail address').inputValue()).toBe(USER);
    await context.close();
  });
});
