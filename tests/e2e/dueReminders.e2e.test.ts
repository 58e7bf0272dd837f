import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { newPortalContext } from '../support/portalContext';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

dayjs.extend(localizedFormat);

/**
 * Issue 38 "Due dates and reminders": the welcome page lists what is overdue or due within 30 days, the calendar
 * shows due dates beside its service visits, and My Account has the weekly digest switch.
 */
let server: E2eServer;
let browser: Browser;
const USER = 'user@acme-labs.example';
const CALIBRATION = 9;
const MAINTENANCE = 1;

interface Instrument {
  id: number;
  serial: string;
  label: string;
}
/** Instruments on the user's list without work orders: their due dates follow the installation date alone. */
let instruments: Instrument[] = [];

async function dueIn(instrument: Instrument, type: number, days: number) {
  const db = server.database.db;
  const due = dayjs().startOf('day').add(days, 'day');
  await db
    .updateTable('equipment')
    .set({ inst_date: due.subtract(12, 'month').format('YYYY-MM-DD') })
    .where('id', '=', instrument.id)
    .execute();
  const { customer_id } = await db
    .selectFrom('equipment')
    .select('customer_id')
    .where('id', '=', instrument.id)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('service_intervals')
    .values({ equipment_id: instrument.id, service_call_type: type, customer_id, interval_months: 12 })
    .onConflict((oc) => oc.columns(['equipment_id', 'service_call_type']).doUpdateSet({ interval_months: 12 }))
    .execute();
  return due;
}

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  const db = server.database.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', USER)
    .executeTakeFirstOrThrow();
  // The customer's only due dates are the test's own: the demo world's intervals go.
  await db.deleteFrom('service_intervals').where('customer_id', '=', user.customer_id).execute();
  const rows = await db
    .selectFrom('equipment')
    .innerJoin('user_equipment', 'user_equipment.equipment_id', 'equipment.id')
    .select(['equipment.id', 'equipment.serial', 'equipment.mfg', 'equipment.model', 'equipment.system_nick_name'])
    .where('user_equipment.user_id', '=', user.id)
    .where('equipment.serial', 'is not', null)
    .where('equipment.is_hidden', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('service_calls').select('id').whereRef('service_calls.equipment_id', '=', 'equipment.id'))),
    )
    .orderBy('equipment.id')
    .limit(7)
    .execute();
  expect(rows).toHaveLength(7);
  instruments = rows.map((r) => ({
    id: r.id,
    serial: r.serial!,
    label: [r.serial, r.system_nick_name || [r.mfg, r.model].filter(Boolean).join(' ')].filter(Boolean).join(' – '),
  }));
  await dueIn(instruments[0]!, CALIBRATION, -3);
  await dueIn(instruments[1]!, MAINTENANCE, 5);
  for (const [i, instrument] of instruments.slice(2).entries()) await dueIn(instrument, CALIBRATION, 6 + i);
});
afterAll(() => stopE2e({ server, browser }));

async function openAs(path: string, opts: { width?: number; locale?: string } = {}) {
  const context = await newPortalContext(browser, { locale: opts.locale });
  await signInByRequest(context, server.url, USER);
  const page = await context.newPage();
  await page.setViewportSize({ width: opts.width ?? 1280, height: 900 });
  await page.goto(`${server.url}${path}`);
  return { context, page };
}

describe('due dates and reminders', () => {
  it('the welcome page lists what is overdue or due soon, overdue marked, five at a time with "Show more"', async () => {
    const { context, page } = await openAs('/app/welcome');
    await page.waitForURL('**/app/welcome');
    const section = page.getByRole('region', { name: 'Due soon' });
    const list = section.getByRole('list', { name: 'Due dates' });
    await list.getByRole('listitem').first().waitFor();
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(5);

    const first = items.first();
    expect(await first.getByRole('link').innerText()).toBe(instruments[0]!.label);
    expect(await first.innerText()).toContain('Calibration');
    expect(await first.innerText()).toContain('Overdue since');
    const second = items.nth(1);
    expect(await second.innerText()).toContain('Preventive maintenance');
    expect(await second.innerText()).not.toContain('Overdue');
    await expect.poll(() => section.getByText(/^5 of \d+$/).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => items.count()).toBe(7);

    // The instrument's link opens its page.
    await first.getByRole('link').click();
    await page.waitForURL(`**/app/product/equipmentDetail/${instruments[0]!.id}**`);
    await context.close();
  });

  it('the calendar shows a due date beside the service visits, as a link reached by keyboard', async () => {
    const target = instruments[1]!;
    const due = dayjs().startOf('day').add(5, 'day');
    const filter = encodeURIComponent(JSON.stringify({ serialNo: target.serial, systemNickName: '', systemID: '' }));
    const { context, page } = await openAs(`/app/calendar?date=${due.format('YYYY-MM-DD')}&filter=${filter}`);
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    // The calendar names a row by make and model before the nickname.
    const row = page.getByRole('group', { name: new RegExp(`^${target.serial} – `) });
    const entry = row.getByRole('link', {
      name: new RegExp(`^Preventive maintenance due for ${target.serial} – .+ on ${due.format('ll')}$`),
    });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Due');
    await entry.focus();
    expect(await entry.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/app/product/equipmentDetail/${target.id}**`);
    await context.close();
  });

  it('the weekly digest switch on My Account is saved and shown again after a reload', async () => {
    const { context, page } = await openAs('/app/userManagement/myAccount');
    await page.getByRole('heading', { name: 'Weekly digest of due work' }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Send me the weekly digest' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/DueDates/digestSetting') && r.request().method() === 'PUT',
    );
    await toggle.click({ force: true });
    expect((await saved).ok()).toBe(true);
    await page.getByText('You will no longer receive the weekly digest.').waitFor();

    await page.reload();
    const again = page.getByRole('switch', { name: 'Send me the weekly digest' });
    await again.waitFor();
    await expect.poll(() => again.isChecked()).toBe(false);
    await context.close();
  });
});
