import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext, PHONE } from '../support/portalContext';
import { waitForSettled } from '../support/settled';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/*
 * The pages a user opens on a phone in the lab (issue 38, "On the phone"), in Chromium's device emulation of a
 * 390×844 phone at 3× with a touch screen: no sideways scrolling, targets a finger can hit, the menu in a drawer.
 */

const USER = 'user@acme-labs.example';
const WIDTH = PHONE.viewport!.width;
const MIN_TARGET = 44;

const db = () => server.database.db;

/** The first instrument on the user's own list, by serial. */
async function ownInstrument() {
  return db()
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .innerJoin('users', 'users.id', 'user_equipment.user_id')
    .select(['equipment.id', 'equipment.serial', 'equipment.mfg', 'equipment.model'])
    .where('users.email', '=', USER)
    .where('equipment.serial', 'is not', null)
    .orderBy('equipment.serial')
    .executeTakeFirstOrThrow();
}

/** A phone signed in as the user, on `path`, once the page's title (h1) says it is the page meant. */
async function openOnPhone(path: string, title: string | RegExp) {
  const context = await newPortalContext(browser, { device: PHONE });
  await signInByRequest(context, server.url, USER);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await waitForSettled(page);
  return { context, page };
}

/** How far the page and its main area reach sideways, in CSS pixels (both at most the screen's width). */
const sidewaysExtent = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    return {
      page: document.scrollingElement!.scrollWidth,
      main: main.scrollWidth - main.clientWidth + document.documentElement.clientWidth,
    };
  });

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysExtent(page)).toEqual({ page: WIDTH, main: WIDTH });
}

/**
 * The visible buttons, links, inputs, tabs and menu entries in `scope` smaller than 44×44 CSS pixels, as
 * "name (w×h)". Blueprint draws a checkbox, radio, switch or file input over its hidden input, so there the label is
 * the target.
 * Not counted, as WCAG 2.5.8 does not: a link inside a sentence (its height is the line's).
 */
