import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import type { EquipmentDetail } from '../../contract/equipment';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { signedIn } from '../support/injectClient';
import { newPortalContext } from '../support/portalContext';
import { pdfPages } from '../support/pdfText';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const USER = 'user@acme-labs.example';
const MANAGER = 'manager@acme-labs.example';
const db = () => server.database.db;
const titleOf = (e: EquipmentDetail) => [e.mfg, e.model, e.serial, e.systemNickName].filter(Boolean).join(' - ');

async function firstInstrumentOf(email: string) {
  return db()
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .innerJoin('users', 'users.id', 'user_equipment.user_id')
    .select(['equipment.id'])
    .where('users.email', '=', email)
    .where('equipment.is_hidden', '=', false)
    .where('equipment.serial', 'is not', null)
    .orderBy('equipment.serial')
    .executeTakeFirstOrThrow();
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

const bytesOf = async (download: Download) => readFileSync((await download.path())!);

describe('history export', () => {
  it("the History tab's export buttons download the instrument's history as a PDF and a CSV, with chain positions", async () => {
    const { id } = await firstInstrumentOf(USER);
    const { client } = await signedIn(server.app, MANAGER);
    const detail = await client.equipment.detail({ params: { id }, query: {} } as never);
    const e = (detail.body as { result: EquipmentDetail }).result;
    await client.equipment.update({
      body: {
        equipmentId: id,
        locationId: e.location.locationId,
        mfg: e.mfg,
        model: e.model,
        serial: e.serial,
        building: e.building,
        room: 'Inspection room 7',
      } as never,
    });
    const { chain_position: position } = await db()
      .selectFrom('events')
      .select('chain_position')
      .where('entity_type', '=', 'equipment')
      .where('entity_id', '=', String(id))
      .orderBy('chain_position', 'desc')
      .executeTakeFirstOrThrow();

    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, USER);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1600, height: 1000 });
    const record = await openInstrument(page, id);
    const tab = page.getByRole('tab', { name: 'History', exact: true });
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('list', { name: `History of ${titleOf(record)}` }).waitFor();
    const exports = page.getByRole('group', { name: 'Export the history for an inspection' });

    const pdfDownload = page.waitForEvent('download');
    await exports.getByRole('button', { name: 'Export PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(/^History_.+\.pdf$/);
    const text = (await pdfPages(await bytesOf(pdf))).join(' ');
    expect(text).toContain('Instrument history');
    expect(text).toContain('Inspection room 7');
    expect(text).toContain(String(position));
    await page.getByText('The history was downloaded.').first().waitFor();

    const csvDownload = page.waitForEvent('download');
    await exports.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^History_.+\.csv$/);
    const csvBytes = await bytesOf(csv);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const workbook = new ExcelJS.Workbook();
    const sheet = await workbook.csv.read(Readable.from([csvBytes.subarray(3)]), {
      map: (value: string) => value,
    });
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows).toContainEqual(expect.arrayContaining([String(position), 'room', 'Inspection room 7']));

    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('an export that fails says so and the history stays on screen', async () => {
    const { id } = await firstInstrumentOf(USER);
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, USER);
    const page = await context.newPage();
    const record = await openInstrument(page, id);
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    await page.getByRole('list', { name: `History of ${titleOf(record)}` }).waitFor();
    await page.route('**/history/CSV**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('The history could not be exported.').waitFor();
    await page.getByRole('list', { name: `History of ${titleOf(record)}` }).waitFor();
    await context.close();
  });
});
