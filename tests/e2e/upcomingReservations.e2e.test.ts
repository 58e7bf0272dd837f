import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { signedIn } from '../support/injectClient';
import { openInventoryAs } from '../support/inventoryPage';
import { axeViolations } from '../support/axe';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/*
 * The inventory row menu's "Upcoming reservations" (spec 2 section 2) opens a side panel with the instrument's
 * reservations that have not ended, each with Delete for its reserver or, before it starts, an admin.
 */

const USER = 'user@acme-labs.example';
const MANAGER = 'manager@acme-labs.example';
const ADMIN = 'admin@acme-labs.example';

const db = () => server.database.db;

/**
 * Instruments with a serial on the lists of all of `emails` that nobody has reserved from now on, so that the panel
 * lists only what a test makes.
 */
async function freeInstruments(emails: string[], count: number) {
  const users = await db().selectFrom('users').select('id').where('email', 'in', emails).execute();
  expect(users).toHaveLength(emails.length);
  let query = db()
    .selectFrom('equipment')
    .select(['equipment.id', 'equipment.serial'])
    .where('equipment.serial', 'is not', null)
    .where('equipment.is_hidden', '=', false)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reservations')
            .select('reservations.id')
            .whereRef('reservations.equipment_id', '=', 'equipment.id')
            .where('reservations.end_date', '>', new Date()),
        ),
      ),
    );
  for (const { id } of users) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_equipment')
          .select('user_equipment.equipment_id')
          .whereRef('user_equipment.equipment_id', '=', 'equipment.id')
          .where('user_equipment.user_id', '=', id),
      ),
    );
  }
  const found = await query.orderBy('equipment.serial').limit(count).execute();
  expect(found).toHaveLength(count);
  return found.map((e) => ({ id: e.id, serial: e.serial! }));
}

/** A one-hour reservation `days` ahead, made through the API as `email`. */
async function reserve(email: string, equipmentId: number, days: number, comments: string) {
  const start = dayjs().startOf('day').add(days, 'day').hour(10);
  const { client } = await signedIn(server.app, email);
  const res = await client.reservations.create({
    params: { id: equipmentId },
    query: {},
    body: { startDate: start.format(), endDate: start.add(1, 'hour').format(), comments },
  });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`reserve failed: ${JSON.stringify(res.body)}`);
  return res.body.result!.items[0]!;
}

/** Signed in as `email` on the inventory, finds the instrument by its serial and opens its upcoming reservations. */
async function openPanelAs(email: string, instrument: { id: number; serial: string }) {
  const { context, page } = await openInventoryAs(browser, server.url, email);
  await page.getByRole('searchbox', { name: 'Search all equipment fields' }).fill(instrument.serial);
  await page.getByTestId(`row-actions-${instrument.id}`).click();
  await page.getByRole('menuitem', { name: 'Upcoming reservations' }).click();
  return { context, page, panel: panelOf(page) };
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Upcoming reservations' });
const deleteButtons = (page: Page) => panelOf(page).getByRole('button', { name: /^Delete the reservation for/ });

describe('upcoming reservations of an inventory row', () => {
  it('lists the reserver’s future reservation with its comment, deletes it after the confirmation, then is empty', async () => {
    const [instrument] = await freeInstruments([USER], 1);
    const comments = 'E2E upcoming: calibration run';
    const made = await reserve(USER, instrument!.id, 20, comments);

    const { context, page, panel } = await openPanelAs(USER, instrument!);
    try {
      const item = panel.getByRole('listitem').filter({ hasText: comments });
      await item.waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(1);
      expect(await item.innerText()).toContain(made.reservedBy.userName);
      expect(await axeViolations(page, '.bp6-drawer')).toEqual([]);

      await deleteButtons(page).click();
      const alert = page.getByRole('alertdialog');
      await alert.getByText('Delete the reservation of', { exact: false }).waitFor();
      await alert.getByRole('button', { name: 'Delete' }).click();

      await panel.getByText('No upcoming reservations').waitFor();
      const left = await db()
        .selectFrom('reservations')
        .select('id')
        .where('id', '=', made.reservationId)
        .executeTakeFirst();
      expect(left).toBeUndefined();

      await page.getByRole('link', { name: 'Open the calendar' }).click();
      await page.waitForURL(/\/app\/calendar$/);
    } finally {
      await context.close();
    }
  });

  it('offers Delete of another user’s future reservation to an admin but not to a manager', async () => {
    const [instrument] = await freeInstruments([USER, MANAGER, ADMIN], 1);
    const comments = 'E2E upcoming: the user’s measurement';
    await reserve(USER, instrument!.id, 21, comments);

    const admin = await openPanelAs(ADMIN, instrument!);
    try {
      await admin.panel.getByText(comments).waitFor();
      expect(await deleteButtons(admin.page).count()).toBe(1);
    } finally {
      await admin.context.close();
    }

    const manager = await openPanelAs(MANAGER, instrument!);
    try {
      await manager.panel.getByText(comments).waitFor();
      expect(await deleteButtons(manager.page).count()).toBe(0);
    } finally {
      await manager.context.close();
    }
  });
});
