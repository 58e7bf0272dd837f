import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import {
  EMethodCatalogue,
  emethodEntryOf,
  type EMethodInstrument,
} from '../../web/src/features/equipmentDetail/emethods/emethodCatalogue';
import { axeViolations } from '../support/axe';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInstrumentAs } from '../support/inventoryPage';
import { ROOT } from '../support/testServer';

/*
 * The E-methods tab (spec 2 section 2): the catalogue's applications for the instrument's make and model, with
 * dropdown, picture, application note, acquisition method file, graph and sub-tabs; application_error for a model
 * without applications, a load error as plain text, and no tab for a model the catalogue does not know.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const db = () => server.database.db;

/** Signed in, on the instrument's page with its tabs shown. */
async function openInstrument(id: number) {
  const opened = await openInstrumentAs(browser, server.url, EMAIL, id);
  await opened.page.getByRole('tab', { name: 'Instrument' }).waitFor();
  return opened;
}
const EMAIL = 'manager@acme-labs.example';
const CATALOGUE_PATH = '**/emethods/catalogue.json';
const catalogue = EMethodCatalogue.parse(
  JSON.parse(readFileSync(path.join(ROOT, 'web/public/emethods/catalogue.json'), 'utf8')),
);

/** Acme Labs' visible instruments, first by id. */
async function acmeInstruments() {
  return db()
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .select(['equipment.id', 'equipment.mfg', 'equipment.model'])
    .where('customers.name', '=', 'Acme Labs')
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id')
    .execute();
}

/** The first Acme Labs instrument with e-methods, and its catalogue entry. */
async function coveredInstrument(): Promise<{ id: number; entry: EMethodInstrument }> {
  for (const row of await acmeInstruments()) {
    const entry = emethodEntryOf(catalogue, row);
    if (entry) return { id: row.id, entry };
  }
  throw new Error('Acme Labs has no instrument of a model with e-methods');
}

const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

async function imagesLoad(page: Page, name: string) {
  for (const img of [
    page.getByRole('img', { name: `Illustration for ${name}` }),
    page.getByRole('img', { name: `Example result for ${name}` }),
  ]) {
    await img.waitFor();
    await expect.poll(() => loaded(img)).toBe(true);
  }
}

