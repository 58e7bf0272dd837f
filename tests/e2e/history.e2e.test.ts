import { readFileSync } from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { EquipmentDetail } from '../../contract/equipment';
import { axeViolations } from '../support/axe';
import { closeWithEscape, signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { signedIn } from '../support/injectClient';
import { newPortalContext } from '../support/portalContext';
import { ROOT } from '../support/testServer';

dayjs.extend(localizedFormat);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const USER = 'user@acme-labs.example';
const USER_NAME = 'Uma Standard';
const MANAGER = 'manager@acme-labs.example';
const english = (ns: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en-us', `${ns}.json`), 'utf8')) as Record<string, string>;
const FORM = english('equipmentForm');
const HISTORY = english('history');
const RESERVATION = english('reservation');
const db = () => server.database.db;

const titleOf = (e: EquipmentDetail) => [e.mfg, e.model, e.serial, e.systemNickName].filter(Boolean).join(' - ');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Instruments on the user's list, by serial; each test takes its own. */
async function instrumentsOf(email: string) {
  return db()
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .innerJoin('users', 'users.id', 'user_equipment.user_id')
    .select(['equipment.id', 'equipment.serial'])
    .where('users.email', '=', email)
    .where('equipment.is_hidden', '=', false)
    .where('equipment.serial', 'is not', null)
    .orderBy('equipment.serial')
    .execute();
}

async function signedInPage(email = USER) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1600, height: 1000 });
  return { context, page };
}

/** The instrument's page, checked to be that instrument's (an unknown path would land on the welcome page). */
async function openInstrument(page: Page, id: number) {
  const response = await page.context().request.get(`${server.url}/api/Equipment/${id}?otherComponent=true`);
  const record = ((await response.json()) as { result: EquipmentDetail }).result;
  await page.goto(`${server.url}/app/product/equipmentDetail/${id}`);
  await page.waitForURL(`**/app/product/equipmentDetail/${id}`);
  await page.getByRole('heading', { level: 1, name: titleOf(record), exact: true }).waitFor();
  return record;
}

/**
 * The History tab opened and its first page on screen. The page may have fetched that page before the click (the
 * tabs' prefetch), so this waits for the list, which shows only once its page has arrived, rather than for a call.
 */
