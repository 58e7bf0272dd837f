import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ErrorCode } from '../../contract/errors';
import { newPortalContext } from '../support/portalContext';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const PE = 'pe@provider.example';
const peRow = () =>
  server.database.db
    .selectFrom('users')
    .select(['office_phone', 'department'])
    .where('email', '=', PE)
    .executeTakeFirstOrThrow();
const sessionCustomer = async () =>
  (
    await server.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('customers', 'customers.id', 'sessions.customer_id')
      .select('customers.name')
      .where('users.email', '=', PE)
      .executeTakeFirstOrThrow()
  ).name;

/**
 * A tab that hears nothing of what the other tab did: no BroadcastChannel (a tab the browser froze, or a browser
 * without it) and no live connection (a proxy that drops WebSocket upgrades), so only the server's answer to its next
 * call, the save, can tell it. With its live connection the tab re-reads its data once the hub reconnects, and that
 * read is answered the same way before the save is clicked.
 */
async function tabThatHearsNothing(page: Page) {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'BroadcastChannel');
    class SilentSocket extends EventTarget {
      readyState = 0;
      send() {}
      close() {}
    }
    Object.defineProperty(window, 'WebSocket', { value: SilentSocket, configurable: true, writable: true });
  });
}

/**
 * The first answer of the page's calls that carries `errorCode`. Coming back to the tab may re-read its data before
 * the save is clicked (TanStack Query refetches on focus); whichever call comes first is refused the same way.
 */
const refusedWith = (page: Page, errorCode: number) =>
  page.waitForResponse(
    async (r) =>
      r.url().includes('/api/') &&
      ((await r.json().catch(() => null)) as { errorCode?: number } | null)?.errorCode === errorCode,
  );

/**
 * Clicks Save as a user would: on the button, or on the modal's backdrop when the refusal of a re-read has already
 * put the modal over the form (then nothing is sent).
 */
const clickSave = (form: ReturnType<Page['getByRole']>) =>
  form.getByRole('button', { name: 'Save' }).click({ force: true });

const currentCompany = (page: Page, name: string) =>
  page.getByRole('button', { name: 'Current company' }).filter({ hasText: name });

describe('a tab that still shows the previous customer', () => {
  it('its next call, a re-read or the save, shows the customer-changed modal, writes nothing, and the reload shows the new customer', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, PE);
    const switching = await context.newPage();
    await switching.goto(`${server.url}/app/welcome`);
    await currentCompany(switching, 'Provider Service').waitFor();

    const stale = await context.newPage();
    await tabThatHearsNothing(stale);
    await stale.goto(`${server.url}/app/userManagement/myAccount`);
    await currentCompany(stale, 'Provider Service').waitFor();
    await stale.getByRole('button', { name: 'Edit' }).click();
    const form = stale.getByRole('dialog', { name: 'Edit profile' });
    await form.waitFor();

    // From here on, the stale tab's first call is refused: a re-read when it is shown again, or the save.
    const refused = refusedWith(stale, ErrorCode.CustomerChanged);
    await switching.getByRole('button', { name: 'Current company' }).click();
    await switching.getByRole('menuitem', { name: 'Switch customer' }).click();
    const picker = switching.getByRole('dialog', { name: 'Switch customer' });
    await picker.getByRole('textbox', { name: 'Search customers by name or number' }).fill('globex');
    await picker.getByRole('menuitem', { name: /Globex Corporation/ }).click();
    await currentCompany(switching, 'Globex Corporation').waitFor();
    await expect.poll(sessionCustomer).toBe('Globex Corporation');

    const before = await peRow();
    await stale.bringToFront();
    await form.getByLabel('Office phone').fill('+1 617 555 0142');
    if (!before.department) await form.getByLabel('Department').fill('Field service');
    await clickSave(form);
    await refused;
    const modal = stale.getByRole('dialog', { name: 'Company changed' });
    await modal.waitFor();
    expect(await axeViolations(stale, '.bp6-dialog')).toEqual([]);
    expect(await peRow()).toEqual(before);

    await modal.getByRole('button', { name: 'OK' }).click();
    await currentCompany(stale, 'Globex Corporation').waitFor();
    await stale.getByRole('table', { name: 'My account' }).waitFor();
    expect(await peRow()).toEqual(before);
    // The tab that switched works for the new customer without being told anything.
    expect(await switching.getByRole('dialog', { name: 'Company changed' }).count()).toBe(0);
    await context.close();
  });
});

describe('a tab that still shows the previous user', () => {
  const phoneOf = async (email: string) =>
    (
      await server.database.db
        .selectFrom('users')
        .select('office_phone')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).office_phone;

  it('its next call, a re-read or the save, shows the signed-in-user-changed modal and writes nothing into either profile', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@globex.example');
    const stale = await context.newPage();
    await tabThatHearsNothing(stale);
    await stale.goto(`${server.url}/app/userManagement/myAccount`);
    await expect.poll(() => stale.getByRole('table', { name: 'My account' }).textContent()).toContain('Gus User');
    await stale.getByRole('button', { name: 'Edit' }).click();
    const form = stale.getByRole('dialog', { name: 'Edit profile' });
    await form.waitFor();

    // From here on, the stale tab's first call is refused: a re-read when it is shown again, or the save.
    const refused = refusedWith(stale, ErrorCode.LoggedInUserChanged);
    // Someone else signs in in this browser, in one step (a sign-in ends the session the browser brought), so the
    // stale tab never meets a browser without a session; another tab then shows her.
    await signInByRequest(context, server.url, 'admin@globex.example');
    const other = await context.newPage();
    await other.goto(`${server.url}/app/welcome`);
    await other.getByRole('heading', { name: 'Welcome, Greta' }).waitFor();

    const before = { gus: await phoneOf('user@globex.example'), greta: await phoneOf('admin@globex.example') };
    await stale.bringToFront();
    await form.getByLabel('Office phone').fill('+1 217 555 0199');
    const department = form.getByLabel('Department');
    if (!(await department.inputValue())) await department.fill('Quality control');
    await clickSave(form);
    await refused;
    const modal = stale.getByRole('dialog', { name: 'Signed-in user changed' });
    await modal.waitFor();
    expect(await axeViolations(stale, '.bp6-dialog')).toEqual([]);
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => stale.getByRole('table', { name: 'My account' }).textContent()).toContain('Greta Admin');
    expect({ gus: await phoneOf('user@globex.example'), greta: await phoneOf('admin@globex.example') }).toEqual(before);
    await context.close();
  });
});