describe('e-methods', () => {
  it('shows the applications of the instrument’s model with their files and sub-tabs', async () => {
    const { id, entry } = await coveredInstrument();
    const [first, second] = entry.applications;
    const { page, close } = await openInstrument(id);
    await page.getByRole('tab', { name: 'E-methods' }).click();

    const select = page.getByRole('combobox', { name: 'Application' });
    await select.waitFor();
    await expect.poll(() => select.locator('option').allInnerTexts()).toEqual(entry.applications.map((a) => a.name));
    await page.getByRole('heading', { level: 2, name: first!.name }).waitFor();
    await page.getByText(first!.description[0]!).waitFor();
    await imagesLoad(page, first!.name);

    // The application note opens in a new tab; the method file downloads; both are served by the portal.
    const note = page.getByRole('link', { name: 'Application note' });
    expect(await note.getAttribute('href')).toBe(`/emethods/files/${first!.files.applicationNote}`);
    expect(await note.getAttribute('target')).toBe('_blank');
    expect(await note.getAttribute('rel')).toContain('noopener');
    const method = page.getByRole('link', { name: 'Acquisition method file' });
    expect(await method.getAttribute('href')).toBe(`/emethods/files/${first!.files.acquisitionMethod}`);
    expect(await method.getAttribute('download')).toBe(first!.files.acquisitionMethod);
    const noteAnswer = await page.request.get(`${server.url}/emethods/files/${first!.files.applicationNote}`);
    expect(noteAnswer.status()).toBe(200);
    expect(noteAnswer.headers()['content-type']).toContain('text/html');
    expect(await noteAnswer.text()).toContain('Conclusion');
    const download = page.waitForEvent('download');
    await method.click();
    expect((await download).suggestedFilename()).toBe(first!.files.acquisitionMethod);

    await page.screenshot({ path: '/tmp/emethods-en.png', fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Another application: its name, pictures and files replace the first one's.
    await select.selectOption({ label: second!.name });
    await page.getByRole('heading', { level: 2, name: second!.name }).waitFor();
    await imagesLoad(page, second!.name);
    await expect.poll(() => note.getAttribute('href')).toBe(`/emethods/files/${second!.files.applicationNote}`);

    // Compounds: a table with column headers, one row per compound.
    await page.getByRole('tab', { name: 'Compounds' }).click();
    const compounds = page.getByRole('table', { name: 'Compounds' });
    await compounds.waitFor();
    for (const header of ['Compound', 'CAS number', 'Limit or range']) {
      await compounds.getByRole('columnheader', { name: header }).waitFor();
    }
    await expect.poll(() => compounds.locator('tbody tr').count()).toBe(second!.compounds.length);
    const compound = second!.compounds[0]!;
    const compoundRow = compounds.getByRole('row').filter({ hasText: compound.cas }).first();
    expect(await compoundRow.getByRole('cell').first().innerText()).toBe(compound.name);
    expect(await compoundRow.innerText()).toContain(compound.limit);
    await page.screenshot({ path: '/tmp/emethods-en-compounds.png', fullPage: true });

    // Methods and Systems, reached with the keyboard from the selected sub-tab.
    await page.getByRole('tab', { name: 'Compounds' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const methods = page.getByRole('table', { name: 'Methods' });
    await methods.waitFor();
    const parameter = second!.methods[0]!;
    await methods.getByRole('row', { name: `${parameter.label} ${parameter.value}` }).waitFor();

    await page.getByRole('tab', { name: 'Systems' }).click();
    const systems = page.getByRole('table', { name: 'Systems' });
    const system = second!.systems[0]!;
    await systems.getByRole('row', { name: `${system.module} ${system.description}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it('speaks the user’s language; the provider’s content stays as written', async () => {
    const { id, entry } = await coveredInstrument();
    const application = entry.applications[0]!;
    await db().updateTable('users').set({ language_code: 'de' }).where('email', '=', EMAIL).execute();
    try {
      const { page, close } = await openInstrumentAs(browser, server.url, EMAIL, id, { locale: 'de-DE' });
      await page.getByRole('tab', { name: 'E-Methoden' }).click();
      await page.getByRole('combobox', { name: 'Applikation' }).waitFor();
      await page.getByRole('link', { name: 'Applikationsschrift' }).waitFor();
      await page.getByRole('link', { name: 'Datei der Erfassungsmethode' }).waitFor();
      await page.getByRole('heading', { level: 2, name: application.name }).waitFor();
      await page.getByRole('tab', { name: 'Verbindungen' }).click();
      const table = page.getByRole('table', { name: 'Verbindungen' });
      await table.getByRole('columnheader', { name: 'CAS-Nummer' }).waitFor();
      await close();
    } finally {
      await db().updateTable('users').set({ language_code: 'en-us' }).where('email', '=', EMAIL).execute();
    }
  });

  it('a model whose catalogue entry has no applications says so', async () => {
    const { id, entry } = await coveredInstrument();
    const { page, close } = await openInstrument(id);
    const empty = {
      ...catalogue,
      instruments: catalogue.instruments.map((i) => (i === entry ? { ...i, applications: [] } : i)),
    };
    await page.route(CATALOGUE_PATH, (route) => route.fulfill({ json: empty }));
    await page.reload();
    await page.getByRole('tab', { name: 'E-methods' }).click();
    await page.getByText('No applications are available for this instrument.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Application' }).count()).toBe(0);
    await close();
  });

  it('a catalogue that cannot be read is reported as plain text, not a broken page', async () => {
    const { id } = await coveredInstrument();
    const { page, close } = await openInstrument(id);
    await page.route(CATALOGUE_PATH, (route) => route.fulfill({ json: { instruments: 'none' } }));
    await page.reload();
    await page.getByRole('tab', { name: 'E-methods' }).click();
    const fetches: string[] = [];
    page.on('request', (r) => r.url().endsWith('/emethods/catalogue.json') && fetches.push(r.url()));
    await page.getByText('The e-method catalogue could not be loaded: emethods/catalogue.json:').waitFor();
    // The failure stays on screen: showing it does not read the catalogue again.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
    expect(fetches).toEqual([]);
    await page.getByRole('tab', { name: 'E-methods', selected: true }).waitFor();
    await page.screenshot({ path: '/tmp/emethods-error.png' });
    await page.getByRole('tab', { name: 'Instrument' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await close();
  });

  it('an instrument whose model the catalogue does not hold has no E-methods tab', async () => {
    const rows = await acmeInstruments();
    const uncovered =
      rows.find((r) => r.mfg === 'Mettler Toledo' && r.model === 'XPR205') ??
      rows.find((r) => !emethodEntryOf(catalogue, r));
    expect(uncovered).toBeDefined();
    let fetched: Promise<Response> | undefined;
    const { page, close } = await openInstrumentAs(browser, server.url, EMAIL, uncovered!.id, {
      beforeOpen: (p) => (fetched = p.waitForResponse((r) => r.url().endsWith('/emethods/catalogue.json'))),
    });
    expect((await fetched!).status()).toBe(200);
    await page.getByRole('tab', { name: 'Work order overview' }).waitFor();
    // The catalogue has arrived: give the page two frames to render what it decided.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.getByRole('tab', { name: 'E-methods' }).count()).toBe(0);
    await close();
  });
});
