import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { LABEL_CODE_PATTERN, LABEL_LINK_PATH } from '../../contract/labels';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { pdfPages } from '../support/pdfText';
import { newPortalContext } from '../support/portalContext';

/*
 * QR labels (issue 38): the label sheet downloaded from an instrument's page, and the label's link followed as a
 * phone at the bench does: signed out, through sign-in, to the instrument with "Report a problem"; a label of another
 * customer refused; the landing at 390 × 844.
 */

let server: E2eServer;
let browser: Browser;

const EMAIL = 'user@acme-labs.example';
const PHONE = { width: 390, height: 844 };
const REFUSED = 'This label does not open an instrument for you';

interface Instrument {
  id: number;
  serial: string;
  mfg: string;
  model: string;
}
let instrument: Instrument;

const db = () => server.database.db;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  const acme = await db()
    .selectFrom('customers')
    .select('id')
    .where('name', '=', 'Acme Labs')
    .executeTakeFirstOrThrow();
  const row = await db()
    .selectFrom('equipment')
    .select(['id', 'serial', 'mfg', 'model'])
    .where('customer_id', '=', acme.id)
    .where('is_hidden', '=', false)
    .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
    .where('serial', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  instrument = { ...row, serial: row.serial! };
});
afterAll(() => stopE2e({ server, browser }));

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });
const detailPath = (id: number) => `/app/product/equipmentDetail/${id}`;
const codeOf = async (id: number) =>
  (await db().selectFrom('equipment_labels').select('code').where('equipment_id', '=', id).executeTakeFirst())?.code;

async function signedInPage(email = EMAIL, viewport?: typeof PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  return { context, page };
}

/** The page scrolls sideways nowhere, and every button and link shown is at least 44 px high and wide. */
async function fitsPhone(page: Page, within: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const small = await page.locator(`${within} :is(button, a[href]):visible`).evaluateAll((elements) =>
    elements
      .map((e) => ({ text: e.textContent?.trim() ?? '', box: e.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ text, box }) => `${text} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
}

describe('the label sheet', () => {
  it('downloads from an instrument’s page as a PDF with its serial, make and model, on the label stock chosen', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}${detailPath(instrument.id)}`);
    await page.waitForURL(`**${detailPath(instrument.id)}`);
    await page.getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print QR labels' });
    await dialog.getByText('Instruments on the sheet: 1').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await dialog.getByText(/A4 — Avery L7163/).click();
    expect(await dialog.getByRole('radio', { name: /A4 — Avery L7163/ }).isChecked()).toBe(true);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Labels_a4-l7163.pdf');
    const pdf = await readFile((await file.path())!);
    const [text] = await pdfPages(pdf);
    expect(text).toContain(instrument.serial);
    expect(text).toContain(instrument.model);
    await dialog.waitFor({ state: 'detached' });
    expect(await codeOf(instrument.id)).toMatch(LABEL_CODE_PATTERN);
    await context.close();
  });

  it('downloads the labels of a selection in the inventory grid', async () => {
    const { context, page } = await signedInPage();
    const list = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/Equipment/list' && r.request().method() === 'POST',
    );
    await page.goto(`${server.url}/app/product`);
    await page.waitForURL('**/app/product');
    const rows = ((await (await list).json()) as { result: { items: { serial: string | null }[] } }).result.items
      .filter((r) => r.serial)
      .slice(0, 2);
    for (const row of rows) {
      // A user clicks the drawn box, which is the checkbox's label.
      await page
        .getByRole('checkbox', { name: `Select ${row.serial!}`, exact: true })
        .locator('..')
        .click();
    }
    await page.locator('.list-selection-bar').getByText('2 selected').waitFor();
    await page.locator('.list-selection-bar').getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print QR labels' });
    await dialog.getByText('Instruments on the sheet: 2').waitFor();
    await dialog.getByText(/US Letter — Avery 5163/).click();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Labels_letter-5163.pdf');
    const [text] = await pdfPages(await readFile((await file.path())!));
    for (const row of rows) expect(text).toContain(row.serial!);
    await context.close();
  });
});

describe('the label’s link', () => {
  it('leads a signed-out visitor through sign-in to the instrument, where Report a problem opens its request', async () => {
    const code = (await codeOf(instrument.id))!;
    const context = await newPortalContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}${LABEL_LINK_PATH}${code}`);
    await page.waitForURL('**/login');
    await page.locator('#login-email').fill(EMAIL);
    await page.locator('#login-password').fill('Portal2026');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`**${detailPath(instrument.id)}?from=label`);
    await page.getByText('You opened this instrument from its QR label.').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service request' });
    await dialog.getByLabel('Issue type').waitFor();
    await dialog.getByText(instrument.serial, { exact: false }).first().waitFor();
    await context.close();
  });

  it('refuses another customer’s label as it refuses an unknown one, with a way on', async () => {
    const code = (await codeOf(instrument.id))!;
    const { context, page } = await signedInPage('user@globex.example');
    const texts: string[] = [];
    for (const path of [code, 'AAAAAAAAAAAAAAAAAAAAAA', 'not-a-code']) {
      await page.goto(`${server.url}${LABEL_LINK_PATH}${path}`);
      await heading(page, REFUSED).waitFor();
      texts.push(await page.locator('main').innerText());
    }
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).not.toContain(instrument.serial);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Go to the inventory' }).click();
    await page.waitForURL('**/app/product');
    await context.close();
  });

  it('fits a phone of 390 × 844: the refusal, the opening instrument and its Report a problem', async () => {
    const { context, page } = await signedInPage('user@globex.example', PHONE);
    await page.goto(`${server.url}${LABEL_LINK_PATH}AAAAAAAAAAAAAAAAAAAAAA`);
    await heading(page, REFUSED).waitFor();
    await fitsPhone(page, '.qr-label-landing');
    await context.close();

    const own = await signedInPage(EMAIL, PHONE);
    await own.page.goto(`${server.url}${LABEL_LINK_PATH}${(await codeOf(instrument.id))!}`);
    await own.page.waitForURL(`**${detailPath(instrument.id)}?from=label`);
    const report = own.page.getByRole('button', { name: 'Report a problem' });
    await report.waitFor();
    const box = (await report.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await own.context.close();
  });
});
