import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../api-mock/src/seed/demoAccounts';
import { LOGIN_MAX_FAILURES } from '../../contract/limits';
import { newPortalContext } from '../support/portalContext';
import { axeViolations } from '../support/axe';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

async function newPage(): Promise<Page> {
  const context = await newPortalContext(browser);
  return context.newPage();
}

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

describe('signing in and out', () => {
  const located = DEMO_ACCOUNTS.filter((a) => !a.email.startsWith('new@'));

  it.each(located.map((a) => a.email))(
    '%s signs in, lands on the welcome page, stays signed in after a reload, and signs out',
    async (email) => {
      const page = await newPage();
      await signIn(page, email);
      await page.waitForURL('**/app/welcome');
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/welcome');
      await signOutFromMenu(page);
      await page.goto(`${server.url}/app/welcome`);
      await page.waitForURL('**/login');
      await page.context().close();
    },
  );

  it('a wrong password shows a clear error and keeps the user on the sign-in page', async () => {
    const page = await newPage();
    await signIn(page, 'user@acme-labs.example', 'Wrong123');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('e-mail address or password is not correct');
    expect(await axeViolations(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('a browser locked out of an account is told to wait; a browser that signed in there before still signs in', async () => {
    const email = 'admin@globex.example';
    const owner = await newPage();
    await signIn(owner, email);
    await owner.waitForURL('**/app/welcome');
    await signOutFromMenu(owner);

    const guesser = await newPage();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await signIn(guesser, email, `Wrong${i}guess`);
      await guesser.getByRole('alert').filter({ hasText: 'e-mail address or password is not correct' }).waitFor();
    }
    await signIn(guesser, email);
    await guesser.getByRole('alert').filter({ hasText: 'Too many failed sign-ins. Please wait a minute' }).waitFor();
    expect(new URL(guesser.url()).pathname).toBe('/login');

    await signIn(owner, email);
    await owner.waitForURL('**/app/welcome');
    await owner.context().close();
    await guesser.context().close();
  });

  it('empty fields are marked as required and nothing is sent', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    let calls = 0;
    page.on('request', (r) => r.url().includes('/api/Account/login') && calls++);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This field is required.').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(calls).toBe(0);
    await page.context().close();
  });

  it('/logout signs the user out', async () => {
    const page = await newPage();
    await signIn(page, 'manager@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    await page.goto(`${server.url}/logout`);
    await page.waitForURL('**/login');
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });
});

describe('routes', () => {
  it('unknown paths redirect: outside /app to /app, inside /app to /app/welcome; signed out to /login', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL('**/login');
    await signIn(page, 'user@globex.example');
    await page.waitForURL('**/app/welcome');
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL('**/app/welcome');
    await page.goto(`${server.url}/app/nothing-here`);
    await page.waitForURL('**/app/welcome');
    await page.goto(`${server.url}/login`);
    await page.waitForURL('**/app/welcome');
    await page.context().close();
  });
});

describe('session expiry', () => {
  it('a session deleted on the server shows the session-expired modal at the next click; OK leads to sign-in', async () => {
    const page = await newPage();
    await signIn(page, 'admin@acme-labs.example');
    await page.waitForURL('**/app/welcome');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    // The page's own requests (its lazily loaded parts, its first queries) are done: the next one is the click's.
    await page.waitForLoadState('networkidle');
    await server.database.db
      .deleteFrom('sessions')
      .where('user_id', 'in', (qb) =>
        qb.selectFrom('users').select('users.id').where('users.email', '=', 'admin@acme-labs.example'),
      )
      .execute();
    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    // The click's request finds the session gone, unless a request the page makes by itself (a poll, the hub's
    // reconnect) found it first: then the modal is already up and takes the click.
    try {
      await page.getByRole('link', { name: 'Instrument Owner Portal' }).click({ timeout: 10_000 });
    } catch (error) {
      if (!(await dialog.isVisible())) throw error;
    }
    await dialog.waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });
});

describe('profile completion', () => {
  it('a user without a location completes both steps and lands on the welcome page', async () => {
    const page = await newPage();
    await signIn(page, 'new@acme-labs.example');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const next = page.getByRole('button', { name: 'Next' });
    await expect.poll(() => next.isDisabled()).toBe(true);
    await page.getByLabel('Location').selectOption({ label: 'Cambridge – 1 Kendall Sq' });
    await next.click();
    await page.getByLabel('Office phone').fill('not a phone');
    await page.getByRole('button', { name: "Let's go" }).click();
    await page.getByText('This value is not valid.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Office phone').fill('+1 617 555 0100');
    await page.getByRole('button', { name: "Let's go" }).click();
    await page.waitForURL('**/app/welcome');
    await page.getByText('You are working for Acme Labs, Cambridge.').waitFor();
    await page.context().close();
  });
});
