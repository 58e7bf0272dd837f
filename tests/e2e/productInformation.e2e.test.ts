import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PRODUCT_CATALOGUE } from '../../api-mock/src/seed/productCatalogue';
import { axeViolations } from '../support/axe';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { openInstrumentAs } from '../support/inventoryPage';
import { setChecked } from '../support/controls';

/*
 * The Product information tab (spec 2 section 2): the catalogue entry of the instrument's make and model, its
 * overview, the resources of its product page (the demo product site the portal serves), and Request more info,
 * mailed to the provider through the outbox.
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
const lambda = DEMO_PRODUCT_CATALOGUE.find((p) => p.modelName === 'LAMBDA 365')!;

/** The first visible instrument of Acme Labs with this make. */
async function instrumentOf(mfg: string, model?: string) {
  return db()
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .select(['equipment.id', 'equipment.serial'])
    .where('customers.name', '=', 'Acme Labs')
    .where('equipment.is_hidden', '=', false)
    .where('equipment.mfg', '=', mfg)
    .$if(model !== undefined, (q) => q.where('equipment.model', '=', model!))
    .orderBy('equipment.id')
    .executeTakeFirstOrThrow();
}

describe('product information', () => {
  it('shows the catalogue entry, its overview with specifications, and the product page’s resources', async () => {
    const instrument = await instrumentOf('PerkinElmer', 'LAMBDA 365');
    const { page, close } = await openInstrument(instrument.id);
    await page.getByRole('tab', { name: 'Product information' }).click();
    await page.getByRole('heading', { name: lambda.displayName }).waitFor();
    await page.getByText(lambda.shortDescription).waitFor();
    await page.getByText(lambda.partNumber, { exact: true }).waitFor();
    const image = page.getByRole('img', { name: `Product picture of ${lambda.displayName}` });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Overview: the long description as rich text, and the dimensions the catalogue has.
    const specifications = page.getByRole('table', { name: 'Specifications' });
    await specifications.waitFor();
    expect(await specifications.getByRole('row', { name: `Weight ${lambda.weight}` }).count()).toBe(1);
    const firstParagraph = /<p>(.*?)<\/p>/.exec(lambda.longDescription)![1]!.replace(/<[^>]+>/g, '');
    await page.getByText(firstParagraph.slice(0, 60), { exact: false }).waitFor();

    // Resources: the product page's resource block, its links absolute and opening in a new tab.
    await page.getByRole('tab', { name: 'Resources' }).click();
    for (const resource of lambda.resources) {
      const link = page.getByRole('link', { name: resource.title, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(
        `${server.url}/catalogue/products/${lambda.partNumber}/resources/${resource.slug}`,
      );
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it('request more info: the required fields are checked, then the request reaches the provider by mail', async () => {
    const instrument = await instrumentOf('PerkinElmer', 'LAMBDA 365');
    const { page, close } = await openInstrument(instrument.id);
    await page.getByRole('tab', { name: 'Product information' }).click();
    await page.getByRole('button', { name: 'Request more info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request more info' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Product' }).inputValue()).toContain(lambda.partNumber);

    const firstName = dialog.getByRole('textbox', { name: 'First name' });
    await expect.poll(() => firstName.inputValue()).toBe('Mark');
    await firstName.fill('');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await expect.poll(() => firstName.evaluate((el) => el === document.activeElement)).toBe(true);

    await firstName.fill('Marco');
    await dialog.getByRole('textbox', { name: 'Company' }).fill('Acme Labs Basel');
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Switzerland' });
    await setChecked(dialog.getByRole('radio', { name: 'By phone' }), true);
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Which sipper accessories fit?');
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const sent = page.waitForResponse((r) => r.url().includes('/api/Equipment/MarketInfo/Request'));
    await dialog.getByRole('button', { name: 'Send request' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText('Your request was sent.', { exact: false }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['to_addresses', 'subject', 'body'])
      .where('subject', 'like', `Request for more information%${lambda.partNumber}%`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('From: Marco Manager');
    expect(mails[0]!.body).toContain('Country: Switzerland');
    expect(mails[0]!.body).toContain('Contact: By phone');
    expect(mails[0]!.body).toContain('Which sipper accessories fit?');
    await close();
  });

  it('an instrument whose model the catalogue does not hold has no product information tab', async () => {
    const instrument = await instrumentOf('Eppendorf');
    const { page, close } = await openInstrument(instrument.id);
    await page.getByRole('tab', { name: 'Work order overview' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Product information' }).count()).toBe(0);
    await close();
  });
});
