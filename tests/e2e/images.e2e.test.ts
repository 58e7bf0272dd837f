import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { axeViolations } from '../support/axe';
import { openInventoryAs } from '../support/inventoryPage';
import { png } from '../support/images';
import { uploadThroughSignedUrl } from '../support/apiCalls';
import { signedIn } from '../support/injectClient';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/** The inventory page of a user, and the id of the equipment in its first row. */
async function openInventory(email = 'user@acme-labs.example') {
  const { context, page } = await openInventoryAs(browser, server.url, email);
  const firstRowMenu = page.locator('[data-testid^="row-actions-"]').first();
  await firstRowMenu.waitFor();
  const equipmentId = Number((await firstRowMenu.getAttribute('data-testid'))!.replace('row-actions-', ''));
  return { context, page, equipmentId };
}

/** Open the image viewer of an equipment from its row menu. */
async function openImages(page: Page, equipmentId: number): Promise<Locator> {
  await page.getByTestId(`row-actions-${equipmentId}`).click();
  await page.getByRole('menuitem', { name: 'Images' }).click();
  const dialog = page.getByRole('dialog', { name: /^Images: / });
  await dialog.waitFor();
  return dialog;
}

/** The natural width of an image once it has really loaded. */
const loadedWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

/** Uploads to the store and registrations of images made by the page. */
function imageTraffic(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (
      url.pathname.endsWith('/Storage/uploadUrl') ||
      (r.method() === 'PUT' && (url.pathname.startsWith('/files/') || /\/Equipment\/\d+\/image$/.test(url.pathname)))
    ) {
      calls.push(`${r.method()} ${url.pathname.replace(/\/files\/([^/]+)\/.*/, '/files/$1/…')}`);
    }
  });
  return calls;
}

const imagesOf = (equipmentId: number) =>
  server.database.db
    .selectFrom('equipment_images')
    .selectAll()
    .where('equipment_id', '=', equipmentId)
    .orderBy('id')
    .execute();

