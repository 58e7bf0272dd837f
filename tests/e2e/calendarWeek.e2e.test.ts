import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

/**
 * Issue 37 item 9: a week of the calendar is readable without clicking (time and who on every entry, overlapping
 * entries side by side, "+N more" for the rest), and a new reservation starts at the clicked slot or the next
 * working half hour.
 */
let server: E2eServer;
let browser: Browser;
/** A Wednesday five weeks ahead, clear of the demo reservations around today. */
const busyDay = dayjs().startOf('week').add(5, 'week').day(3);
const DATE = busyDay.format('YYYY-MM-DD');
/** The busy row: the first instrument by serial, its label as the row names it. */
let row = '';
/** Start and end hours of the busy day's reservations; 9:30–12:00, 14:00–15:30 and 15:00–17:00 do not fit. */
const BUSY: [number, number][] = [
  [8, 10],
  [9, 11],
  [9.5, 12],
  [13, 14],
  [14, 15.5],
  [15, 17],
];

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  const db = server.database.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', 'user@acme-labs.example')
    .executeTakeFirstOrThrow();
  const colleagues = await db.selectFrom('users').select('id').where('customer_id', '=', user.customer_id).execute();
  const equipment = await db
    .selectFrom('equipment')
    .select(['id', 'serial', 'mfg', 'model'])
    .where('customer_id', '=', user.customer_id)
    .orderBy('serial')
    .executeTakeFirstOrThrow();
  row = `${equipment.serial} – ${[equipment.mfg, equipment.model].filter(Boolean).join(' ')}`;
  const day = busyDay.startOf('day');
  await db
    .deleteFrom('reservations')
    .where('equipment_id', '=', equipment.id)
    .where('start_date', '<', day.add(1, 'day').toDate())
    .where('end_date', '>', day.toDate())
    .execute();
  await db
    .insertInto('reservations')
    .values(
      BUSY.map(([start, end], i) => ({
        customer_id: user.customer_id,
        equipment_id: equipment.id,
        reserved_by: colleagues[i % colleagues.length]!.id,
        start_date: day.add(start * 60, 'minute').toDate(),
        end_date: day.add(end * 60, 'minute').toDate(),
        comments: `Busy ${i}`,
      })),
    )
    .execute();
});
afterAll(() => stopE2e({ server, browser }));

async function openWeek(width = 1440, height = 900) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, 'user@acme-labs.example');
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  // Only the reservations: the service visits of the demo world are left out (the service-type filter in the link).
  const types = encodeURIComponent(JSON.stringify({ scheduledEvent: [], serviceWork: [] }));
  await page.goto(`${server.url}/app/calendar?date=${DATE}&types=${types}`);
  await page.getByRole('heading', { name: 'Calendar' }).waitFor();
  const busy = page.getByRole('group', { name: row });
  await busy
    .getByRole('button', { name: /^Reservation by / })
    .first()
    .waitFor();
  return { context, page, busy };
}

