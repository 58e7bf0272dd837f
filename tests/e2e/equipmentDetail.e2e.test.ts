import { readFileSync } from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { EquipmentDetail } from '../../contract/equipment';
import { contractStatusOf } from '../../web/src/features/equipmentDetail/contractStatus';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';
import { png } from '../support/images';
import { ROOT } from '../support/testServer';

dayjs.extend(localizedFormat);

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const USER = 'user@acme-labs.example';
const english = (ns: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales/en-us', `${ns}.json`), 'utf8')) as Record<string, string>;
const FORM = english('equipmentForm');
const DETAIL = english('equipmentDetail');
const NOT_FOUND = english('errorMessage').error_msg_10002!;

/** The page's title as the spec builds it: make - model - serial number - system nickname, empty parts left out. */
const titleOf = (e: EquipmentDetail) => [e.mfg, e.model, e.serial, e.systemNickName].filter(Boolean).join(' - ');
const detailPath = (id: number | string) => `/app/product/equipmentDetail/${id}`;

/** The answer of POST Equipment/list of the inventory. */
const listAnswer = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/Equipment/list' && r.request().method() === 'POST');

/** The inventory of the user, as a user opens it, with the rows of its first page. */
async function openInventory() {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, USER);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/welcome`);
  await page.waitForURL('**/app/welcome');
  const firstPage = listAnswer(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Product' }).click();
  await page.waitForURL('**/app/product');
  const { result } = (await (await firstPage).json()) as { result: { items: EquipmentDetail[] } };
  await page.getByText(/^1–30 of \d+/).waitFor();
  return { context, page, rows: result.items };
}

/** The instrument as the API answers it to the signed-in user of `context`. */
async function recordOf(context: BrowserContext, id: number): Promise<EquipmentDetail> {
  const response = await context.request.get(`${server.url}/api/Equipment/${id}?otherComponent=true`);
  const body = (await response.json()) as { errorCode: number; result: EquipmentDetail };
  expect(body.errorCode).toBe(0);
  return body.result;
}

/** The detail page is on screen: its URL and its title (an unknown path would land on the welcome page). */
async function expectDetailPage(page: Page, id: number, title: string) {
  await page.waitForURL(`**${detailPath(id)}`);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  return page.getByRole('region', { name: title, exact: true });
}

/** A signed-in page, opened straight at an instrument's detail page. */
async function openDetail(id: number, email = USER) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  const record = await recordOf(context, id);
  await page.goto(`${server.url}${detailPath(id)}`);
  const pageRegion = await expectDetailPage(page, id, titleOf(record));
  return { context, page, record, pageRegion };
}

/** Instruments on the user's list that have a contract, a system id, and no image; each test takes its own. */
async function followedInstruments(): Promise<number[]> {
  const rows = await server.database.db
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .innerJoin('users', 'users.id', 'user_equipment.user_id')
    .innerJoin('equipment_contracts', 'equipment_contracts.equipment_id', 'equipment.id')
    .select('equipment.id')
    .distinct()
    .where('users.email', '=', USER)
    .where('equipment.system_id', 'is not', null)
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The term with exactly this label in a section's description list. */
const termIn = (region: Locator, label: string) =>
  region.getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** The value the section describes under a label: the definition that follows its term. */
const valueIn = (region: Locator, label: string) =>
  termIn(region, label).locator('xpath=following-sibling::dd[1]').innerText();

/** A section's heading button; its region is there only while it is open. */
const sectionButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const sectionRegion = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openSection(page: Page, name: string) {
  const button = sectionButton(page, name);
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  const region = sectionRegion(page, name);
  await region.waitFor();
  return region;
}

describe('equipment detail page', () => {
  it('opens from the serial in the grid, and a reload keeps the page', async () => {
    const { context, page, rows } = await openInventory();
    const row = rows[0]!;

    // The serial is drawn in the pinned column (the left quadrant of the table).
    await page.locator('.bp6-table-quadrant-left').getByRole('link', { name: row.serial!, exact: true }).click();
    await expectDetailPage(page, row.equipmentId, titleOf(row));
    await expect.poll(() => page.getByRole('tab', { name: 'Instrument' }).getAttribute('aria-selected')).toBe('true');

    await page.reload();
    const region = await expectDetailPage(page, row.equipmentId, titleOf(row));
    expect(await valueIn(sectionRegion(page, 'Equipment details'), FORM.field_serial!)).toBe(row.serial);

    await region.getByRole('button', { name: DETAIL.back }).click();
    await page.waitForURL('**/app/product');
    await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
    await context.close();
  });

  it('opens from a tile', async () => {
    const { context, page, rows } = await openInventory();
    const row = rows[2]!;
    // Tiles are remembered in this browser; after a reload the page has no unsaved layout change to confirm.
    await page.getByRole('button', { name: 'Show as tiles' }).click();
    await page.getByRole('list', { name: 'Equipment' }).waitFor();
    await page.reload();
    const tile = page
      .getByRole('list', { name: 'Equipment' })
      .getByRole('listitem')
      .filter({ hasText: `Serial number ${row.serial}` });
    await tile.getByRole('link').click();
    await expectDetailPage(page, row.equipmentId, titleOf(row));
    await context.close();
  });

  it('shows each section as the API has the instrument', async () => {
    const [id] = await followedInstruments();
    await server.database.db
      .updateTable('equipment')
      .set({
        rfid_tag: 'RF-E2E-1',
        asset_genius_flag: null,
        vendor_name: 'LabCare Services',
        vendor_contact: 'Ada Field',
        vendor_tel: '+44 20 7946 0000',
        os: 'Windows 11',
        comments: 'Calibrated after the move.',
        financial_responsibility_name: 'Bo Budget',
        machine_guarding: 'interlockedGuard',
        energy_hazard: 'electrical;thermal',
        lock_tag_out: 'required',
        chemical_hazards: 'none',
        radiological_hazards: 'uv',
        locked: true,
        ehs_last_changed_by: 'Uma Standard',
        ehs_last_changed_on: '2026-02-03T09:30:00Z',
      })
      .where('id', '=', id!)
      .execute();
    const { context, page, record } = await openDetail(id!);
    const label = (field: string) => FORM[`field_${field.replace('.', '_')}`]!;
    const date = (iso: string | null) => (iso ? dayjs(iso).format('ll') : '—');
    const text = (value: string | null | undefined) => value || '—';

    const details = sectionRegion(page, 'Equipment details');
    expect(await valueIn(details, label('mfg'))).toBe(record.mfg);
    expect(await valueIn(details, label('model'))).toBe(record.model);
    expect(await valueIn(details, label('serial'))).toBe(record.serial);
    expect(await valueIn(details, label('systemId'))).toBe(text(record.systemId));
    expect(await valueIn(details, label('pkiTag'))).toBe(text(record.pkiTag));
    expect(await valueIn(details, label('rfidTag'))).toBe('RF-E2E-1');
    // Hidden while empty.
    expect(await termIn(details, label('assetGeniusFlag')).count()).toBe(0);
    expect(await valueIn(details, label('classification'))).toBe(
      record.classification ? FORM[`code_classification_${record.classification}`] : '—',
    );
    expect(await valueIn(details, label('instDate'))).toBe(date(record.instDate));
    expect(await valueIn(details, label('osGxpFlag'))).toBe(
      record.osGxpFlag === null ? '—' : record.osGxpFlag ? 'Yes' : 'No',
    );
    const months = record.instrumentAge!;
    expect(await valueIn(details, DETAIL.instrument_age!)).toContain(
      months < 60 ? DETAIL.age_under5 : months <= 120 ? DETAIL.age_from5to10 : DETAIL.age_over10,
    );

    const contracts = page.getByRole('table', { name: 'Contract info' }).locator('tbody tr');
    expect(record.contractInfoHistory.length).toBeGreaterThan(0);
    await expect.poll(() => contracts.count()).toBe(record.contractInfoHistory.length);
    for (const [index, contract] of record.contractInfoHistory.entries()) {
      const cells = await contracts.nth(index).getByRole('cell').allInnerTexts();
      const status = contractStatusOf(contract.contractExpiry);
      expect(cells[0]).toBe(contract.isVendor ? contract.vendorContractId : contract.contractId);
      expect(cells[1]).toContain(text(contract.contractType));
      expect(cells[2]).toBe(date(contract.effectiveDate));
      expect(cells[3]).toBe(date(contract.contractExpiry));
      expect(cells[4]).toBe(status ? DETAIL[`contract_status_${status}`] : '—');
    }

    const location = sectionRegion(page, 'Location');
    expect(await valueIn(location, label('location.city'))).toBe(record.location.city);
    expect(await valueIn(location, label('building'))).toBe(text(record.building));
    expect(await valueIn(location, label('room'))).toBe(text(record.room));
    expect(await valueIn(location, label('department'))).toBe(text(record.department));
    expect(await valueIn(location, label('costCenter'))).toBe(text(record.costCenter));

    const users = page.getByRole('table', { name: 'User' });
    const contactCells = async (role: string) =>
      users
        .getByRole('row', { name: new RegExp(`^${role}`) })
        .getByRole('cell')
        .allInnerTexts();
    expect(await contactCells(label('contactName'))).toEqual([
      text(record.contactName),
      text(record.contactPhone),
      text(record.contactEmail),
    ]);
    expect(await contactCells(label('contactMgrName'))).toEqual([
      text(record.contactMgrName),
      text(record.contactMgrPhone),
      text(record.contactMgrEmail),
    ]);
    expect((await contactCells(label('financialResponsibilityName')))[0]).toBe('Bo Budget');

    const vendor = await openSection(page, 'Vendor info');
    expect(await valueIn(vendor, label('vendorName'))).toBe(record.vendorName);
    expect(await valueIn(vendor, label('vendorContact'))).toBe(record.vendorContact);
    expect(await valueIn(vendor, label('vendorTel'))).toBe(record.vendorTel);

    const additional = await openSection(page, 'Additional info');
    expect(await valueIn(additional, label('os'))).toBe(record.os);
    expect(await valueIn(additional, label('comments'))).toBe(record.comments);

    const ehs = await openSection(page, 'EHS data');
    expect(record.machineGuarding).toBe('interlockedGuard');
    expect(await valueIn(ehs, 'Machine guarding')).toBe('Interlocked guard');
    expect(await valueIn(ehs, 'Energy hazards')).toBe('Electrical, Thermal');
    expect(await valueIn(ehs, 'Lockout/tagout')).toBe('Required');
    expect(await valueIn(ehs, 'Chemical hazards')).toBe('—');
    expect(await valueIn(ehs, 'Radiological hazards')).toBe('Ultraviolet');
    expect(await valueIn(ehs, 'Locked')).toBe('Yes');
    expect(await valueIn(ehs, 'Last changed by')).toBe('Uma Standard');
    expect(await valueIn(ehs, 'Last changed on')).toBe(dayjs(record.ehsLastChangedOn!).format('lll'));
    await context.close();
  });

  it('opens and closes each section from the keyboard; some start closed', async () => {
    const [, id] = await followedInstruments();
    const { context, page } = await openDetail(id!);
    const startsOpen = ['Equipment details', 'Contract info', 'Location', 'User'];
    const startsClosed = ['Other system components', 'Vendor info', 'Additional info', 'EHS data'];
    for (const name of startsOpen) expect(await sectionButton(page, name).getAttribute('aria-expanded')).toBe('true');
    for (const name of startsClosed) {
      expect(await sectionButton(page, name).getAttribute('aria-expanded')).toBe('false');
      expect(await sectionRegion(page, name).count()).toBe(0);
    }

    for (const [name, key] of [
      ['Vendor info', 'Enter'],
      ['EHS data', ' '],
    ] as const) {
      const button = sectionButton(page, name);
      await button.focus();
      await page.keyboard.press(key);
      await sectionRegion(page, name).waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press(key);
      await sectionRegion(page, name).waitFor({ state: 'detached' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
    }

    // Tab moves from one heading to the next; a closed section holds nothing to tab through.
    await sectionButton(page, 'Other system components').focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => sectionButton(page, 'Vendor info').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    await sectionRegion(page, 'Vendor info').waitFor();
    await sectionButton(page, 'Equipment details').press('Enter');
    await sectionRegion(page, 'Equipment details').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a missing, foreign or malformed id says the instrument is not found and goes to the product list', async () => {
    const foreign = await server.database.db
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Globex Corporation')
      .executeTakeFirstOrThrow();
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, USER);
    const page = await context.newPage();
    for (const id of [String(foreign.id), '2000000000', 'abc', '0']) {
      await page.goto(`${server.url}${detailPath(id)}`);
      await page.waitForURL('**/app/product');
      await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
      const toast = page.getByText(NOT_FOUND, { exact: true });
      await toast.waitFor();
      expect(await toast.count()).toBe(1);
    }
    await context.close();
  });

  it('says what happened when the lookup fails, and loads on a second try', async () => {
    const [, , , , id] = await followedInstruments();
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, USER);
    const page = await context.newPage();
    const record = await recordOf(context, id!);
    const lookup = (url: URL) => url.pathname === `/api/Equipment/${id}`;
    await page.route(lookup, (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto(`${server.url}${detailPath(id!)}`);
    await page.getByRole('heading', { name: DETAIL.load_failed }).waitFor();
    await page.getByText(english('errorMessage').system_error!).waitFor();
    expect(page.url()).toContain(detailPath(id!));

    await page.unroute(lookup);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectDetailPage(page, id!, titleOf(record));
    await context.close();
  });

  it('edits the instrument info and shows the saved values; the image and service request come from the page', async () => {
    const [, , id] = await followedInstruments();
    const { context, page, record, pageRegion } = await openDetail(id!);
    await pageRegion.getByRole('button', { name: 'Edit instrument info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit equipment' });
    await dialog.getByLabel(FORM.field_room!, { exact: true }).fill('Lab 4.21');
    const reloaded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/Equipment/${id}` && r.request().method() === 'GET',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    await reloaded;
    await expect.poll(() => valueIn(sectionRegion(page, 'Location'), FORM.field_room!)).toBe('Lab 4.21');

    await pageRegion.getByRole('button', { name: 'Edit image' }).click();
    const images = page.getByRole('dialog', { name: `Images: ${titleOf(record)}` });
    await images
      .getByLabel('Image file')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(320, 240) });
    await images.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('The image has been uploaded.').waitFor();
    await images.getByRole('button', { name: 'Close' }).last().click();
    const picture = pageRegion.getByRole('img', { name: `Image of ${titleOf(record)}` });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(320);

    await pageRegion.getByRole('button', { name: 'New service request' }).click();
    await page.getByRole('dialog', { name: 'New service request' }).getByLabel('Issue type').waitFor();
    await context.close();
  });

  it('hides the service request for an instrument the user added', async () => {
    const [, , , id] = await followedInstruments();
    await server.database.db.updateTable('equipment').set({ data_source_id: 99 }).where('id', '=', id!).execute();
    const { context, pageRegion } = await openDetail(id!);
    await pageRegion.getByRole('button', { name: 'Edit instrument info' }).waitFor();
    expect(await pageRegion.getByRole('button', { name: 'New service request' }).count()).toBe(0);
    await context.close();
  });

  it('switching customer on the page goes to the product list first', async () => {
    const context = await newPortalContext(browser);
    await signInByRequest(context, server.url, 'pe@provider.example');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/welcome`);
    await page.waitForURL('**/app/welcome');
    const switchTo = async (search: string, name: RegExp) => {
      await page.getByRole('button', { name: /^Current company/ }).click();
      await page.getByRole('menuitem', { name: 'Switch customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Switch customer' });
      await dialog.getByRole('textbox', { name: 'Search customers by name or number' }).fill(search);
      await dialog.getByRole('menuitem', { name }).click();
    };
    await switchTo('acme', /Acme Labs/);
    await page
      .getByRole('button', { name: /^Current company/ })
      .filter({ hasText: 'Acme Labs' })
      .waitFor();
    const [id] = await followedInstruments();
    const record = await recordOf(context, id!);
    await page.goto(`${server.url}${detailPath(id!)}`);
    await expectDetailPage(page, id!, titleOf(record));

    await switchTo('globex', /Globex Corporation/);
    await page.waitForURL('**/app/product');
    await page
      .getByRole('button', { name: /^Current company/ })
      .filter({ hasText: 'Globex Corporation' })
      .waitFor();
    await page.getByRole('heading', { name: 'Product', level: 1 }).waitFor();
    await context.close();
  });

  it('has no accessibility violations with every section open', async () => {
    const [id] = await followedInstruments();
    const { context, page } = await openDetail(id!);
    for (const name of ['Other system components', 'Vendor info', 'Additional info', 'EHS data']) {
      await openSection(page, name);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Work order overview' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Work order overview' }).getAttribute('aria-selected'))
      .toBe('true');
    await context.close();
  });
});