const smallTargets = (scope: Locator) =>
  scope.evaluate((root, min) => {
    const small: string[] = [];
    const targets = root.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=tab], [role=menuitem]',
    );
    for (const element of targets) {
      const target = element.closest<HTMLElement>('.bp6-control, .bp6-file-input') ?? element;
      const style = getComputedStyle(target);
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (element.tagName === 'A' && element.closest('p')) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
        small.push(`${name.slice(0, 40)} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return small;
  }, MIN_TARGET);

const main = (page: Page) => page.getByRole('main');
const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Main menu' });

describe('the instrument page on a phone', () => {
  it('fits the screen with its title below the header, tabs that scroll in their row and targets of 44 px', async () => {
    const instrument = await ownInstrument();
    const { context, page } = await openOnPhone(
      `/app/product/equipmentDetail/${instrument.id}`,
      new RegExp(`${instrument.mfg} - ${instrument.model} - ${instrument.serial}`),
    );
    await main(page)
      .getByRole('region', { name: 'Equipment details' })
      .or(main(page).getByText('Make'))
      .first()
      .waitFor();
    await expectNoSidewaysScroll(page);

    // The header is one row that covers nothing: the title starts below it.
    const header = (await page.getByRole('banner').boundingBox())!;
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(60);
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
    // The title breaks between words on the full width, not one letter a line beside the buttons.
    expect(title.width).toBeGreaterThan(WIDTH / 2);

    // The tabs scroll inside their own row; the last one is reached by scrolling that row, not the page.
    const tabList = main(page).getByRole('tablist');
    const lastTab = tabList.getByRole('tab').last();
    await lastTab.scrollIntoViewIfNeeded();
    expect((await lastTab.boundingBox())!.x + (await lastTab.boundingBox())!.width).toBeLessThanOrEqual(WIDTH);
    await expectNoSidewaysScroll(page);

    // The tables (upcoming visits, contracts, contacts) scroll in their own box, each a named group in the tab order,
    // so a keyboard can scroll it.
    const contacts = main(page).getByRole('table', { name: 'User' }).locator('xpath=..');
    await contacts.waitFor();
    expect(await contacts.getAttribute('tabindex')).toBe('0');
    expect(await contacts.getAttribute('aria-label')).toBe('User');
    expect(await contacts.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    expect(await smallTargets(page.getByRole('banner'))).toEqual([]);
    expect(await smallTargets(main(page))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the main menu on a phone', () => {
  it('is a drawer the menu button opens, that Escape closes and choosing a page closes, focus going in and back', async () => {
    const instrument = await ownInstrument();
    const { context, page } = await openOnPhone(
      `/app/product/equipmentDetail/${instrument.id}`,
      new RegExp(`${instrument.serial}`),
    );
    const button = menuButton(page);
    // Collapsed: no menu beside the page.
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

    await button.tap();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await drawer.waitFor();
    await waitForSettled(page);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // Focus is on the entry of the page shown (an instrument belongs to Product).
    const product = drawer.getByRole('menuitem', { name: 'Product' });
    await expect.poll(() => product.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await product.getAttribute('aria-current')).toBe('page');
    // The drawer fits the screen; its entries and the company menu are finger-sized.
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    expect(await smallTargets(drawer)).toEqual([]);
    expect(await axeViolations(page, '.bp6-drawer')).toEqual([]);

    // The keyboard walks the entries; Escape closes and gives the focus back to the menu button.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Choosing a page opens it and closes the drawer.
    await button.tap();
    await drawer.waitFor();
    await drawer.getByRole('menuitem', { name: 'Calendar' }).tap();
    await page.waitForURL('**/app/calendar');
    await main(page).getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('a new service request on a phone', () => {
  it('is sent from the instrument page with taps, in a dialog the width of the screen', async () => {
    const instrument = await ownInstrument();
    const { context, page } = await openOnPhone(
      `/app/product/equipmentDetail/${instrument.id}`,
      new RegExp(`${instrument.serial}`),
    );
    await main(page).getByRole('button', { name: 'New service request' }).tap();
    const dialog = page.getByRole('dialog', { name: 'New service request' });
    await dialog.getByLabel('Issue type').waitFor();
    await waitForSettled(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(WIDTH);
    await expectNoSidewaysScroll(page);
    expect(await smallTargets(dialog)).toEqual([]);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    const issue = 'Phone: the pump leaks at the purge valve.';
    await dialog.getByLabel('Describe the issue').tap();
    await dialog.getByLabel('Describe the issue').fill(issue);
    await dialog.getByRole('button', { name: 'Submit' }).tap();
    const confirmation = page.getByText(/^Your service request SR\d{8} has been submitted\./);
    await confirmation.waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = await db()
      .selectFrom('service_calls')
      .select(['equipment_id', 'issue_text'])
      .where('issue_text', '=', issue)
      .executeTakeFirstOrThrow();
    expect(row.equipment_id).toBe(instrument.id);
    await context.close();
  });
});

describe('the calendar on a phone', () => {
  it('opens its sidebar with the month picker inside it, and adds a reservation with taps', async () => {
    const instrument = await ownInstrument();
    const { context, page } = await openOnPhone('/app/calendar', 'Calendar');
    await expectNoSidewaysScroll(page);

    await main(page).getByRole('button', { name: 'Expand the sidebar' }).tap();
    const sidebar = main(page).getByRole('complementary', { name: 'Calendar options' });
    const picker = sidebar.locator('.bp6-datepicker');
    await picker.waitFor();
    const [side, month] = [(await sidebar.boundingBox())!, (await picker.boundingBox())!];
    expect(month.x).toBeGreaterThanOrEqual(side.x);
    expect(month.x + month.width).toBeLessThanOrEqual(side.x + side.width);
    expect(side.x + side.width).toBeLessThanOrEqual(WIDTH);
    await expectNoSidewaysScroll(page);
    // The board's reservation blocks are as long as the reservation: they are not counted, the toolbars are.
    for (const part of await main(page).locator('.calendar-toolbar, .calendar-sidebar').all())
      expect(await smallTargets(part)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await main(page).getByRole('button', { name: 'Add reservation', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Add reservation' });
    await dialog.waitFor();
    await waitForSettled(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(WIDTH);
    await expectNoSidewaysScroll(page);
    expect(await smallTargets(dialog)).toEqual([]);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    const start = dayjs().startOf('day').add(40, 'day').hour(9);
    const comments = 'Reserved from the phone';
    const picked = dialog.getByRole('combobox', { name: 'Instrument' });
    await picked.tap();
    await picked.fill(instrument.serial!);
    await page
      .getByRole('option', { name: new RegExp(instrument.serial!) })
      .first()
      .tap();
    await dialog.getByLabel(/^Start/).fill(start.format('YYYY-MM-DDTHH:mm'));
    await dialog.getByLabel(/^End(?! by)/).fill(start.add(2, 'hour').format('YYYY-MM-DDTHH:mm'));
    await dialog.getByLabel('Comments').fill(comments);
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await page.getByText('The reservation was saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const saved = await db()
      .selectFrom('reservations')
      .select(['equipment_id', 'start_date', 'end_date'])
      .where('comments', '=', comments)
      .executeTakeFirstOrThrow();
    expect(saved.equipment_id).toBe(instrument.id);
    expect(saved.start_date.getTime()).toBe(start.valueOf());
    expect(saved.end_date.getTime()).toBe(start.add(2, 'hour').valueOf());
    await context.close();
  });
});