describe('equipment images', () => {
  it('uploads an image: a 100 px thumbnail is made, both go to storage, and the thumbnail shows', async () => {
    const { context, page, equipmentId } = await openInventory();
    await server.database.db.deleteFrom('equipment_images').where('equipment_id', '=', equipmentId).execute();
    const traffic = imageTraffic(page);

    const dialog = await openImages(page, equipmentId);
    await expect
      .poll(() => dialog.getByRole('tab', { name: 'Upload image' }).getAttribute('aria-selected'))
      .toBe('true');
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    await expect.poll(() => upload.isDisabled()).toBe(true);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    await dialog
      .getByLabel('Image file')
      .setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: png(400, 300) });
    await dialog.getByRole('img', { name: 'Preview of pump.png' }).waitFor();
    const thumbnailPreview = dialog.getByRole('img', { name: 'Thumbnail of pump.png' });
    await expect.poll(() => loadedWidth(thumbnailPreview)).toBe(100);
    expect(await thumbnailPreview.evaluate((el: HTMLImageElement) => el.naturalHeight)).toBe(75);

    await upload.click();
    await page.getByText('The image has been uploaded.').waitFor();
    await expect
      .poll(() => dialog.getByRole('tab', { name: /Equipment images/ }).getAttribute('aria-selected'))
      .toBe('true');
    expect(traffic).toEqual([
      'POST /api/Storage/uploadUrl',
      'POST /api/Storage/uploadUrl',
      'PUT /files/portal-equipment/…',
      'PUT /files/portal-equipment/…',
      `PUT /api/Equipment/${equipmentId}/image`,
    ]);

    // The strip shows the stored thumbnail through its signed URL; the large view shows the stored image.
    const stripThumbnail = dialog
      .getByRole('group', { name: 'Images of this instrument' })
      .getByRole('button', { name: 'Show pump.png (default image)' })
      .getByRole('img', { name: 'pump.png' });
    await expect.poll(() => loadedWidth(stripThumbnail)).toBe(100);
    const large = dialog.getByRole('img', { name: 'pump.png' }).first();
    await expect.poll(() => loadedWidth(large)).toBe(400);
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);

    const [stored] = await imagesOf(equipmentId);
    expect(stored).toMatchObject({ file_name: 'pump.png', is_default: true, bucket_name: 'portal-equipment' });
    expect(stored!.thumbnail_key).toMatch(/\/Equipment\/[0-9a-f]+\.png$/);

    // Closed, the inventory shows the thumbnail in the row's serial cell.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    const rowThumbnail = page.locator('.inventory-serial-cell img').first();
    await expect.poll(() => loadedWidth(rowThumbnail)).toBe(100);
    await context.close();
  });

  it('makes another image the default and deletes one after confirmation', async () => {
    const { context, page, equipmentId } = await openInventory();
    await server.database.db.deleteFrom('equipment_images').where('equipment_id', '=', equipmentId).execute();
    const dialog = await openImages(page, equipmentId);
    for (const [name, colour] of [
      ['first.png', [200, 0, 0]],
      ['second.png', [0, 160, 0]],
    ] as const) {
      await dialog.getByRole('tab', { name: 'Upload image' }).click();
      await dialog
        .getByLabel('Image file')
        .setInputFiles({ name, mimeType: 'image/png', buffer: png(240, 120, [...colour]) });
      await dialog.getByRole('img', { name: `Thumbnail of ${name}` }).waitFor();
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.getByRole('button', { name: new RegExp(`^Show ${name}`) }).waitFor();
    }
    // The first upload became the default; the new one is shown.
    await dialog.getByRole('button', { name: 'Show first.png (default image)' }).waitFor();
    await dialog.getByRole('button', { name: 'Set as default' }).click();
    await page.getByText('The default image has been changed.').waitFor();
    await dialog.getByRole('button', { name: 'Show second.png (default image)' }).waitFor();
    expect((await imagesOf(equipmentId)).map((i) => [i.file_name, i.is_default])).toEqual([
      ['first.png', false],
      ['second.png', true],
    ]);

    // Deleting the default asks first; the remaining image becomes the default.
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete the image second.png? It cannot be restored.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await imagesOf(equipmentId)).toHaveLength(2);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('The image has been deleted.').waitFor();
    await dialog.getByRole('button', { name: 'Show first.png (default image)' }).waitFor();

    // Deleting the last image leaves the empty state.
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByText('No images yet').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    expect(await imagesOf(equipmentId)).toEqual([]);
    await context.close();
  });

  it('refuses a wrong type, a file over 5 MB, a second file, and a file that is no image, uploading nothing', async () => {
    const { context, page, equipmentId } = await openInventory();
    const traffic = imageTraffic(page);
    const dialog = await openImages(page, equipmentId);
    await dialog.getByRole('tab', { name: 'Upload image' }).click();
    const input = dialog.getByLabel('Image file');
    const alert = dialog.getByRole('alert');

    await input.setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await alert.getByText('This file type is not supported.').waitFor();

    const large = Buffer.concat([png(16, 16), Buffer.alloc(5 * 1024 * 1024)]);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: large });
    await alert.getByText('The file must not be larger than 5 MB.').waitFor();

    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await alert.getByText('This file type is not supported.').waitFor();

    await input.setInputFiles({ name: 'one.png', mimeType: 'image/png', buffer: png(50, 50) });
    await dialog.getByRole('img', { name: 'Preview of one.png' }).waitFor();
    await input.setInputFiles({ name: 'two.png', mimeType: 'image/png', buffer: png(50, 50) });
    await alert.getByText('You can attach no more than 1 file(s).').waitFor();
    await dialog.getByRole('img', { name: 'Preview of one.png' }).waitFor();

    // A chosen image not uploaded is unsaved: closing asks first.
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('The chosen image has not been uploaded. Close anyway and discard it?').waitFor();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByRole('img', { name: 'Preview of one.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(traffic).toEqual([]);
    await context.close();
  });

  it('pages the strip five thumbnails at a time', async () => {
    const { context, page, equipmentId } = await openInventory();
    await server.database.db.deleteFrom('equipment_images').where('equipment_id', '=', equipmentId).execute();
    // Seven images registered through the API as the browser would: upload both files, then register them.
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const upload = async (fileName: string, bytes: Buffer) => {
      const target = await uploadThroughSignedUrl(server.app, client, {
        fileName,
        contentType: 'image/png',
        fileType: 'EquipmentImage',
        bytes,
      });
      return { resourceKey: target.resourceKey, bucketName: target.bucketName };
    };
    const names = Array.from({ length: 7 }, (_, i) => `photo-${i + 1}.png`);
    const addList = [];
    for (const name of names) {
      addList.push({
        fileName: name,
        imageIdentifier: await upload(name, png(200, 100)),
        thumbnailIdentifier: await upload(name, png(100, 50)),
      });
    }
    const registered = await client.equipment.updateImages({
      params: { id: equipmentId },
      body: { addList, deleteList: [] },
    });
    expect(registered.body).toMatchObject({ errorCode: 0 });
    await page.reload();
    await expect.poll(() => loadedWidth(page.locator('.inventory-serial-cell img').first())).toBe(100);
    // Signed URLs of what the dialog shows are asked for together.
    const batches: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/Storage/downloadUrls') {
        batches.push((r.postDataJSON() as { files: unknown[] }).files.length);
      }
    });

    const dialog = await openImages(page, equipmentId);
    const strip = dialog.getByRole('group', { name: 'Images of this instrument' });
    const shown = () => strip.getByRole('button', { name: /^Show / }).count();
    await strip.getByRole('button', { name: 'Show photo-1.png (default image)' }).waitFor();
    await expect.poll(shown).toBe(5);
    await expect
      .poll(() => loadedWidth(strip.getByRole('button', { name: 'Show photo-5.png' }).getByRole('img')))
      .toBe(100);
    // The large image and the strip's thumbnails not already cached by the grid row: one request.
    expect(batches).toEqual([5]);
    await strip.getByText('1 of 2').waitFor();
    await expect.poll(() => strip.getByRole('button', { name: 'Previous images' }).isDisabled()).toBe(true);
    await strip.getByRole('button', { name: 'Next images' }).click();
    await strip.getByText('2 of 2').waitFor();
    await expect.poll(shown).toBe(2);
    await expect.poll(() => strip.getByRole('button', { name: 'Next images' }).isDisabled()).toBe(true);
    await strip.getByRole('button', { name: 'Show photo-7.png' }).click();
    await expect
      .poll(() => strip.getByRole('button', { name: 'Show photo-7.png' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => loadedWidth(dialog.getByRole('img', { name: 'photo-7.png' }).first())).toBe(200);
    await strip.getByRole('button', { name: 'Previous images' }).click();
    await strip.getByText('1 of 2').waitFor();
    await context.close();
  });

  it('the official image tab shows an empty state when the catalogue has no picture', async () => {
    const { context, page, equipmentId } = await openInventory();
    const dialog = await openImages(page, equipmentId);
    await dialog.getByRole('tab', { name: 'Official image' }).click();
    await dialog.getByText('No official image').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await context.close();
  });
});
