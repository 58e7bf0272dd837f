import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EventSummary, Utilization, UtilizationEvent } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { periodsOf } from '../../api-mock/src/utilization/periods';
import { recordUtilizationEvents } from '../../api-mock/src/utilization/record';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let globex: InjectClient;
let acme: InjectClient;
let globexId: number;
let monitored: { equipment_id: number; system_id: string };
let requestedId: number;
let unmonitoredId: number;
let acmeInstrument: number;
const db = () => server.database.db;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startApiServer();
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  acme = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globexId = (
    await db().selectFrom('customers').select('id').where('name', '=', 'Globex Corporation').executeTakeFirstOrThrow()
  ).id;
  monitored = await db()
    .selectFrom('asset_monitors as m')
    .innerJoin('equipment as e', 'e.id', 'm.equipment_id')
    .select(['m.equipment_id', sql<string>`e.system_id`.as('system_id')])
    .where('m.status', '=', 'monitored')
    .where('m.conn_status', '=', 'Connected')
    .orderBy('m.equipment_id')
    .executeTakeFirstOrThrow();
  requestedId = (
    await db()
      .selectFrom('asset_monitors')
      .select('equipment_id')
      .where('status', '=', 'requested')
      .executeTakeFirstOrThrow()
  ).equipment_id;
  unmonitoredId = (
    await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', globexId)
      .where('is_hidden', '=', false)
      .where('id', 'not in', db().selectFrom('asset_monitors').select('equipment_id'))
      .executeTakeFirstOrThrow()
  ).id;
  acmeInstrument = (
    await db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Acme Labs')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => server.close());

const asset = (client: InjectClient, equipmentId: number, filter = 12) =>
  client.equipment.utilizationAsset({ body: {}, query: { equipmentId, filter } });

/** Hours per period straight from the events, to hold the per-day table to. */
async function hoursFromEvents(equipmentId: number, start: string, end: string) {
  const row = await sql<{ util: number; serv: number }>`
    select coalesce(sum(extract(epoch from least(end_time, (${end}::date + 1)::timestamp at time zone 'UTC')
             - greatest(start_time, ${start}::date::timestamp at time zone 'UTC')) / 3600)
             filter (where kind = 'run'), 0)::float8 as util,
           coalesce(sum(extract(epoch from least(end_time, (${end}::date + 1)::timestamp at time zone 'UTC')
             - greatest(start_time, ${start}::date::timestamp at time zone 'UTC')) / 3600)
             filter (where kind <> 'run'), 0)::float8 as serv
    from utilization_events
    where equipment_id = ${equipmentId}
      and start_time < (${end}::date + 1)::timestamp at time zone 'UTC'
      and end_time > ${start}::date::timestamp at time zone 'UTC'`.execute(db());
  return row.rows[0]!;
}

describe('POST Equipment/agAssetDataAndEventSummary', () => {
  it('answers the asset data and 12 monthly periods whose hours are those of the events', async () => {
    const res = resultOf<{ assetUtilization: Utilization; assetRequested: boolean }>(
      await asset(globex, monitored.equipment_id),
    );
    const u = res.assetUtilization;
    expect(res.assetRequested).toBe(false);
    expect(u).toMatchObject({
      id: monitored.equipment_id,
      dateRangeSelect: 12,
      connStatus: 'Connected',
      endDate: today(),
    });
    expect(u.assetUrlTemplate).toContain('{assetId}');
    expect(u.eventSummary).toHaveLength(12);
    expect(u.eventSummary.map((p) => p.startDate)).toEqual(periodsOf(12, today()).map((p) => p.start));
    for (const period of u.eventSummary.slice(-3)) {
      const expected = await hoursFromEvents(monitored.equipment_id, period.startDate, period.endDate);
      expect(period.utilSum).toBeCloseTo(expected.util, 2);
      expect(period.servSum).toBeCloseTo(expected.serv, 2);
      const days = (Date.parse(period.endDate) - Date.parse(period.startDate)) / 86_400_000 + 1;
      expect(period.utilAvg).toBeCloseTo(period.utilSum / days, 3);
      expect(period.utilPerc).toBeCloseTo((period.utilSum / (days * 24)) * 100, 3);
    }
    expect(u.eventSummary.reduce((sum, p) => sum + p.utilSum, 0)).toBeGreaterThan(100);
  });

  it.each([
    [0, 7],
    [1, periodsOf(1, new Date().toISOString().slice(0, 10)).length],
    [6, 6],
  ])('range %i has %i periods', async (range, count) => {
    const res = resultOf<{ assetUtilization: Utilization }>(await asset(globex, monitored.equipment_id, range));
    expect(res.assetUtilization.eventSummary).toHaveLength(count);
    expect(res.assetUtilization.eventSummary.at(-1)!.endDate).toBe(today());
  });

  it('says whether monitoring was requested when there is no data', async () => {
    expect(resultOf(await asset(globex, requestedId))).toEqual({ assetUtilization: null, assetRequested: true });
    expect(resultOf(await asset(globex, unmonitoredId))).toEqual({ assetUtilization: null, assetRequested: false });
  });

  it("refuses a customer without an asset-monitoring site (403) and answers 10002 for another customer's instrument", async () => {
    expect((await asset(acme, acmeInstrument)).status).toBe(403);
    const foreign = await asset(globex, acmeInstrument);
    expect(foreign.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
  });

  it('refuses a range outside 0, 1, 6 and 12, and a bad id, with 400', async () => {
    expect((await asset(globex, monitored.equipment_id, 3)).status).toBe(400);
    expect((await asset(globex, 0)).status).toBe(400);
  });
});

describe('POST Equipment/agEventSummary', () => {
  it('answers the same periods as the asset call', async () => {
    const summary = resultOf<EventSummary>(
      await globex.equipment.utilizationSummary({
        body: {},
        query: { equipmentId: monitored.equipment_id, filter: 6 },
      }),
    );
    const full = resultOf<{ assetUtilization: Utilization }>(await asset(globex, monitored.equipment_id, 6));
    expect(summary.eventSummary).toEqual(full.assetUtilization.eventSummary);
    expect(
      (await acme.equipment.utilizationSummary({ body: {}, query: { equipmentId: acmeInstrument, filter: 6 } })).status,
    ).toBe(403);
  });

  it('counts an overnight run on both days, split at midnight UTC', async () => {
    const [equipment] = await db()
      .selectFrom('equipment')
      .select(['id', 'system_id'])
      .where('customer_id', '=', globexId)
      .where('id', 'not in', db().selectFrom('asset_monitors').select('equipment_id'))
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000);
    await recordUtilizationEvents(db(), [
      {
        customer_id: globexId,
        equipment_id: equipment!.id,
        system_id: 'SYS-OVERNIGHT',
        kind: 'run',
        start_time: new Date(yesterday.getTime() - 2 * 3_600_000),
        end_time: new Date(yesterday.getTime() + 3 * 3_600_000),
        hours: 5,
      },
    ]);
    const summary = resultOf<EventSummary>(
      await globex.equipment.utilizationSummary({ body: {}, query: { equipmentId: equipment!.id, filter: 0 } }),
    );
    const [dayBefore, dayOf] = summary.eventSummary.slice(-3, -1);
    expect(dayBefore!.utilSum).toBe(2);
    expect(dayOf!.utilSum).toBe(3);
    expect(dayOf!.utilPerc).toBe(12.5);
  });
});

describe('POST Equipment/agEventFilterList and agEventList', () => {
  const lastMonth = () => {
    const end = new Date(`${today()}T00:00:00Z`);
    return { start: new Date(end.getTime() - 30 * 86_400_000).toISOString(), end: end.toISOString() };
  };
  const page = (client: InjectClient, body: Record<string, unknown>) =>
    client.equipment.utilizationEvents({
      body: {
        pageIndex: 0,
        pageSize: 10,
        startDate: lastMonth().start,
        endDate: lastMonth().end,
        systemId: monitored.system_id,
        customerId: globexId,
        ...body,
      } as never,
    });

  it('pages the runs of the period, sorted, with a total', async () => {
    const first = resultOf<{ items: UtilizationEvent[]; totalCount: number }>(
      await page(globex, { sortField: 'hours', sortDesc: true }),
    );
    expect(first.items).toHaveLength(10);
    expect(first.totalCount).toBeGreaterThan(20);
    const hours = first.items.map((e) => e.hours);
    expect(hours).toEqual([...hours].sort((a, b) => b - a));
    const all = resultOf<UtilizationEvent[]>(
      await globex.equipment.utilizationEventList({
        body: {},
        query: {
          systemId: monitored.system_id,
          customerId: globexId,
          startDate: lastMonth().start,
          endDate: lastMonth().end,
        },
      }),
    );
    expect(all).toHaveLength(first.totalCount);
  });

  it('filters by picked values and by full text', async () => {
    const any = resultOf<{ items: UtilizationEvent[] }>(await page(globex, {})).items.find((e) => e.method)!;
    const byMethod = resultOf<{ items: UtilizationEvent[]; totalCount: number }>(
      await page(globex, { filter: { method: [any.method!] }, pageSize: 100 }),
    );
    expect(byMethod.totalCount).toBeGreaterThan(0);
    expect(byMethod.items.every((e) => e.method === any.method)).toBe(true);
    const searched = resultOf<{ items: UtilizationEvent[]; totalCount: number }>(
      await page(globex, { fullTextSearch: any.method!.slice(0, 8).toLowerCase(), pageSize: 100 }),
    );
    expect(searched.totalCount).toBeGreaterThanOrEqual(byMethod.totalCount);
    const nothing = resultOf<{ totalCount: number }>(await page(globex, { fullTextSearch: '%_\\' }));
    expect(nothing.totalCount).toBe(0);
  });

  it("refuses another customer's id, a customer without a site, bad fields and periods", async () => {
    expect((await page(globex, { customerId: globexId + 1 })).status).toBe(403);
    expect((await page(acme, { customerId: globexId })).status).toBe(403);
    expect((await page(globex, { sortField: 'password' })).status).toBe(400);
    expect((await page(globex, { filter: { hours: ['1'] } })).status).toBe(400);
    expect((await page(globex, { endDate: lastMonth().start, startDate: lastMonth().end })).status).toBe(400);
    expect((await page(globex, { startDate: '2020-01-01T00:00:00.000Z' })).status).toBe(400);
    expect((await page(globex, { pageSize: 100_000 })).status).toBe(400);
    const other = await page(globex, { systemId: 'NOT-A-SYSTEM' });
    expect(resultOf<{ totalCount: number }>(other).totalCount).toBe(0);
  });
});
