import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { axeViolations } from '../support/axe';
import { openInventoryAs } from '../support/inventoryPage';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const NAME = 'Calibration certificate.pdf';

/** The id of the equipment in the first row of the inventory grid. */
async function firstEquipmentId(page: Page): Promise<number> {
  const firstRowMenu = page.locator('[data-testid^="row-actions-"]').first();
  await firstRowMenu.waitFor();
  return Number((await firstRowMenu.getAttribute('data-testid'))!.replace('row-actions-', ''));
}

/**
 * The documents column's "add or view" button of an equipment (`data-testid="documents-<equipmentId>"`); the column
 * is the grid's last, so the grid is scrolled to its right edge first.
 */
async function documentsButton(page: Page, equipmentId: number): Promise<Locator> {
  const button = page.getByTestId(`documents-${equipmentId}`).first();
  await expect
    .poll(async () => {
      await page
        .locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
        .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      return button.isVisible();
    })
    .toBe(true);
  return button;
}

const documentCount = async (equipmentId: number) =>
  (
    await server.database.db
      .selectFrom('equipment')
      .select('document_count')
      .where('id', '=', equipmentId)
      .executeTakeFirstOrThrow()
  ).document_count;

describe('documents of an equipment', () => {
  it('uploads a document, shows the count, deletes it to Deleted items and restores it', async () => {
    const { context, page } = await openInventoryAs(browser, server.url);
    const equipmentId = await firstEquipmentId(page);
    expect(await documentCount(equipmentId)).toBe(0);

    // The row menu opens the document viewer.
    await page.getByTestId(`row-actions-${equipmentId}`).click();
    await page.getByRole('menuitem', { name: 'Documents' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tablist') });
    await dialog.getByRole('tab', { name: 'Documents (0)' }).waitFor();
    await dialog.getByText('No documents yet').waitFor();
    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    const picker = dialog.getByLabel('Upload documents');

    // A file of another type is refused before anything is uploaded.
    await picker.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await dialog
      .getByRole('alert')
      .getByText('"setup.exe" was not uploaded: This file type is not supported.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Dismiss' }).click();

    // A PDF uploads by itself and the count follows, in the tab and on the server.
    await picker.setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Documents uploaded: 1.').waitFor();
    await dialog.getByRole('tab', { name: 'Documents (1)' }).waitFor();
    await dialog.getByRole('button', { name: NAME, exact: true }).waitFor();
    expect(await documentCount(equipmentId)).toBe(1);

    // The same name again is a new version of the same document.
    await picker.setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: Buffer.concat([PDF, PDF]) });
    await page.getByText('Documents uploaded: 1.').nth(1).waitFor();
    await dialog
      .getByRole('button', { name: `Version history of ${NAME}` })
      .getByText('2')
      .waitFor();
    await dialog.getByRole('tab', { name: 'Documents (1)' }).waitFor();
    await dialog.getByRole('button', { name: `Version history of ${NAME}` }).click();
    const versions = page.getByRole('table', { name: `Versions of ${NAME}` });
    await versions.waitFor();
    await expect.poll(() => versions.locator('tbody tr').count()).toBe(2);
    await page.keyboard.press('Escape');

    // Download saves the file under its own name.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: `Download ${NAME}` }).click();
    expect((await download).suggestedFilename()).toBe(NAME);

    // Delete asks first, then moves the document to Deleted items.
    await dialog.getByRole('button', { name: `Delete ${NAME}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete "${NAME}"? It moves to Deleted items, where you can restore it.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`"${NAME}" has been moved to Deleted items.`).waitFor();
    await dialog.getByRole('tab', { name: 'Documents (0)' }).waitFor();
    await dialog.getByRole('tab', { name: 'Deleted items (1)' }).click();
    await dialog.getByRole('button', { name: NAME, exact: true }).waitFor();
    expect(await documentCount(equipmentId)).toBe(0);

    // Restore brings it back.
    await dialog.getByRole('button', { name: `Restore ${NAME}` }).click();
    await page.getByText(`"${NAME}" has been restored.`).waitFor();
    await dialog.getByRole('tab', { name: 'Deleted items (0)' }).waitFor();
    await dialog.getByRole('tab', { name: 'Documents (1)' }).click();
    await dialog.getByRole('button', { name: NAME, exact: true }).waitFor();
    expect(await documentCount(equipmentId)).toBe(1);

    // The grid's documents column shows the count the server keeps.
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    const button = await documentsButton(page, equipmentId);
    await expect.poll(async () => (await button.innerText()).trim()).toBe('1');
    await button.click();
    await page.getByRole('tab', { name: 'Documents (1)' }).waitFor();
    await context.close();
  });
});
