import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Browser, Locator, Page } from 'playwright-core';
import { RESERVATION_COMMENT_MAX } from '../../contract/reservations';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { signedIn } from '../support/injectClient';
import { newPortalContext } from '../support/portalContext';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/*
 * The calendar page (/app/calendar) opens the reservation dialog from its "Add reservation" button and, in search
 * mode (the search box of the toolbar), from the edit, copy and delete buttons of each found row.
 */

const USER = 'user@acme-labs.example';
const ADMIN = 'admin@acme-labs.example';

/** A local time `days` from today (far beyond the demo reservations of this week and next). */
const day = (days: number, hour: number, minute = 0) =>
  dayjs().startOf('day').add(days, 'day').hour(hour).minute(minute);
const typed = (time: dayjs.Dayjs) => time.format('YYYY-MM-DDTHH:mm');

async function openCalendarAs(email: string) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/calendar`);
  await addButton(page).waitFor();
  return { context, page };
}

const addButton = (page: Page) => page.getByRole('button', { name: 'Add reservation', exact: true });

/** Search mode: the grid of the reservations matching `keyword`, and the row of the one with that comment. */
async function findRow(page: Page, keyword: string) {
  const box = page.getByRole('search').getByRole('searchbox');
  await box.fill(keyword);
  await box.press('Enter');
  const row = page.getByRole('row').filter({ hasText: keyword });
  await row.first().waitFor();
  return row.first();
}

const db = () => server.database.db;

/** The start and end inputs (their labels say "(required)"; "End by" is the series' date). */
const startField = (dialog: Locator) => dialog.getByLabel(/^Start/);
const endField = (dialog: Locator) => dialog.getByLabel(/^End(?! by)/);

const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Instruments on the user's own list, the first `count` by serial. */
async function instrumentsOf(email: string, count: number) {
  return db()
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .select(['equipment.id', 'equipment.serial', 'equipment.mfg', 'equipment.model'])
    .where('user_equipment.user_id', '=', await userId(email))
    .where('equipment.serial', 'is not', null)
    .orderBy('equipment.serial')
    .limit(count)
    .execute();
}

const reservationsWith = (comments: string) =>
  db().selectFrom('reservations').selectAll().where('comments', '=', comments).orderBy('start_date').execute();

/** A reservation made through the API as `email`, for the tests that start from one. */
async function reserve(email: string, equipmentId: number, start: dayjs.Dayjs, comments: string) {
  const { client } = await signedIn(server.app, email);
  const res = await client.reservations.create({
    params: { id: equipmentId },
    query: {},
    body: { startDate: start.format(), endDate: start.add(1, 'hour').format(), comments },
  });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`reserve failed: ${JSON.stringify(res.body)}`);
  return res.body.result!.items[0]!;
}

/** A reservation of the user's first instrument, made through the API. */
async function reserveOwn(start: dayjs.Dayjs, comments: string) {
  const [instrument] = await instrumentsOf(USER, 1);
  const made = await reserve(USER, instrument!.id, start, comments);
  return { instrument: instrument!, made };
}

/** The add dialog, opened from the toolbar's button. */
async function openAddDialog(page: Page) {
  await addButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add reservation' });
  await dialog.waitFor();
  return dialog;
}

/** Types the serial into the instrument picker and picks the suggestion. */
async function pickInstrument(page: Page, dialog: Locator, serial: string) {
  await dialog.getByRole('combobox', { name: 'Instrument' }).fill(serial);
  await page
    .getByRole('option', { name: new RegExp(serial) })
    .first()
    .click();
}

/** Signed in as `email`, searches the reservation with that comment and presses the row's Edit, Copy or Delete. */
async function actOnFound(email: string, comments: string, action: 'Edit' | 'Copy' | 'Delete') {
  const { context, page } = await openCalendarAs(email);
  const row = await findRow(page, comments);
  await row.getByRole('button', { name: new RegExp(`^${action}`) }).click();
  return { context, page, row };
}

/** Someone else changes the reservation in the database meanwhile. */
const changeMeanwhile = (reservationId: number, change: { last_update_time?: Date; start_date?: Date }) =>
  db().updateTable('reservations').set(change).where('id', '=', reservationId).execute();

const rowsWithId = (reservationId: number) =>
  db().selectFrom('reservations').select('id').where('id', '=', reservationId).execute();

describe('the add-reservation dialog', () => {
  it('reserves an instrument picked by its serial for the chosen times', async () => {
    const [instrument] = await instrumentsOf(USER, 1);
    const { context, page } = await openCalendarAs(USER);
    const comments = 'E2E add through the picker';

    const dialog = await openAddDialog(page);
    await pickInstrument(page, dialog, instrument!.serial!);
    // The default is the next half hour for one hour; the times snap to the half-hour grid.
    await startField(dialog).fill(typed(day(30, 10, 10)));
    await startField(dialog).blur();
    await expect.poll(() => startField(dialog).inputValue()).toBe(typed(day(30, 10)));
    await expect.poll(() => endField(dialog).inputValue()).toBe(typed(day(30, 11)));
    await endField(dialog).fill(typed(day(30, 12)));
    await dialog.getByLabel('Comments').fill(comments);
    await dialog.getByText(`${comments.length}/${RESERVATION_COMMENT_MAX}`).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await page.getByText('The reservation was saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [saved] = await reservationsWith(comments);
    expect(saved).toMatchObject({ equipment_id: instrument!.id, reserved_by: await userId(USER), series_id: null });
    expect(saved!.start_date.getTime()).toBe(day(30, 10).valueOf());
    expect(saved!.end_date.getTime()).toBe(day(30, 12).valueOf());

    // The calendar's search finds it.
    const row = await findRow(page, comments);
    await row.getByText(instrument!.serial!).waitFor();
    await context.close();
  });

  it('says under the fields when the start is past or the end is before the start, and saves nothing', async () => {
    const { context, page } = await openCalendarAs(USER);
    const dialog = await openAddDialog(page);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Some fields need your attention. Please correct them and try again.').waitFor();
    await dialog.getByText('Select an instrument.').waitFor();

    await startField(dialog).fill(typed(day(-1, 9)));
    await dialog.getByText('The start must be in the future.').waitFor();
    await startField(dialog).fill(typed(day(26, 14)));
    await expect.poll(() => dialog.getByText('The start must be in the future.').count()).toBe(0);
    await endField(dialog).fill(typed(day(26, 13)));
    await dialog.getByText('The end must be later than the start.').waitFor();
    await endField(dialog).fill(typed(day(26, 14, 15)));
    await dialog.getByText('A reservation lasts at least 30 minutes.').waitFor();

    // Closing with unsaved input asks first; keeping on editing keeps the input.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const unsaved = page.getByRole('alertdialog');
    await unsaved.getByRole('button', { name: 'Continue editing' }).click();
    await unsaved.waitFor({ state: 'detached' });
    expect(await startField(dialog).inputValue()).toBe(typed(day(26, 14)));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(
      await db().selectFrom('reservations').select('id').where('start_date', '=', day(26, 14).toDate()).execute(),
    ).toEqual([]);
    await context.close();
  });

  it('repeats weekly up to the end-by date', async () => {
    const [, instrument] = await instrumentsOf(USER, 2);
    const { context, page } = await openCalendarAs(USER);
    const comments = 'E2E weekly series';
    const dialog = await openAddDialog(page);
    await pickInstrument(page, dialog, instrument!.serial!);
    await startField(dialog).fill(typed(day(50, 8)));
    await dialog.getByLabel('Repeat').selectOption('weekly');
    await dialog.getByLabel('End by').fill(day(50 + 14, 0).format('YYYY-MM-DD'));
    await dialog.getByLabel('Every').fill('0');
    await dialog.getByText('Choose how often it repeats', { exact: false }).waitFor();
    await dialog.getByLabel('Every').fill('1');
    await dialog.getByLabel('Comments').fill(comments);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('3 reservations were saved.').waitFor();
    const saved = await reservationsWith(comments);
    expect(saved.map((r) => r.start_date.getTime())).toEqual([0, 7, 14].map((d) => day(50 + d, 8).valueOf()));
    expect(new Set(saved.map((r) => r.series_id)).size).toBe(1);
    await context.close();
  });

  it('keeps the input and shows the conflict message when the instrument is already reserved then', async () => {
    const { instrument } = await reserveOwn(day(33, 10), 'E2E already there');
    const { context, page } = await openCalendarAs(USER);
    const dialog = await openAddDialog(page);
    await pickInstrument(page, dialog, instrument.serial!);
    await startField(dialog).fill(typed(day(33, 10, 30)));
    await dialog.getByLabel('Comments').fill('E2E overlapping');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await dialog
      .getByRole('alert')
      .getByText('This instrument is already reserved for part of that time. Choose another time.')
      .waitFor();
    expect(await dialog.getByLabel('Comments').inputValue()).toBe('E2E overlapping');
    expect(await reservationsWith('E2E overlapping')).toEqual([]);

    // Moved past the other reservation, it saves.
    await startField(dialog).fill(typed(day(33, 11)));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await reservationsWith('E2E overlapping')).toHaveLength(1);
    await context.close();
  });
});

describe('edit and copy', () => {
  it('edits the times and comments of an own reservation', async () => {
    const { made } = await reserveOwn(day(36, 9), 'E2E to be edited');
    const { context, page } = await actOnFound(USER, 'E2E to be edited', 'Edit');

    const dialog = page.getByRole('dialog', { name: 'Edit reservation' });
    await dialog.waitFor();
    await expect.poll(() => startField(dialog).inputValue()).toBe(typed(day(36, 9)));
    await expect.poll(() => dialog.getByLabel('Comments').inputValue()).toBe('E2E to be edited');
    expect(await dialog.getByLabel('Repeat').count()).toBe(0);
    await endField(dialog).fill(typed(day(36, 11, 30)));
    await dialog.getByLabel('Comments').fill('E2E edited');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The reservation was saved.').waitFor();

    const stored = await db()
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', made.reservationId)
      .executeTakeFirstOrThrow();
    expect(stored.comments).toBe('E2E edited');
    expect(stored.end_date.getTime()).toBe(day(36, 11, 30).valueOf());
    await context.close();
  });

  it('says so when the reservation was changed meanwhile, keeping the input', async () => {
    const { made } = await reserveOwn(day(37, 9), 'E2E changed meanwhile');
    const { context, page } = await actOnFound(USER, 'E2E changed meanwhile', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit reservation' });
    await dialog.waitFor();
    await dialog.getByLabel('Comments').fill('E2E my change');

    await changeMeanwhile(made.reservationId, { last_update_time: new Date(Date.now() + 1000) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This reservation was changed by someone else meanwhile.', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Comments').inputValue()).toBe('E2E my change');
    await context.close();
  });

  it('copies a reservation: same instrument and comments, moved to another day', async () => {
    const { instrument } = await reserveOwn(day(39, 14), 'E2E copy me');
    const { context, page } = await actOnFound(USER, 'E2E copy me', 'Copy');

    const dialog = page.getByRole('dialog', { name: 'Copy reservation' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Instrument' }).inputValue())
      .toContain(instrument.serial!);
    await expect.poll(() => dialog.getByLabel('Comments').inputValue()).toBe('E2E copy me');
    await expect.poll(() => startField(dialog).inputValue()).toBe(typed(day(39, 14)));
    await startField(dialog).fill(typed(day(40, 14)));
    await expect.poll(() => endField(dialog).inputValue()).toBe(typed(day(40, 15)));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The reservation was saved.').waitFor();

    const copies = await reservationsWith('E2E copy me');
    expect(copies.map((r) => [r.equipment_id, r.start_date.getTime()])).toEqual([
      [instrument.id, day(39, 14).valueOf()],
      [instrument.id, day(40, 14).valueOf()],
    ]);
    await context.close();
  });
});

describe('deleting a reservation', () => {
  it('the reserver deletes after a confirmation', async () => {
    const { made } = await reserveOwn(day(42, 9), 'E2E reserver deletes');
    const { context, page, row } = await actOnFound(USER, 'E2E reserver deletes', 'Delete');

    const alert = page.getByRole('alertdialog');
    await alert.getByText('Delete the reservation of', { exact: false }).waitFor();
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await reservationsWith('E2E reserver deletes')).toHaveLength(1);

    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The reservation was deleted.').waitFor();
    expect(await rowsWithId(made.reservationId)).toEqual([]);
    await context.close();
  });

  it("an admin deletes a user's future reservation only with a comment of at most 250 characters", async () => {
    const { made } = await reserveOwn(day(44, 9), 'E2E admin removes');
    const { context, page } = await actOnFound(ADMIN, 'E2E admin removes', 'Delete');

    const dialog = page.getByRole('dialog', { name: 'Delete reservation' });
    await dialog.waitFor();
    // 500 px wide once its opening transition is over.
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(500);
    const comment = dialog.getByLabel('Reason for deleting');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await comment.fill('   ');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('This field is required.').waitFor();
    expect(await reservationsWith('E2E admin removes')).toHaveLength(1);

    // The textarea takes no more than 250 characters.
    await comment.fill('');
    await comment.pressSequentially('x'.repeat(RESERVATION_COMMENT_MAX + 1), { delay: 0 });
    await expect.poll(() => comment.inputValue()).toHaveLength(RESERVATION_COMMENT_MAX);
    await dialog.getByText(`${RESERVATION_COMMENT_MAX}/${RESERVATION_COMMENT_MAX}`).waitFor();

    await comment.fill('The instrument goes to calibration that week.');
    await expect.poll(() => dialog.getByText('This field is required.').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The reservation was deleted.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await rowsWithId(made.reservationId)).toEqual([]);
    await context.close();
  });
});

describe('deleting a series and refusals', () => {
  it('the reserver of a repeated reservation chooses to delete the whole series', async () => {
    const [, , instrument] = await instrumentsOf(USER, 3);
    const { client } = await signedIn(server.app, USER);
    const start = day(55, 15);
    await client.reservations.create({
      params: { id: instrument!.id },
      query: {},
      body: {
        startDate: start.format(),
        endDate: start.add(1, 'hour').format(),
        comments: 'E2E series to delete',
        recurrence: { frequency: 'daily', interval: 1, endBy: day(57, 0).format('YYYY-MM-DD') },
      },
    });
    expect(await reservationsWith('E2E series to delete')).toHaveLength(3);

    const { context, page } = await actOnFound(USER, 'E2E series to delete', 'Delete');
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    const series = alert.getByRole('radio', { name: 'The whole series', exact: false });
    expect(await alert.getByRole('radio', { name: 'Only this occurrence' }).isChecked()).toBe(true);
    await alert.getByText('The whole series', { exact: false }).click();
    await expect.poll(() => series.isChecked()).toBe(true);
    await alert.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The reservations of the series were deleted.').waitFor();
    expect(await reservationsWith('E2E series to delete')).toEqual([]);
    await context.close();
  });

  it("says what happened when an admin's deletion is refused because the reservation has started meanwhile", async () => {
    const { made } = await reserveOwn(day(46, 9), 'E2E started meanwhile');
    const { context, page } = await actOnFound(ADMIN, 'E2E started meanwhile', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete reservation' });
    await dialog.waitFor();
    await dialog.getByLabel('Reason for deleting').fill('Maintenance');

    await changeMeanwhile(made.reservationId, { start_date: dayjs().subtract(1, 'hour').toDate() });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You may not delete this reservation.', { exact: false }).waitFor();
    // The comment stays, and the reservation too.
    expect(await dialog.getByLabel('Reason for deleting').inputValue()).toBe('Maintenance');
    expect(await reservationsWith('E2E started meanwhile')).toHaveLength(1);
    await context.close();
  });
});
