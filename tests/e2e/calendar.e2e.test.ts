import dayjs from 'dayjs';
import 'dayjs/locale/de';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { closeWithEscape, daysSinceSeeded, signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { setChecked } from '../support/controls';
import { signedIn } from '../support/injectClient';

dayjs.extend(localizedFormat);

/** The demo user of Acme (user@acme-labs.example). */
const DEMO_USER = 'Uma Standard';

let server: E2eServer;
let browser: Browser;
/** The demo reservations are placed relative to the day the world was seeded, which a run may leave at midnight. */
let seeded = 0;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
  seeded = await daysSinceSeeded(server);
});
afterAll(() => stopE2e({ server, browser }));

async function openCalendar(email = 'user@acme-labs.example') {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(`${server.url}/app/calendar`);
  await page.getByRole('heading', { name: 'Calendar' }).waitFor();
  await page.getByRole('group', { name: /^AG/ }).first().waitFor();
  return { context, page };
}

const blocks = (page: Page) => page.getByRole('button', { name: /^Reservation by / });
const serviceEvents = (page: Page) => page.getByRole('note');
const range = (page: Page) => page.locator('#calendar-range').innerText();
const labelsOf = async (page: Page) =>
  Promise.all((await blocks(page).all()).map((b) => b.locator('.calendar-sr-only').innerText()));

/** The period moves only once the new rows are there: wait until the range shows `text` and loading ended. */
async function rangeIs(page: Page, text: string) {
  await expect.poll(() => range(page)).toBe(text);
  await expect.poll(() => page.getByRole('button', { name: 'Today', exact: true }).isEnabled()).toBe(true);
}

const dayLabel = (offset: number) => dayjs().add(offset, 'day').format('dddd, ll');

/** Day mode on the day `offset` days from today (a negative offset goes back). */
async function dayMode(page: Page, offset = 0) {
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await rangeIs(page, dayLabel(0));
  const step = page.getByRole('button', { name: offset < 0 ? 'Previous day' : 'Next day' });
  for (let i = 0; i < Math.abs(offset); i++) await step.click();
  await rangeIs(page, dayLabel(offset));
}