/** The busy day's cell of the busy row (Sunday-first weeks in English: Wednesday is the fourth). */
const dayCell = (busy: Locator) => busy.locator('.calendar-day-cell').nth(3);

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on the screen`);
  return box;
};
type Box = Awaited<ReturnType<typeof boxOf>>;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether an element's text is cut off (wider or taller than the element shows). */
const cut = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);

describe('calendar week', () => {
  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
    // A phone: the week scrolls sideways, its days wide enough for two entries side by side.
    [390, 844],
  ] as const) {
    it(`shows each entry's time and reserver without a click, none cut off or covering another (${width}×${height})`, async () => {
      const { context, busy } = await openWeek(width, height);
      const shown = dayCell(busy).getByRole('button', { name: /^Reservation by / });
      await expect.poll(() => shown.count()).toBe(3);
      const boxes: Box[] = [];
      for (const block of await shown.all()) {
        const text = await block.innerText();
        expect(text).toMatch(/\d{1,2}:\d{2}/);
        const name = /^Reservation by (.+?) on /.exec((await block.getAttribute('title')) ?? '')![1]!;
        expect(text.replace(/\s+/g, ' ')).toContain(name);
        for (const part of [block, block.locator('.calendar-block-time'), block.locator('.calendar-block-text')])
          expect(await cut(part)).toBe(false);
        const box = await boxOf(block);
        // Readable: wide enough for a few characters at 12 px.
        expect(box.width).toBeGreaterThan(36);
        boxes.push(box);
      }
      // 8:00–10:00 and 9:00–11:00 overlap: side by side, not on top of each other.
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!)).toBe(false);
      expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(2);
      await context.close();
    });
  }

  it('"+3 more" opens the whole day by keyboard, with the entries the cell had no room for', async () => {
    const { context, page, busy } = await openWeek();
    const cell = dayCell(busy);
    const shownBefore = await Promise.all(
      (await cell.getByRole('button', { name: /^Reservation by / }).all()).map((b) => b.getAttribute('title')),
    );
    const more = cell.getByRole('button', { name: /^\+3 more on Wednesday/ });
    await more.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: new RegExp(`^${row} on Wednesday`) });
    await list.waitFor();
    const all = list.getByRole('button', { name: /^Reservation by / });
    await expect.poll(() => all.count()).toBe(BUSY.length);
    const labels = await Promise.all((await all.all()).map((b) => b.getAttribute('title')));
    const revealed = labels.filter((label) => !shownBefore.includes(label));
    expect(revealed).toHaveLength(3);
    for (const block of await all.all()) expect(await block.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a slot clicked in day mode proposes its own time', async () => {
    const { context, page } = await openWeek();
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('button', { name: 'Next day' }).waitFor();
    // Day mode opens on the anchor's day: step from the week's Sunday to the busy Wednesday.
    for (let i = 0; i < 7 && !(await page.locator('#calendar-range').innerText()).startsWith('Wednesday'); i++) {
      const before = await page.locator('#calendar-range').innerText();
      await page.getByRole('button', { name: 'Next day' }).click();
      await expect.poll(() => page.locator('#calendar-range').innerText()).not.toBe(before);
    }
    const slot = page.getByRole('button', { name: new RegExp(`^Add a reservation on ${row} at .*12:30 PM$`) });
    await slot.click();
    const dialog = page.getByRole('dialog', { name: 'Add reservation' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel(/^Start/).inputValue()).toBe(`${DATE}T12:30`);
    expect(await dialog.getByLabel(/^End/).inputValue()).toBe(`${DATE}T13:30`);
    await context.close();
  });

  it('Add late in the evening proposes the next working half hour, and the suggestions leave Start and End free', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'user@acme-labs.example');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    // A Thursday at 23:05, then a Friday evening: the next morning, then Monday, at the start of working hours (8).
    const thursday = busyDay.add(1, 'day');
    await page.clock.setFixedTime(thursday.hour(23).minute(5).toDate());
    await page.goto(`${server.url}/app/calendar`);
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.getByRole('button', { name: 'Add reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add reservation' });
    await dialog.waitFor();
    const start = dialog.getByLabel(/^Start/);
    const end = dialog.getByLabel(/^End/);
    await expect.poll(() => start.inputValue()).toBe(`${thursday.add(1, 'day').format('YYYY-MM-DD')}T08:00`);
    expect(await end.inputValue()).toBe(`${thursday.add(1, 'day').format('YYYY-MM-DD')}T09:00`);

    const instrument = dialog.getByRole('combobox', { name: 'Instrument' });
    await instrument.fill('AG');
    const options = page.getByRole('listbox');
    await options.getByRole('option').first().waitFor();
    const list = await boxOf(options);
    expect(overlap(list, await boxOf(start))).toBe(false);
    expect(overlap(list, await boxOf(end))).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    // A short window has no room for the whole list below: it stays below, shorter, within the window.
    await instrument.press('Tab');
    await options.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 500 });
    await instrument.fill('AG');
    await options.getByRole('option').nth(3).waitFor();
    await expect.poll(async () => (await boxOf(options)).y).toBeGreaterThanOrEqual((await boxOf(instrument)).y);
    const short = await boxOf(options);
    expect(overlap(short, await boxOf(end))).toBe(false);
    expect(short.y + short.height).toBeLessThanOrEqual(500);
    await context.close();

    const friday = await newPortalContext(browser);
    await signInByRequest(friday, server.url, 'user@acme-labs.example');
    const evening = await friday.newPage();
    await evening.clock.setFixedTime(thursday.add(1, 'day').hour(19).toDate());
    await evening.goto(`${server.url}/app/calendar`);
    await evening.getByRole('button', { name: 'Add reservation' }).click();
    const monday = evening.getByRole('dialog', { name: 'Add reservation' }).getByLabel(/^Start/);
    await expect.poll(() => monday.inputValue()).toBe(`${thursday.add(4, 'day').format('YYYY-MM-DD')}T08:00`);
    await friday.close();
  });

  it('has no accessibility violations on a busy week (axe-core)', async () => {
    const { context, page } = await openWeek();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
