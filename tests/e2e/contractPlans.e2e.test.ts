import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { EquipmentDetail } from '../../contract/equipment';
import { axeViolations } from '../support/axe';
import { closeWithEscape, signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';
import { newPortalContext } from '../support/portalContext';

/*
 * The service plan comparison (spec 3 sections 2 and 3, spec 2 "Modals"): opened from the instrument page, two
 * comparison tables and their tips, in the user's language.
 */

let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

const titleOf = (e: EquipmentDetail) => [e.mfg, e.model, e.serial, e.systemNickName].filter(Boolean).join(' - ');

/** The first instrument on the list of the user with this e-mail. */
async function instrumentOf(email: string): Promise<number> {
  const row = await server.database.db
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .innerJoin('users', 'users.id', 'user_equipment.user_id')
    .select('equipment.id')
    .where('users.email', '=', email)
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Signed in as `email`, on the instrument page once its title is there. */
async function openInstrumentPage(email: string) {
  const id = await instrumentOf(email);
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  const page = await context.newPage();
  const answer = await context.request.get(`${server.url}/api/Equipment/${id}?otherComponent=true`);
  const { result } = (await answer.json()) as { result: EquipmentDetail };
  await page.goto(`${server.url}/app/product/equipmentDetail/${id}`);
  await page.getByRole('heading', { level: 1, name: titleOf(result), exact: true }).waitFor();
  return { context, page };
}

async function openComparison(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((s) => s.trim()));

/** The cells of the row whose header is `label`. */
const rowCells = (table: Locator, label: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: label }) })
    .getByRole('cell');

describe('service plan comparison', () => {
  it('compares the recommended and the additional plans, with booleans and footnotes a screen reader can read', async () => {
    const { context, page } = await openInstrumentPage('user@acme-labs.example');
    const dialog = await openComparison(page, 'Compare contract plans', 'Service plan comparison');

    const recommended = dialog.getByRole('table', { name: 'Recommended plans' });
    await recommended.getByRole('columnheader', { name: 'Platinum', exact: true }).waitFor();
    expect(await texts(recommended.getByRole('columnheader'))).toEqual(['Plan contents', 'Platinum', 'Gold', 'Bronze']);
    expect(await recommended.getByRole('rowheader').count()).toBe(11);
    expect(await texts(rowCells(recommended, 'Response time'))).toEqual([
      'Remote response within 4 hours',
      'On-site within 3 business days',
      'On-site within 3 to 5 business days',
    ]);
    expect(await texts(rowCells(recommended, 'Discount on training'))).toEqual(['20% off', '15% off', '10% off']);
    const manager = rowCells(recommended, 'Assigned account manager');
    expect(await manager.nth(0).getByRole('img', { name: 'Included', exact: true }).count()).toBe(1);
    expect(await manager.nth(1).getByRole('img', { name: 'Not included', exact: true }).count()).toBe(1);

    const additional = dialog.getByRole('table', { name: 'Additional plans' });
    expect(await texts(additional.getByRole('columnheader'))).toEqual([
      'Plan contents',
      'Fundamental',
      'Preventive maintenance',
      'Remote plus',
    ]);
    expect(await texts(rowCells(additional, 'Discount on billable service'))).toEqual([
      '10% off',
      '10% off',
      '10% off',
    ]);
    expect(await dialog.getByRole('list').nth(0).getByRole('listitem').count()).toBe(9);
    expect(await dialog.getByRole('list').nth(1).getByRole('listitem').count()).toBe(9);

    // The starred entry: Remote plus's preventive maintenance leads to the tip that explains it.
    const remoteCheckups = rowCells(additional, 'Preventive maintenance visits').nth(2);
    expect(await remoteCheckups.innerText()).toContain('Remote check-ups');
    await remoteCheckups.getByRole('link', { name: 'Note 5' }).click();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('remote check-up'));
    expect(page.url()).not.toContain('#');

    expect(await axeViolations(page, '.bp6-dialog')).toEqual([]);
    await closeWithEscape(page, dialog);
    await context.close();
  });

  it('speaks German to a German user, and closes with its button', async () => {
    const email = 'manager@acme-labs.example';
    await server.database.db.updateTable('users').set({ language_code: 'de' }).where('email', '=', email).execute();
    const { context, page } = await openInstrumentPage(email);
    const dialog = await openComparison(page, 'Vertragspläne vergleichen', 'Vergleich der Servicepläne');

    const recommended = dialog.getByRole('table', { name: 'Empfohlene Pläne' });
    await recommended.getByRole('columnheader', { name: 'Platin', exact: true }).waitFor();
    expect(await texts(recommended.getByRole('columnheader'))).toEqual(['Leistungen', 'Platin', 'Gold', 'Bronze']);
    expect(await texts(rowCells(recommended, 'Reaktionszeit'))).toEqual([
      'Fernreaktion innerhalb von 4 Stunden',
      'Vor Ort innerhalb von 3 Werktagen',
      'Vor Ort innerhalb von 3 bis 5 Werktagen',
    ]);
    const manager = rowCells(recommended, 'Persönlicher Kundenbetreuer');
    expect(await manager.nth(0).getByRole('img', { name: 'Enthalten', exact: true }).count()).toBe(1);
    expect(await manager.nth(2).getByRole('img', { name: 'Nicht enthalten', exact: true }).count()).toBe(1);

    const additional = dialog.getByRole('table', { name: 'Weitere Pläne' });
    expect(await texts(additional.getByRole('columnheader'))).toEqual([
      'Leistungen',
      'Basis',
      'Vorbeugende Wartung',
      'Fernservice Plus',
    ]);
    expect(await texts(rowCells(additional, 'Rabatt auf kostenpflichtige Serviceleistungen'))).toEqual([
      '10 % Rabatt',
      '10 % Rabatt',
      '10 % Rabatt',
    ]);
    await dialog.getByRole('heading', { name: 'Hinweise' }).first().waitFor();

    // The footer's button (the header's close button has the same name).
    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Schließen', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
