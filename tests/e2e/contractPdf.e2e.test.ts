import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { pdfPages } from '../support/pdfText';
import { newPortalContext } from '../support/portalContext';

/*
 * View contract PDF on the instrument's page (spec 2 "Contract section"): the PDF opens in a new window, as a
 * work order's report does (tests/e2e/instrumentWorkOrders.e2e.test.ts); not offered for a user-added instrument.
 */

let server: E2eServer;
let browser: Browser;

const EMAIL = 'user@acme-labs.example';
const DAY = 86_400_000;
const NUMBER = 'E2E-CPDF-0001';
const GONE = 'E2E-CPDF-0002';

interface Instrument {
  id: number;
  mfg: string;
  model: string;
  serial: string | null;
  system_nick_name: string | null;
}
/** An instrument with a contract; one whose contract goes while its page is open; one the customer added. */
let withContract: Instrument;
let losing: Instrument;
let userAdded: Instrument;

const db = () => server.database.db;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

async function prepare() {
  const { customer_id: customerId } = await db()
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', EMAIL)
    .executeTakeFirstOrThrow();
  const columns = ['id', 'mfg', 'model', 'serial', 'system_nick_name', 'location_id'] as const;
  const [a, b] = await db()
    .selectFrom('equipment')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('is_hidden', '=', false)
    .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
    .where('serial', 'is not', null)
    .orderBy('id')
    .limit(2)
    .execute();
  const added = await db()
    .insertInto('equipment')
    .values({
      customer_id: customerId,
      location_id: a!.location_id,
      mfg: 'Acme',
      model: 'Own bench scale',
      serial: 'E2E-UA-CPDF',
      data_source_id: USER_ADDED_DATA_SOURCE_ID,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  [withContract, losing, userAdded] = [a!, b!, added];
  await db().deleteFrom('equipment_contracts').where('equipment_id', 'in', [a!.id, b!.id]).execute();
  const contract = (number: string) =>
    db()
      .insertInto('contracts')
      .values({
        customer_id: customerId,
        vendor_contract_id: number,
        po_number: 'PO-E2E-7',
        contract_type: 'ZCSA',
        description: 'Gold service',
        effective_date: day(-100),
        contract_expiry: day(300),
        billing_status: 'PAID',
        is_pe_contract: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const [current, gone] = [await contract(NUMBER), await contract(GONE)];
  await db()
    .insertInto('equipment_contracts')
    .values([
      { equipment_id: a!.id, contract_id: current.id },
      { equipment_id: added.id, contract_id: current.id },
      { equipment_id: b!.id, contract_id: gone.id },
    ])
    .execute();
}

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  await prepare();
});
afterAll(() => stopE2e({ server, browser }));

/** The page's title: make - model - serial number - system nickname, without the empty parts. */
const titleOf = (e: Instrument) =>
  [e.mfg, e.model, e.serial, e.system_nick_name].filter((part) => part?.trim()).join(' - ');

/** Sign in and open an instrument's page by its address; the page is there once its title shows. */
async function openDetail(e: Instrument): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, EMAIL);
  const page = await context.newPage();
  await page.goto(`${server.url}/app/product/equipmentDetail/${e.id}`);
  await page.waitForURL(`**/app/product/equipmentDetail/${e.id}`);
  await page.getByRole('heading', { name: titleOf(e), level: 1 }).waitFor();
  return { context, page };
}

const contractTable = (page: Page) => page.getByRole('table', { name: 'Contract info' });

describe('view contract PDF', () => {
  it('opens the instrument’s contract as a PDF in a new window', async () => {
    const { context, page } = await openDetail(withContract);
    await contractTable(page).getByRole('cell', { name: NUMBER }).waitFor();
    expect(await axeViolations(page, '[role="tabpanel"]')).toEqual([]);

    const popup = page.waitForEvent('popup');
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/Equipment/${withContract.id}/contract/PDF`,
    );
    await page.getByRole('button', { name: 'View contract PDF' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toBe(`inline; filename="Contract_${NUMBER}.pdf"`);
    const window_ = await popup;
    await window_.waitForURL(/^blob:/);
    // The bytes are asked again through the context: the browser does not hand a consumed body to the test.
    const bytes = await (await context.request.get(response.url())).body();
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = (await pdfPages(bytes)).join(' ');
    expect(text).toContain(`Contract no. ${NUMBER}`);
    expect(text).toContain(withContract.serial!);
    // The user-added instrument is under the same number: listed among the others.
    expect(text).toContain('E2E-UA-CPDF');
    await window_.close();
    await context.close();
  });

  it('downloads the PDF and says so when the browser blocks the new window', async () => {
    const { context, page } = await openDetail(withContract);
    await contractTable(page).getByRole('cell', { name: NUMBER }).waitFor();
    // A pop-up blocker: window.open answers null.
    await page.evaluate(() => {
      window.open = () => null;
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'View contract PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`Contract_${NUMBER}.pdf`);
    await page.getByText('Your browser blocked the new window, so the contract PDF was downloaded instead.').waitFor();
    await context.close();
  });

  it('says so in a toast, and closes the window, when the contract has gone since the page was read', async () => {
    const { context, page } = await openDetail(losing);
    await contractTable(page).getByRole('cell', { name: GONE }).waitFor();
    await db().deleteFrom('equipment_contracts').where('equipment_id', '=', losing.id).execute();

    const popup = page.waitForEvent('popup');
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/Equipment/${losing.id}/contract/PDF`,
    );
    await page.getByRole('button', { name: 'View contract PDF' }).click();
    expect((await answer).status()).toBe(404);
    const window_ = await popup;
    await page.getByText('This instrument has no contract on record, so there is no contract PDF to show.').waitFor();
    await expect.poll(() => window_.isClosed()).toBe(true);
    await context.close();
  });

  it('is not offered for an instrument the user added, though its contract is listed', async () => {
    const { context, page } = await openDetail(userAdded);
    await contractTable(page).getByRole('cell', { name: NUMBER }).waitFor();
    expect(await page.getByRole('button', { name: 'View contract PDF' }).count()).toBe(0);
    await context.close();
  });
});