describe('calendar', () => {
  it('shows the demo reservations by week and by day, and moves with previous, next and today', async () => {
    const { context, page } = await openCalendar();
    await expect.poll(() => blocks(page).count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    const thisWeek = await range(page);
    expect(thisWeek).toMatch(/ – /);

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => range(page)).not.toBe(thisWeek);
    const nextWeek = await range(page);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await rangeIs(page, thisWeek);
    await page.getByRole('button', { name: 'Next week' }).click();
    await rangeIs(page, nextWeek);
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await rangeIs(page, thisWeek);

    await dayMode(page, 1);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await rangeIs(page, dayLabel(0));
    await page.getByRole('button', { name: 'Next day' }).click();
    await rangeIs(page, dayLabel(1));
    // Tomorrow every half hour is in the future: the rows offer plus buttons to add a reservation there.
    const slots = page.getByRole('button', { name: /^Add a reservation on AG.* at / });
    await expect.poll(() => slots.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await rangeIs(page, dayLabel(0));

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await rangeIs(page, thisWeek);
    await context.close();
  });

  it('a plus slot opens the reservation dialog for that instrument', async () => {
    const { context, page } = await openCalendar();
    await dayMode(page, 1);
    const slot = page.getByRole('button', { name: /^Add a reservation on AG.* at / }).first();
    const serial = /^Add a reservation on (AG\w+)/.exec((await slot.getAttribute('aria-label')) ?? '')![1]!;
    await slot.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Instrument').inputValue()).toContain(serial);
    await expect
      .poll(() => dialog.getByLabel(/^Start/).inputValue())
      .toMatch(new RegExp(`^${dayjs().add(1, 'day').format('YYYY-MM-DD')}T`));
    await context.close();
  });

  it('a reservation block opens its details with the actions the user may take', async () => {
    const { context, page } = await openCalendar();
    await dayMode(page, 1 - seeded);
    const mine = page.getByRole('button', { name: new RegExp(`^Reservation by ${DEMO_USER} `) }).first();
    await mine.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog');
    await details.getByText('Method validation run').waitFor();
    await details.getByText(DEMO_USER).waitFor();
    for (const name of ['Edit', 'Copy', 'Delete']) await details.getByRole('button', { name }).waitFor();
    await closeWithEscape(page, details);

    // A colleague's reservation: a standard user may copy it, but neither edit nor delete it.
    await page.getByRole('button', { name: 'Next day' }).click();
    await rangeIs(page, dayLabel(2 - seeded));
    await page
      .getByRole('button', { name: /^Reservation by / })
      .filter({ hasNotText: DEMO_USER })
      .first()
      .click();
    await details.getByRole('button', { name: 'Copy' }).waitFor();
    expect(await details.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await context.close();
  });

  it('the service-type checkboxes show and hide the service events', async () => {
    const { context, page } = await openCalendar();
    for (let week = 0; week < 3 && (await serviceEvents(page).count()) === 0; week++) {
      const before = await range(page);
      await page.getByRole('button', { name: 'Next week' }).click();
      await expect.poll(() => range(page)).not.toBe(before);
      await expect.poll(() => page.getByRole('button', { name: 'Today', exact: true }).isEnabled()).toBe(true);
    }
    const shown = await serviceEvents(page).count();
    expect(shown).toBeGreaterThan(0);
    const type = (await serviceEvents(page).first().locator('.calendar-block-text').innerText()).trim();
    const ofType = serviceEvents(page).filter({ has: page.locator('.calendar-block-text', { hasText: type }) });
    const sameType = await ofType.count();

    await setChecked(page.getByRole('checkbox', { name: type, exact: true }), false);
    await expect.poll(() => ofType.count()).toBe(0);
    await expect.poll(() => serviceEvents(page).count()).toBe(shown - sameType);
    await setChecked(page.getByRole('checkbox', { name: type, exact: true }), true);
    await expect.poll(() => serviceEvents(page).count()).toBe(shown);

    await setChecked(page.getByRole('checkbox', { name: 'Select all Scheduled events' }), false);
    await setChecked(page.getByRole('checkbox', { name: 'Select all Service work' }), false);
    await expect.poll(() => serviceEvents(page).count()).toBe(0);
    expect(await blocks(page).count()).toBeGreaterThan(0);
    await setChecked(page.getByRole('checkbox', { name: 'Select all Scheduled events' }), true);
    await setChecked(page.getByRole('checkbox', { name: 'Select all Service work' }), true);
    await expect.poll(() => serviceEvents(page).count()).toBe(shown);
    await context.close();
  });

  it('My reservations shows only the rows and reservations of the signed-in user', async () => {
    const { context, page } = await openCalendar();
    await dayMode(page, 1 - seeded);
    const rows = page.getByRole('group', { name: /^AG/ });
    const allRows = await rows.count();
    await setChecked(page.getByRole('radio', { name: 'My reservations' }), true);
    await expect.poll(() => rows.count()).toBeLessThan(allRows);
    const labels = await labelsOf(page);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => l.startsWith(`Reservation by ${DEMO_USER} `))).toBe(true);
    expect(await rows.count()).toBeLessThanOrEqual(labels.length);
    await setChecked(page.getByRole('radio', { name: 'All reservations' }), true);
    await expect.poll(() => rows.count()).toBe(allRows);
    await context.close();
  });

  it('a search replaces the calendar by a grid of reservations until it is reset', async () => {
    const { context, page } = await openCalendar();
    const search = page.getByRole('searchbox', { name: 'Search reservations' });
    await search.fill('Method validation');
    await search.press('Enter');
    const grid = page.getByRole('table', { name: 'Reservations found' });
    await grid.waitFor();
    const found = grid.locator('tbody tr');
    await expect.poll(() => found.count()).toBeGreaterThan(0);
    for (const text of await found.allInnerTexts()) expect(text).toContain('Method validation run');
    expect(await page.getByRole('group', { name: /^AG/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next week' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Reset search' }).first().click();
    await grid.waitFor({ state: 'detached' });
    await page.getByRole('group', { name: /^AG/ }).first().waitFor();
    await expect.poll(() => search.inputValue()).toBe('');

    await search.fill('Method validation');
    await search.press('Enter');
    await grid.waitFor();
    await search.fill('');
    await grid.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a saved view keeps day mode after a reload', async () => {
    const { context, page } = await openCalendar('manager@acme-labs.example');
    await dayMode(page);
    await page.getByRole('button', { name: 'Saved view: Initial layout' }).click();
    await page.getByRole('button', { name: 'Add new view' }).click();
    const add = page.getByRole('dialog', { name: 'Add new view' });
    await add.getByLabel('View name').fill('Today by the hour');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Saved view: Today by the hour' }).click();
    await page.getByRole('button', { name: 'Default view: Today by the hour' }).click();
    await page.getByText('“Today by the hour” is now your default view.').waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Saved view: Today by the hour' }).waitFor();
    await rangeIs(page, dayLabel(0));
    await expect
      .poll(() => page.getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await context.close();
  });

  it('the filter suggests serial numbers and narrows the rows; the date picker moves the calendar', async () => {
    const { context, page } = await openCalendar();
    const rows = page.getByRole('group', { name: /^AG/ });
    const allRows = await rows.count();
    await page.getByRole('button', { name: 'Filter' }).click();
    const serialInput = page.getByLabel('Serial number');
    await serialInput.fill('AG');
    // The filter field shows its entered/max counter, and it follows the typing.
    const counter = serialInput.locator('xpath=..').locator('.length-counter > [aria-hidden]');
    await expect.poll(() => counter.textContent()).toBe('2/100');
    await serialInput.press('End');
    await serialInput.pressSequentially('0');
    await expect.poll(() => serialInput.inputValue()).toBe('AG0');
    await expect.poll(() => counter.textContent()).toBe('3/100');
    const option = page.getByRole('listbox').getByRole('option').first();
    await option.waitFor();
    expect(await axeViolations(page, '.calendar-filter')).toEqual([]);
    const serial = (await option.innerText()).trim();
    await option.click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('aria-label')).toContain(serial);
    await page.getByRole('button', { name: 'Filter (active)' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => rows.count()).toBe(allRows);

    const picked = dayjs().add(1, 'month').date(15);
    const sidebar = page.getByRole('complementary', { name: 'Calendar options' });
    await sidebar.getByRole('button', { name: /next month/i }).click();
    await sidebar.getByRole('gridcell', { name: '15', exact: true }).click();
    const weekStart = picked.subtract(picked.day(), 'day');
    await rangeIs(page, `${weekStart.format('ll')} – ${weekStart.add(6, 'day').format('ll')}`);

    await sidebar.getByRole('button', { name: 'Collapse the sidebar' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Expand the sidebar' }).click();
    await sidebar.getByRole('button', { name: 'Collapse the sidebar' }).waitFor();
    await context.close();
  });

  it('has no accessibility violations in week and day mode (axe-core)', async () => {
    const { context, page } = await openCalendar();
    await expect.poll(() => blocks(page).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await dayMode(page, 1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
  it('asks for the reserved days only once the collapsed sidebar opens, then marks each of them', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@acme-labs.example');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const overviewCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/Equipment/reservationOverview') && overviewCalls.push(r.url()));
    await page.goto(`${server.url}/app/calendar`);
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.getByRole('group', { name: /^AG/ }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Below 1,600 px the sidebar starts collapsed: its marks are not asked for.
    expect(overviewCalls).toEqual([]);

    const answered = page.waitForResponse((r) => r.url().includes('/api/Equipment/reservationOverview'));
    await page.getByRole('button', { name: 'Expand the sidebar' }).click();
    const days = ((await (await answered).json()) as { result: { items: { date: string }[] } }).result.items;
    expect(days.length).toBeGreaterThan(0);
    const sidebar = page.getByRole('complementary', { name: 'Calendar options' });
    await expect.poll(() => sidebar.locator('.calendar-day-reserved').count()).toBe(days.length);
    await context.close();
  });
  it("speaks a German user's dates in an English browser: German dates and weeks from Monday", async () => {
    // A user no other test here opens the calendar as (the manager's default view is in day mode).
    const email = 'admin@acme-labs.example';
    const { client } = await signedIn(server.app, email);
    // 4: German, the fourth of the languages.
    const set = await client.accountManagement.updateOwnLanguage({ body: { languageId: 4 } });
    expect(set.status === 200 && set.body.errorCode).toBe(0);
    const context = await newPortalContext(browser, { locale: 'en-US' });
    await signInByRequest(context, server.url, email);
    const page = await context.newPage();
    await page.goto(`${server.url}/app/calendar`);
    await page.getByRole('heading', { name: 'Kalender' }).waitFor();
    const monday = dayjs().locale('de').startOf('week');
    const week = `${monday.format('ll')} – ${monday.add(6, 'day').format('ll')}`;
    await expect.poll(() => range(page)).toBe(week);
    await context.close();
  });
  it('keeps the reservation search and its page in the URL: Back and a fresh page show the same results', async () => {
    const { context, page } = await openCalendar();
    const search = page.getByRole('searchbox', { name: 'Search reservations' });
    // Every serial number starts with AG: more results than one page.
    await search.fill('AG');
    await search.press('Enter');
    const grid = page.getByRole('table', { name: 'Reservations found' });
    await grid.waitFor();
    const pager = page.getByText(/^\d+–\d+ of \d+$/);
    await expect.poll(() => pager.innerText()).toMatch(/^1–20 of /);
    const total = Number((await pager.innerText()).split(' of ')[1]);
    expect(total).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Next page' }).click();
    const second = `21–${Math.min(40, total)} of ${total}`;
    await expect.poll(() => pager.innerText()).toBe(second);
    await page.waitForURL(/rpage=1/);
    const link = page.url();
    expect(new URL(link).searchParams.get('rq')).toBe('AG');
    const rows = await grid.locator('tbody tr').allInnerTexts();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Work orders' }).click();
    await page.waitForURL((url) => !url.pathname.includes('calendar'));
    await page.goBack();
    await page.waitForURL(link);
    await grid.waitFor();
    await expect.poll(() => pager.innerText()).toBe(second);
    expect(await search.inputValue()).toBe('AG');
    await expect.poll(() => grid.locator('tbody tr').allInnerTexts()).toEqual(rows);

    const fresh = await openCalendar();
    await fresh.page.goto(link);
    const theirGrid = fresh.page.getByRole('table', { name: 'Reservations found' });
    await theirGrid.waitFor();
    await expect.poll(() => fresh.page.getByText(/^\d+–\d+ of \d+$/).innerText()).toBe(second);
    expect(await fresh.page.getByRole('searchbox', { name: 'Search reservations' }).inputValue()).toBe('AG');

    // A broken page reads as the first; a page without words is the calendar itself.
    await fresh.page.goto(`${server.url}/app/calendar?rq=AG&rpage=oops`);
    await expect.poll(() => fresh.page.getByText(/^\d+–\d+ of \d+$/).innerText()).toBe(`1–20 of ${total}`);
    await fresh.page.goto(`${server.url}/app/calendar?rpage=2`);
    await fresh.page.getByRole('group', { name: /^AG/ }).first().waitFor();
    expect(await theirGrid.count()).toBe(0);
    await fresh.context.close();
    await context.close();
  });
});
