import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const EMAIL = 'user@acme-labs.example';

async function myAccount(): Promise<Page> {
  const user = await server.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', EMAIL)
    .executeTakeFirstOrThrow();
  await server.database.db.deleteFrom('calendar_feeds').where('user_id', '=', user.id).execute();
  const context = await newPortalContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await signInByRequest(context, server.url, EMAIL);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/userManagement/myAccount`);
  await page.getByRole('heading', { name: 'My account' }).waitFor();
  return page;
}

/** The feed as a calendar app reads it: a plain GET without the browser's cookies. */
const readFeed = (url: string) => fetch(url);

describe('the calendar feed on my account', () => {
  it('creates an address, copies it, and a calendar app reads the calendar there', async () => {
    const page = await myAccount();
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByText('You have no calendar feed address yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const made = page.waitForResponse(
      (r) => r.url().includes('/api/Users/calendarFeed') && r.request().method() === 'POST',
    );
    await section.getByRole('button', { name: 'Create address' }).click();
    expect((await made).status()).toBe(200);
    const address = section.getByRole('textbox', { name: 'Calendar feed address' });
    await expect.poll(() => address.inputValue()).toMatch(/\/api\/CalendarFeed\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    const url = await address.inputValue();
    expect(url.startsWith(server.url)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Address copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const res = await readFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getAllSubcomponents('vevent').length).toBeGreaterThan(0);

    // After a reload the same address is shown again.
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Calendar feed address' }).inputValue()).toBe(url);
    await page.context().close();
  });

  it('regenerates only after the warning, and the old address then answers 404', async () => {
    const page = await myAccount();
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByRole('button', { name: 'Create address' }).click();
    const address = section.getByRole('textbox', { name: 'Calendar feed address' });
    await expect.poll(() => address.inputValue()).toContain('/calendar.ics');
    const old = await address.inputValue();

    // Cancelled: nothing changes.
    await section.getByRole('button', { name: 'Regenerate address' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText('The current address stops working').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await address.inputValue()).toBe(old);
    expect((await readFeed(old)).status).toBe(200);

    await section.getByRole('button', { name: 'Regenerate address' }).click();
    const made = page.waitForResponse(
      (r) => r.url().includes('/api/Users/calendarFeed') && r.request().method() === 'POST',
    );
    await question.getByRole('button', { name: 'Regenerate address' }).click();
    expect((await made).status()).toBe(200);
    await page.getByText('A new address was made; the old one no longer works.').waitFor();
    await expect.poll(() => address.inputValue()).not.toBe(old);
    const renewed = await address.inputValue();
    expect((await readFeed(old)).status).toBe(404);
    expect((await readFeed(renewed)).status).toBe(200);
    await page.context().close();
  });
});
