import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openInstrumentAs } from '../support/inventoryPage';
import { newPortalContext } from '../support/portalContext';
import { axeViolations } from '../support/axe';
import { signInByRequest, startE2e, stopE2e, type E2eServer } from '../support/e2e';

/**
 * The event-sourced client: a change made in one browser reaches the open pages of the same customer through the
 * hub (no polling, no reload), and never a page of another customer.
 */
let server: E2eServer;
let browser: Browser;
const db = () => server.database.db;
beforeAll(async () => {
  ({ server, browser } = await startE2e());
});
afterAll(() => stopE2e({ server, browser }));

/** The hub frames a page receives, as text. */
function hubFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  return frames;
}
const domainEvents = (frames: string[]) => frames.filter((f) => f.includes('"type":"domainEvent"'));

/** A change through the API in a signed-in browser context, as the portal makes it. */
async function call(context: BrowserContext, method: 'PUT' | 'POST', path: string, data: unknown) {
  const xsrf = (await context.cookies(server.url)).find((c) => c.name.endsWith('XSRF-TOKEN'))?.value ?? '';
  return context.request.fetch(`${server.url}${path}`, { method, data, headers: { 'x-xsrf-token': xsrf } });
}

/** Marks the page, so a test can tell that it was not reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded);

async function signedInContext(email: string) {
  const context = await newPortalContext(browser);
  await signInByRequest(context, server.url, email);
  return context;
}

describe('live updates', () => {
  it("an EHS change saved by a colleague shows on an open instrument page; another customer's page hears nothing", async () => {
    const acme = await db()
      .selectFrom('customers')
      .select('id')
      .where('name', '=', 'Acme Labs')
      .executeTakeFirstOrThrow();
    const instrument = await db()
      .selectFrom('equipment')
      .select(['id', 'lock_tag_out'])
      .where('customer_id', '=', acme.id)
      .where('is_hidden', '=', false)
      .where((eb) => eb.or([eb('lock_tag_out', 'is', null), eb('lock_tag_out', '!=', 'required')]))
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const stranger = await signedInContext('user@globex.example');
    const strangerPage = await stranger.newPage();
    const strangerFrames = hubFrames(strangerPage);
    await strangerPage.goto(`${server.url}/app/product`);
    await strangerPage.waitForURL('**/app/product');

    let frames: string[] = [];
    const colleague = await openInstrumentAs(browser, server.url, 'user@acme-labs.example', instrument.id, {
      beforeOpen: (page) => (frames = hubFrames(page)),
    });
    const page = colleague.page;
    await page.getByRole('tab', { name: 'Instrument' }).waitFor();
    await page.getByRole('button', { name: 'EHS data', exact: true }).click();
    const section = page.getByRole('region', { name: 'EHS data' });
    await section.waitFor();
    expect(await section.getByText('Required', { exact: true }).count()).toBe(0);
    await expect.poll(() => frames.some((f) => f.includes('"type":"domainEventCursor"'))).toBe(true);
    await mark(page);

    const admin = await signedInContext('admin@acme-labs.example');
    const saved = await call(admin, 'PUT', `/api/Equipment/${instrument.id}/ehs`, {
      equipmentId: instrument.id,
      machineGuarding: 'interlockedGuard',
      energyHazard: 'electrical',
      lockTagOut: 'required',
      chemicalHazards: 'na',
      biosafetyHazards: 'bsl2',
      radiologicalHazards: 'none',
      locked: null,
    });
    expect(saved.status()).toBe(200);

    await section.getByText('Required', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await stillMarked(page)).toBe(true);
    expect(domainEvents(frames)).toHaveLength(1);
    expect(JSON.parse(domainEvents(frames)[0]!)).toMatchObject({
      entityType: 'equipment',
      entityId: String(instrument.id),
      eventType: 'equipment.ehsUpdated',
    });
    // The stranger's page is connected (it had its cursor) and hears nothing of Acme.
    await expect.poll(() => strangerFrames.some((f) => f.includes('"type":"domainEventCursor"'))).toBe(true);
    await page.waitForTimeout(500);
    expect(domainEvents(strangerFrames)).toEqual([]);
    await Promise.all([colleague.close(), stranger.close(), admin.close()]);
  });

  it('a reservation made by a colleague appears on an open calendar without a reload', async () => {
    const context = await signedInContext('user@acme-labs.example');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1600, height: 1000 });
    const frames = hubFrames(page);
    await page.goto(`${server.url}/app/calendar`);
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('button', { name: 'Next day' }).click();
    const row = page.getByRole('group', { name: /^AG/ }).first();
    await row.waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Today', exact: true }).isEnabled()).toBe(true);
    const serial = (await row.getAttribute('aria-label'))!.split(' – ')[0]!;
    const instrument = await db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Acme Labs')
      .where('equipment.serial', '=', serial)
      .executeTakeFirstOrThrow();
    const blocks = row.getByRole('button', { name: /^Reservation by / });
    const before = await blocks.count();
    await expect.poll(() => frames.some((f) => f.includes('"type":"domainEventCursor"'))).toBe(true);
    await mark(page);

    const manager = await signedInContext('manager@acme-labs.example');
    let made = false;
    for (const hour of [20, 21, 22, 6, 7]) {
      const start = dayjs().add(1, 'day').hour(hour).minute(0).second(0).millisecond(0);
      const res = await call(manager, 'POST', `/api/Equipment/${instrument.id}/reservation`, {
        startDate: start.toISOString(),
        endDate: start.add(30, 'minute').toISOString(),
        comments: 'Made in another browser',
      });
      const body = (await res.json()) as { errorCode: number };
      if (body.errorCode === 0) {
        made = true;
        break;
      }
    }
    expect(made).toBe(true);
    await expect.poll(() => blocks.count(), { timeout: 10_000 }).toBe(before + 1);
    expect(await stillMarked(page)).toBe(true);
    expect(domainEvents(frames).some((f) => f.includes('"entityType":"reservation"'))).toBe(true);
    await Promise.all([context.close(), manager.close()]);
  });
});
