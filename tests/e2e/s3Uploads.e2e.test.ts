import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { png } from '../support/images';
import { axeViolations } from '../support/axe';
import { openInventoryAs } from '../support/inventoryPage';
import { startS3Server, TEST_S3_BUCKET, type TestS3Server } from '../support/s3Server';

/**
 * The upload journeys once more with the files on S3 (STORAGE=s3 against s3rver): the browser sends the bytes
 * straight to the store's origin through the signed URL, with progress, and reads them back from there.
 */
let s3: TestS3Server;
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  s3 = await startS3Server({ corsOrigin: 'http://127.0.0.1:*' });
  ({ server, browser } = await startE2e({ s3: s3.settings }));
});
afterAll(async () => {
  await stopE2e({ server, browser });
  await s3?.close();
});

/** A PDF big enough that its upload takes several progress events on a throttled link. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_500_000, 0x20), Buffer.from('\n%%EOF\n')]);
const NAME = 'Calibration certificate.pdf';

/** Requests of the page to the store: method, path under the bucket, and the Content-Type sent. */
function storeTraffic(page: Page) {
  const calls: { method: string; path: string; contentType?: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== s3.settings.endpoint) return;
    const headers = request.headers();
    calls.push({ method: request.method(), path: url.pathname, contentType: headers['content-type'] });
  });
  return calls;
}

async function firstEquipmentId(page: Page): Promise<number> {
  const firstRowMenu = page.locator('[data-testid^="row-actions-"]').first();
  await firstRowMenu.waitFor();
  return Number((await firstRowMenu.getAttribute('data-testid'))!.replace('row-actions-', ''));
}

const loadedWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

describe('uploads and downloads with the files on S3', () => {
  it('uploads a document straight to the store with progress, and downloads it from there', async () => {
    const { context, page } = await openInventoryAs(browser, server.url);
    const traffic = storeTraffic(page);
    const equipmentId = await firstEquipmentId(page);
    // A slow uplink, so the progress between 0 and 100 % is seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    await page.evaluate(() => {
      const seen = window as unknown as { percents?: string[] };
      seen.percents = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="status"] li')) {
          const percent = /(\d+)%/.exec(el.textContent ?? '')?.[1];
          if (percent && !seen.percents!.includes(percent)) seen.percents!.push(percent);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    await page.getByTestId(`row-actions-${equipmentId}`).click();
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tablist') });
    await dialog.getByRole('tab', { name: /^Documents \(\d+\)$/ }).waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/Storage\/uploadUrl$/i.test(new URL(request.url()).pathname)) {
        asked.push((request.postDataJSON() as { contentType: string }).contentType);
      }
    });
    await dialog.getByLabel('Upload documents').setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Documents uploaded: 1.').waitFor();
    await dialog.getByRole('button', { name: NAME, exact: true }).waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const percents = (await page.evaluate(() => (window as unknown as { percents: string[] }).percents)).map(Number);
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    const put = traffic.find((call) => call.method === 'PUT');
    // It carried the Content-Type asked for and signed into its URL (the store checks the signature).
    expect(asked).toHaveLength(1);
    expect(put!.contentType).toBe(asked[0]);
    expect(put!.path).toMatch(
      new RegExp(`^/${TEST_S3_BUCKET}/portal-equipment/[0-9a-f]+/Equipment/[0-9a-f]{32}\\.pdf$`),
    );
    const [row] = await server.database.db
      .selectFrom('stored_objects')
      .select(['state', 'size', 'registered_as'])
      .where('resource_key', '=', put!.path.replace(`/${TEST_S3_BUCKET}/portal-equipment/`, ''))
      .execute();
    expect(row).toMatchObject({ state: 'stored', size: PDF.length, registered_as: 'document' });

    // The download reads the bytes from the store and saves them under the document's name.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: `Download ${NAME}` }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(NAME);
    expect((await readFile((await saved.path())!)).equals(PDF)).toBe(true);
    expect(traffic.filter((call) => call.method === 'GET').map((call) => call.path)).toContain(put!.path);
    await context.close();
  });

  it('uploads an image and its thumbnail to the store, and shows both from there', async () => {
    const { context, page } = await openInventoryAs(browser, server.url);
    const traffic = storeTraffic(page);
    const equipmentId = await firstEquipmentId(page);
    await server.database.db.deleteFrom('equipment_images').where('equipment_id', '=', equipmentId).execute();
    await page.getByTestId(`row-actions-${equipmentId}`).click();
    await page.getByRole('menuitem', { name: 'Images' }).click();
    const dialog = page.getByRole('dialog', { name: /^Images: / });
    await dialog
      .getByLabel('Image file')
      .setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: png(400, 300) });
    await dialog.getByRole('img', { name: 'Thumbnail of pump.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('The image has been uploaded.').waitFor();

    const puts = traffic.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(2);
    for (const call of puts) {
      expect(call).toMatchObject({ contentType: 'image/png' });
      expect(call.path).toMatch(new RegExp(`^/${TEST_S3_BUCKET}/portal-equipment/`));
    }
    // The strip's thumbnail and the large view load from the store's origin (the CSP allows it).
    const stripThumbnail = dialog
      .getByRole('group', { name: 'Images of this instrument' })
      .getByRole('button', { name: 'Show pump.png (default image)' })
      .getByRole('img', { name: 'pump.png' });
    await expect.poll(() => loadedWidth(stripThumbnail)).toBe(100);
    const large = dialog.getByRole('img', { name: 'pump.png' }).first();
    await expect.poll(() => loadedWidth(large)).toBe(400);
    expect(await large.getAttribute('src')).toMatch(new RegExp(`^${s3.settings.endpoint}/${TEST_S3_BUCKET}/`));
    await context.close();
  });
});