async function openHistoryTab(page: Page, record: EquipmentDetail) {
  const tab = page.getByRole('tab', { name: HISTORY.tab, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  const list = page.getByRole('list', { name: `History of ${titleOf(record)}` });
  await list.waitFor();
  return list;
}

/** The entry of an event: its title names what happened, and the subject when there is one. */
const entry = (list: Locator, what: string) =>
  list.getByRole('listitem').filter({ has: list.page().getByText(new RegExp(`^${escaped(what)}( · |$)`)) });

/** A changed field's row in an entry: its label, and the value before and after. */
async function change(item: Locator, label: string) {
  const row = item.getByRole('row').filter({ has: item.page().getByRole('rowheader', { name: label, exact: true }) });
  const [before, after] = await row.getByRole('cell').allInnerTexts();
  return { before, after };
}

/** Only the work-order grid's fixed columns (order number, documents, changes), so all of them are on screen. */
async function hideMovableColumns(page: Page) {
  await page.getByRole('button', { name: 'Columns' }).click();
  const panel = page.getByRole('region', { name: 'Show or hide columns' });
  const all = panel.getByRole('checkbox', { name: 'Select all', exact: true });
  // From some columns, select all ticks every box; clicking it again clears them.
  for (const checked of [true, false]) {
    if ((await all.isChecked()) !== checked) await panel.getByText('Select all', { exact: true }).click();
    await expect.poll(() => all.isChecked()).toBe(checked);
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
}

describe('audit history', () => {
  it("an instrument's History tab shows who changed which field from what to what, newest first", async () => {
    const [, instrument] = await instrumentsOf(USER);
    const { context, page } = await signedInPage();
    const record = await openInstrument(page, instrument!.id);

    await page.getByRole('button', { name: 'Edit instrument info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit equipment' });
    await dialog.getByLabel(FORM.field_room!, { exact: true }).fill('Lab H-17');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const list = await openHistoryTab(page, record);
    const edited = entry(list, HISTORY.event_equipment_updated!).first();
    await expect.poll(() => list.getByRole('listitem').first().innerText()).toContain(HISTORY.event_equipment_updated);
    expect(await edited.innerText()).toContain(USER_NAME);
    expect(await change(edited, FORM.field_room!)).toEqual({ before: record.room || '—', after: 'Lab H-17' });
    expect(await axeViolations(page)).toEqual([]);

    // A change made elsewhere (a manager's EHS edit) comes in while the tab is open.
    const manager = await db()
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', MANAGER)
      .executeTakeFirstOrThrow();
    const { client } = await signedIn(server.app, MANAGER);
    const saved = await client.equipment.updateEhs({
      params: { equipmentId: record.equipmentId },
      query: {},
      body: {
        equipmentId: record.equipmentId,
        machineGuarding: 'fixedGuard',
        energyHazard: 'electrical;thermal',
        lockTagOut: record.lockTagOut,
        chemicalHazards: record.chemicalHazards,
        biosafetyHazards: record.biosafetyHazards,
        radiologicalHazards: record.radiologicalHazards,
        locked: record.locked,
      },
    });
    expect(saved.status).toBe(200);
    const ehs = entry(list, HISTORY.event_equipment_ehsUpdated!).first();
    await ehs.waitFor();
    expect(await ehs.innerText()).toContain(`${manager.first_name} ${manager.last_name}`);
    expect((await change(ehs, 'Machine guarding')).after).toBe('Fixed guard');
    expect((await change(ehs, 'Energy hazards')).after).toBe('Electrical, Thermal');
    await context.close();
  });

  it('shows 20 entries at first; Show more loads the rest and the keyboard goes on at the first of them', async () => {
    const [, , instrument] = await instrumentsOf(USER);
    const { client } = await signedIn(server.app, MANAGER);
    const guards = ['fixedGuard', 'interlockedGuard'] as const;
    for (let i = 0; i < 21; i++) {
      const saved = await client.equipment.updateEhs({
        params: { equipmentId: instrument!.id },
        query: {},
        body: {
          equipmentId: instrument!.id,
          machineGuarding: guards[i % 2]!,
          energyHazard: 'none',
          lockTagOut: 'none',
          chemicalHazards: 'none',
          biosafetyHazards: 'none',
          radiologicalHazards: 'none',
          locked: null,
        },
      });
      expect(saved.status).toBe(200);
    }
    const { context, page } = await signedInPage();
    const record = await openInstrument(page, instrument!.id);
    const list = await openHistoryTab(page, record);
    await page.getByText('Showing 20 of 21').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(20);
    await page.getByRole('button', { name: HISTORY.show_more }).click();
    await page.getByText('Showing 21 of 21').waitFor();
    await expect
      .poll(() =>
        list
          .getByRole('listitem')
          .nth(20)
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: HISTORY.show_more }).count()).toBe(0);
    await context.close();
  });

  it("a reservation's Show history, from its details on the calendar, shows when and by whom it was made and changed", async () => {
    const [instrument] = await instrumentsOf(USER);
    const start = dayjs().startOf('day').add(1, 'day').hour(20);
    const comments = 'E2E history of a reservation';
    const { client } = await signedIn(server.app, USER);
    const made = await client.reservations.create({
      params: { id: instrument!.id },
      query: {},
      body: { startDate: start.format(), endDate: start.add(1, 'hour').format(), comments },
    });
    expect(made.status === 200 && made.body.errorCode).toBe(0);

    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/app/calendar`);
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('button', { name: 'Next day' }).click();
    const period = `${start.format('lll')} – ${start.add(1, 'hour').format('LT')}`;
    const block = page.getByRole('button', {
      name: new RegExp(`^Reservation by ${USER_NAME} on .*${escaped(instrument!.serial!)}.*, ${escaped(period)}$`),
    });
    await block.click();
    const details = page.getByRole('dialog', { name: new RegExp(`^Reservation by ${USER_NAME}`) });
    await details.getByText(comments).waitFor();
    await details.getByRole('button', { name: HISTORY.show_history }).click();

    const dialog = page.getByRole('dialog', { name: /^History of the reservation of / });
    const list = dialog.getByRole('list', { name: /^History of the reservation of / });
    const created = entry(list, HISTORY.event_reservation_created!);
    await created.waitFor();
    expect(await created.innerText()).toContain(USER_NAME);
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    // Moved by an hour while the dialog is open: the change comes in, the start before and after.
    const reservation = made.status === 200 ? made.body.result!.items[0]! : null;
    const moved = await client.reservations.update({
      query: {},
      body: {
        reservationId: reservation!.reservationId,
        equipmentId: instrument!.id,
        startDate: start.add(1, 'hour').format(),
        endDate: start.add(2, 'hour').format(),
        comments,
        lastUpdateTime: reservation!.lastUpdateTime,
      },
    });
    expect(moved.status === 200 && moved.body.errorCode).toBe(0);
    const changed = entry(list, HISTORY.event_reservation_changed!);
    await changed.waitFor();
    expect(await change(changed, RESERVATION.start!)).toEqual({
      before: start.format('lll'),
      after: start.add(1, 'hour').format('lll'),
    });
    await closeWithEscape(page, dialog);
    await context.close();
  });

  it("a work order's history shows the service request that raised it and the document added to it", async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/app/workOrder`);
    await page.getByRole('heading', { name: 'Work orders', level: 1 }).waitFor();
    await page.locator('.portal-header').getByRole('button', { name: 'New service request' }).click();
    const request = page.getByRole('dialog', { name: 'New service request' });
    await request.getByLabel('Issue type').waitFor();
    await request.getByLabel('Describe the issue').fill('The lamp flickers after warm-up.');
    await request.getByRole('button', { name: 'Submit' }).click();
    const confirmation = page.getByText(/^Your service request SR\d{8} has been submitted\./);
    await confirmation.waitFor();
    const serviceOrderNo = (await confirmation.textContent())!.match(/SR\d{8}/)![0];

    await page.getByRole('searchbox', { name: 'Search all work-order fields' }).fill(serviceOrderNo);
    await page.getByText('1–1 of 1').waitFor();
    await hideMovableColumns(page);
    await page.getByRole('button', { name: `Documents of ${serviceOrderNo}: 0` }).click();
    const documents = page.getByRole('dialog', { name: `Documents of work order ${serviceOrderNo}` });
    await documents.getByLabel('Upload documents').setInputFiles({
      name: 'Lamp test.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await page.getByText('Documents uploaded: 1.').waitFor();
    await closeWithEscape(page, documents);

    await page.getByRole('button', { name: `Show the history of work order ${serviceOrderNo}` }).click();
    const dialog = page.getByRole('dialog', { name: `History of work order ${serviceOrderNo}` });
    const list = dialog.getByRole('list', { name: `History of work order ${serviceOrderNo}` });
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).innerText()).toContain(`${HISTORY.event_document_uploaded} · Lamp test.pdf`);
    expect(await items.nth(1).innerText()).toContain(HISTORY.event_serviceCall_requested);
    for (const text of await items.allInnerTexts()) expect(text).toContain(USER_NAME);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await context.close();
  });
});
