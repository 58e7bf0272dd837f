import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const VALIDATION_FAILED_TIP = 'Some fields need your attention. Please correct them and try again.';
/** Longer than Blueprint's closing transition of a dialog (300 ms): a dialog that was to close has closed by then. */
const CLOSING_TRANSITION_MS = 600;

/** A new browser context signed in as `email`, with a page open at `path`. */
async function signedInPage(email: string, path: string): Promise<Page> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

/** The Acme admin on the user list with the Invite user dialog open. */
async function openInviteUser(): Promise<{ page: Page; dialog: Locator }> {
  const page = await signedInPage('admin@acme-labs.example', '/app/userManagement');
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.waitFor();
  await page.waitForFunction(() => !document.querySelector('.bp6-overlay-enter, .bp6-overlay-appear'));
  return { page, dialog };
}

const boxOf = async (dialog: Locator) => (await dialog.boundingBox())!;

/** The dialog's position once it has stopped at `x`, `y` (a pixel either way for subpixel layout). */
async function expectAt(dialog: Locator, x: number, y: number) {
  await expect.poll(async () => Math.round((await boxOf(dialog)).x)).toBeCloseTo(x, -0.5);
  await expect.poll(async () => Math.round((await boxOf(dialog)).y)).toBeCloseTo(y, -0.5);
}

describe('dialogs (spec 1 section 9)', () => {
  it('a click on the mask leaves a dialog open, with what was typed in it', async () => {
    const { page, dialog } = await openInviteUser();
    const email = dialog.getByLabel(/^E-mail/);
    await email.fill('new.colleague@acme-labs.example');
    const box = await boxOf(dialog);
    // On the mask, left of the dialog and clear of it.
    await page.mouse.click(Math.max(2, box.x / 2), box.y + box.height / 2);
    await page.waitForTimeout(CLOSING_TRANSITION_MS);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await email.inputValue()).toBe('new.colleague@acme-labs.example');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await page.context().close();
  });

  it('dragging the header moves the dialog, and it stops at the edge of the window', async () => {
    const { page, dialog } = await openInviteUser();
    const start = await boxOf(dialog);
    const title = dialog.getByRole('heading', { name: 'Invite user' });
    const grip = (await title.boundingBox())!;
    const from = { x: grip.x + 10, y: grip.y + grip.height / 2 };

    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 20, { steps: 4 });
    await page.mouse.move(from.x + 120, from.y + 40, { steps: 4 });
    await page.mouse.up();
    await expectAt(dialog, start.x + 120, start.y + 40);

    const moved = await boxOf(dialog);
    await page.mouse.move(from.x + 120, from.y + 40);
    await page.mouse.down();
    await page.mouse.move(from.x - 2000, from.y - 2000, { steps: 6 });
    await page.mouse.up();
    await expectAt(dialog, 0, 0);
    expect((await boxOf(dialog)).width).toBeCloseTo(moved.width, 0);
    await page.context().close();
  });

  it('the arrow keys on the header handle move the dialog', async () => {
    const { page, dialog } = await openInviteUser();
    const start = await boxOf(dialog);
    const handle = dialog.getByRole('button', { name: 'Move dialog' });
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await expectAt(dialog, start.x + 20, start.y);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expectAt(dialog, start.x + 40, start.y + 20);
    await page.keyboard.press('Shift+ArrowLeft');
    await expectAt(dialog, start.x - 60, start.y + 20);
    // Escape still closes the dialog from the handle (nothing was typed, so nothing is asked).
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('a text input with a maximum shows entered/max, and a failed invite-user form shows the toast', async () => {
    const { page, dialog } = await openInviteUser();
    await dialog.getByText('0/100', { exact: true }).waitFor();
    await dialog.getByLabel(/^E-mail/).fill('not-an-address');
    await dialog.getByText('14/100', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(VALIDATION_FAILED_TIP).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.context().close();
  });

  it('a failed onboarding invitation shows the toast', async () => {
    const page = await signedInPage('pe@provider.example', '/app/administration/customerOnboarding');
    await page.getByRole('heading', { name: 'Customer onboarding' }).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(VALIDATION_FAILED_TIP).waitFor();
    expect(await page.getByLabel(/^To/).getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('a failed products-management update shows the toast', async () => {
    const page = await signedInPage('pe@provider.example', '/app/welcome');
    await page.getByRole('button', { name: 'Current company' }).click();
    await page.getByRole('menuitem', { name: 'Switch customer' }).click();
    const picker = page.getByRole('dialog', { name: 'Switch customer' });
    await picker.getByRole('textbox', { name: 'Search customers by name or number' }).fill('acme');
    await picker.getByRole('menu', { name: 'Customers' }).getByRole('menuitem', { name: 'Acme Labs' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: 'Current company' }).filter({ hasText: 'Acme Labs' }).waitFor();
    await page.goto(`${server.url}/app/administration/productsManagement`);
    await page.getByRole('heading', { name: 'Products management' }).waitFor();
    const cell = page.getByRole('textbox', { name: /^Primary user e-mail of / }).first();
    await cell.fill('not-an-address');
    await page.getByRole('button', { name: 'Update (1)' }).click();
    await page.getByText(VALIDATION_FAILED_TIP).waitFor();
    expect(await cell.getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('a number range filter takes what the number rules take, at most 8 characters, with its counter', async () => {
    const filter = [{ field: 'equipConstrYear', operator: 3, value: ['2000'] }];
    const page = await signedInPage(
      'user@acme-labs.example',
      `/app/product?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    await page.getByText(/^Construction year:/).click();
    const dialog = page.getByRole('dialog', { name: 'Filter: Construction year' });
    await dialog.waitFor();
    const from = dialog.getByLabel('From', { exact: true });
    await expect.poll(() => from.inputValue()).toBe('2000');
    await from.fill('');
    await from.focus();
    await page.keyboard.type('-1a2.5x');
    await expect.poll(() => from.inputValue()).toBe('-12.5');
    await page.keyboard.type('e3q4567');
    // "-12.5e34" is 8 characters: the rest is refused.
    await expect.poll(() => from.inputValue()).toBe('-12.5e34');
    await dialog.getByText('8/8', { exact: true }).waitFor();
    const to = dialog.getByLabel('To', { exact: true });
    await to.focus();
    await page.keyboard.type('123456789');
    await expect.poll(() => to.inputValue()).toBe('12345678');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await page.context().close();
  });
});
