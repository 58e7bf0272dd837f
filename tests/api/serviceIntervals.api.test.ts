import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import type { HistoryPage } from '../../contract/history';
import { FilterOperator, MAX_SELECTED_ROWS, OrderType } from '../../contract/listQuery';
import type { ServiceIntervals } from '../../contract/serviceIntervals';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

const CALIBRATION = 9;
const MAINTENANCE = 1;
const QUALIFICATION = 12;

let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let globexAdmin: InjectClient;
let acmeIds: number[];
let globexId: number;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globexAdmin = (await signedIn(server.app, 'admin@globex.example')).client;
  const ofCustomer = (name: string) =>
    db()
      .selectFrom('equipment')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', name)
      .where('equipment.is_hidden', '=', false)
      .orderBy('equipment.id', 'desc')
      .limit(40)
      .execute();
  acmeIds = (await ofCustomer('Acme Labs')).map((r) => r.id);
  globexId = (await ofCustomer('Globex Corporation'))[0]!.id;
  // Fresh instruments: no seeded intervals or work orders of the kinds the tests set.
  await db().deleteFrom('service_intervals').where('equipment_id', 'in', acmeIds).execute();
  await db()
    .deleteFrom('service_calls')
    .where('equipment_id', 'in', acmeIds)
    .where('service_call_type', 'in', [CALIBRATION, MAINTENANCE, QUALIFICATION])
    .execute();
});
afterAll(() => server.close());

let next = 0;
/** An Acme instrument of its own, installed on the given day. */
async function instrument(instDate: string | null): Promise<number> {
  const id = acmeIds[next++]!;
  await db().updateTable('equipment').set({ inst_date: instDate }).where('id', '=', id).execute();
  return id;
}

const intervalsOf = async (client: InjectClient, id: number) =>
  resultOf<ServiceIntervals>(await client.serviceIntervals.get({ params: { id } }));
const kindOf = (intervals: ServiceIntervals, kind: number) => intervals.items.find((i) => i.serviceCallType === kind)!;
const setIntervals = (client: InjectClient, id: number, intervals: unknown[]) =>
  client.serviceIntervals.set({ params: { id }, body: { intervals } as never });
const equipmentDates = (id: number) =>
  db()
    .selectFrom('equipment')
    .select(['next_calibration_due', 'next_maintenance_due'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

let orders = 0;
async function completeWorkOrder(equipmentId: number, kind: number, completedAt: string) {
  const customer = await db()
    .selectFrom('equipment')
    .select('customer_id')
    .where('id', '=', equipmentId)
    .executeTakeFirstOrThrow();
  return db()
    .insertInto('service_calls')
    .values({
      customer_id: customer.customer_id,
      equipment_id: equipmentId,
      service_order_no: `INTERVAL-${++orders}`,
      call_status: 'COMPLETE',
      job_type: 'Calibration',
      service_call_type: kind,
      date_time_call_complete: completedAt,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('the intervals of one instrument', () => {
  it('a manager sets calibration every 12 months: due a year after installation, on the instrument too', async () => {
    const id = await instrument('2025-03-10');
    const answer = resultOf<ServiceIntervals>(
      await setIntervals(manager, id, [{ serviceCallType: CALIBRATION, intervalMonths: 12 }]),
    );
    expect(kindOf(answer, CALIBRATION)).toEqual({
      serviceCallType: CALIBRATION,
      intervalMonths: 12,
      lastDone: null,
      nextDue: '2026-03-10',
    });
    expect(kindOf(answer, MAINTENANCE)).toMatchObject({ intervalMonths: null, nextDue: null });
    // A standard user reads what the manager set.
    expect(kindOf(await intervalsOf(user, id), CALIBRATION).nextDue).toBe('2026-03-10');
    expect(await equipmentDates(id)).toEqual({ next_calibration_due: '2026-03-10', next_maintenance_due: null });
  });

  it('31 January + 1 month is the end of February; 29 February + 12 months is 28 February', async () => {
    const january = await instrument('2024-01-31');
    const answer = resultOf<ServiceIntervals>(
      await setIntervals(manager, january, [{ serviceCallType: MAINTENANCE, intervalMonths: 1 }]),
    );
    expect(kindOf(answer, MAINTENANCE).nextDue).toBe('2024-02-29');
    await db().updateTable('equipment').set({ inst_date: '2025-01-31' }).where('id', '=', january).execute();
    expect(kindOf(await intervalsOf(user, january), MAINTENANCE).nextDue).toBe('2025-02-28');

    const leap = await instrument('2024-02-29');
    resultOf(await setIntervals(manager, leap, [{ serviceCallType: CALIBRATION, intervalMonths: 12 }]));
    expect(kindOf(await intervalsOf(user, leap), CALIBRATION).nextDue).toBe('2025-02-28');
    expect((await equipmentDates(leap)).next_calibration_due).toBe('2025-02-28');
  });

  it('a completed work order of the kind moves the due date; one of another kind does not', async () => {
    const id = await instrument('2020-05-15');
    resultOf(await setIntervals(manager, id, [{ serviceCallType: MAINTENANCE, intervalMonths: 6 }]));
    expect(kindOf(await intervalsOf(user, id), MAINTENANCE).nextDue).toBe('2020-11-15');

    await completeWorkOrder(id, CALIBRATION, '2026-01-20T10:00:00Z');
    expect(kindOf(await intervalsOf(user, id), MAINTENANCE).nextDue).toBe('2020-11-15');

    const done = await completeWorkOrder(id, MAINTENANCE, '2026-08-31T09:00:00Z');
    const after = await intervalsOf(user, id);
    expect(kindOf(after, MAINTENANCE)).toMatchObject({ lastDone: '2026-08-31', nextDue: '2027-02-28' });
    // The calibration has no interval, yet its last completion shows.
    expect(kindOf(after, CALIBRATION)).toMatchObject({ intervalMonths: null, lastDone: '2026-01-20', nextDue: null });
    expect((await equipmentDates(id)).next_maintenance_due).toBe('2027-02-28');

    // The order removed: back to the installation date.
    await db().deleteFrom('service_calls').where('id', '=', done.id).execute();
    expect(kindOf(await intervalsOf(user, id), MAINTENANCE).nextDue).toBe('2020-11-15');
  });

  it('an installation date edited through the instrument edit moves the due date', async () => {
    const id = await instrument('2025-06-30');
    resultOf(await setIntervals(manager, id, [{ serviceCallType: CALIBRATION, intervalMonths: 3 }]));
    expect(kindOf(await intervalsOf(user, id), CALIBRATION).nextDue).toBe('2025-09-30');
    const e = resultOf<Equipment>(await manager.equipment.detail({ params: { id }, query: {} } as never));
    resultOf(
      await manager.equipment.update({
        body: {
          equipmentId: id,
          locationId: e.location.locationId,
          mfg: e.mfg,
          model: e.model,
          instDate: '2025-11-30',
        },
      } as never),
    );
    expect(kindOf(await intervalsOf(user, id), CALIBRATION).nextDue).toBe('2026-02-28');
    // The edit and import bodies cannot write the due dates themselves.
    resultOf(
      await manager.equipment.update({
        body: {
          equipmentId: id,
          locationId: e.location.locationId,
          mfg: e.mfg,
          model: e.model,
          instDate: '2025-11-30',
          nextCalibrationDue: '2030-01-01',
          nextMaintenanceDue: '2030-01-01',
        },
      } as never),
    );
    expect(await equipmentDates(id)).toEqual({ next_calibration_due: '2026-02-28', next_maintenance_due: null });
  });

  it('clearing an interval removes the due date; the history shows each change from and to', async () => {
    const id = await instrument('2025-01-01');
    resultOf(
      await setIntervals(manager, id, [
        { serviceCallType: CALIBRATION, intervalMonths: 12 },
        { serviceCallType: QUALIFICATION, intervalMonths: 24 },
      ]),
    );
    resultOf(
      await setIntervals(manager, id, [
        { serviceCallType: CALIBRATION, intervalMonths: null },
        { serviceCallType: QUALIFICATION, intervalMonths: 24 },
      ]),
    );
    const after = await intervalsOf(user, id);
    expect(kindOf(after, CALIBRATION)).toMatchObject({ intervalMonths: null, nextDue: null });
    expect(kindOf(after, QUALIFICATION)).toMatchObject({ intervalMonths: 24, nextDue: '2027-01-01' });
    expect((await equipmentDates(id)).next_calibration_due).toBeNull();

    const history = resultOf<HistoryPage>(await user.history.equipment({ params: { id }, query: {} }));
    const changes = history.items.filter((e) => e.eventType === 'equipment.serviceIntervalsChanged');
    expect(changes.map((e) => e.changes)).toEqual([
      [{ field: 'serviceInterval.9', old: 12, new: null }],
      [
        { field: 'serviceInterval.9', old: null, new: 12 },
        { field: 'serviceInterval.12', old: null, new: 24 },
      ],
    ]);
    expect(changes[0]!.actorName).toBe('Mark Manager');
  });
});

describe('who may read and set intervals', () => {
  it('a standard user reads but may not set (403), and nothing changes', async () => {
    const id = await instrument('2025-01-01');
    const res = await setIntervals(user, id, [{ serviceCallType: CALIBRATION, intervalMonths: 6 }]);
    expect(res.status).toBe(403);
    const bulk = await user.serviceIntervals.bulkSet({
      body: { equipmentIds: [id], serviceCallType: CALIBRATION, intervalMonths: 6 },
    });
    expect(bulk.status).toBe(403);
    expect(kindOf(await intervalsOf(user, id), CALIBRATION).intervalMonths).toBeNull();
  });

  it("another customer's instrument is refused as unknown (10002), read or set, alone or in a selection", async () => {
    const read = await globexAdmin.serviceIntervals.get({ params: { id: acmeIds[0]! } });
    expect(read.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    const set = await setIntervals(globexAdmin, acmeIds[0]!, [{ serviceCallType: CALIBRATION, intervalMonths: 6 }]);
    expect(set.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    const own = await instrument('2025-01-01');
    const bulk = await manager.serviceIntervals.bulkSet({
      body: { equipmentIds: [own, globexId], serviceCallType: CALIBRATION, intervalMonths: 6 },
    });
    expect(bulk.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    // The whole selection was refused: not even the own instrument changed.
    expect(kindOf(await intervalsOf(user, own), CALIBRATION).intervalMonths).toBeNull();
    const globexRows = await db()
      .selectFrom('service_intervals')
      .select('updated_by')
      .where('equipment_id', '=', globexId)
      .execute();
    expect(globexRows.filter((r) => r.updated_by !== null)).toEqual([]);
  });

  it.each([
    ['0 months', { serviceCallType: CALIBRATION, intervalMonths: 0 }],
    ['121 months', { serviceCallType: CALIBRATION, intervalMonths: 121 }],
    ['a fraction of a month', { serviceCallType: CALIBRATION, intervalMonths: 1.5 }],
    ['months as text', { serviceCallType: CALIBRATION, intervalMonths: '6' }],
    ['an unknown kind of work', { serviceCallType: 16, intervalMonths: 6 }],
  ])('%s is refused (400) and what was set stays', async (_, interval) => {
    const id = await instrument('2025-01-01');
    resultOf(await setIntervals(manager, id, [{ serviceCallType: CALIBRATION, intervalMonths: 12 }]));
    const res = await setIntervals(manager, id, [interval]);
    expect(res.status).toBe(400);
    const bulk = await manager.serviceIntervals.bulkSet({ body: { equipmentIds: [id], ...interval } as never });
    expect(bulk.status).toBe(400);
    expect(kindOf(await intervalsOf(user, id), CALIBRATION).intervalMonths).toBe(12);
  });

  it('a kind named twice, or a selection over the limit, is refused (400)', async () => {
    const id = await instrument('2025-01-01');
    const twice = await setIntervals(manager, id, [
      { serviceCallType: CALIBRATION, intervalMonths: 12 },
      { serviceCallType: CALIBRATION, intervalMonths: 6 },
    ]);
    expect(twice.status).toBe(400);
    const tooMany = Array.from({ length: MAX_SELECTED_ROWS + 1 }, (_, i) => i + 1);
    const bulk = await manager.serviceIntervals.bulkSet({
      body: { equipmentIds: tooMany, serviceCallType: CALIBRATION, intervalMonths: 6 },
    });
    expect(bulk.status).toBe(400);
  });
});

describe('one interval for a selection', () => {
  it('sets every selected instrument, counts only those that changed, and clears them again', async () => {
    const ids = [await instrument('2025-04-30'), await instrument('2025-05-31'), await instrument(null)];
    resultOf(await setIntervals(manager, ids[0]!, [{ serviceCallType: MAINTENANCE, intervalMonths: 6 }]));
    const set = resultOf<{ changed: number }>(
      await manager.serviceIntervals.bulkSet({
        body: { equipmentIds: ids, serviceCallType: MAINTENANCE, intervalMonths: 6 },
      }),
    );
    expect(set.changed).toBe(2);
    expect((await equipmentDates(ids[0]!)).next_maintenance_due).toBe('2025-10-30');
    expect((await equipmentDates(ids[1]!)).next_maintenance_due).toBe('2025-11-30');
    // Without an installation date or a completion there is nothing to count from.
    expect(kindOf(await intervalsOf(user, ids[2]!), MAINTENANCE)).toMatchObject({ intervalMonths: 6, nextDue: null });
    const history = resultOf<HistoryPage>(await user.history.equipment({ params: { id: ids[1]! }, query: {} }));
    expect(history.items[0]).toMatchObject({
      eventType: 'equipment.serviceIntervalsChanged',
      changes: [{ field: 'serviceInterval.1', old: null, new: 6 }],
    });

    const cleared = resultOf<{ changed: number }>(
      await manager.serviceIntervals.bulkSet({
        body: { equipmentIds: ids, serviceCallType: MAINTENANCE, intervalMonths: null },
      }),
    );
    expect(cleared.changed).toBe(3);
    expect((await equipmentDates(ids[0]!)).next_maintenance_due).toBeNull();
  });
});

describe('the inventory columns', () => {
  it('filters and sorts by the next calibration due, and exports it', async () => {
    const dates = ['2025-02-01', '2025-03-01', '2025-01-01'];
    const ids: number[] = [];
    for (const installed of dates) {
      const id = await instrument(installed);
      ids.push(id);
      resultOf(await setIntervals(manager, id, [{ serviceCallType: CALIBRATION, intervalMonths: 12 }]));
    }
    const filterSettings = [
      { field: 'equipmentId', operator: FilterOperator.In, value: ids.map(String) },
      { field: 'nextCalibrationDue', operator: FilterOperator.Between, value: ['2026-01-01', '2026-02-15'] },
    ];
    const page = resultOf<{ items: Equipment[]; totalCount: number }>(
      await manager.equipment.list({
        body: {
          pageIndex: 0,
          pageSize: 30,
          isFollowed: false,
          filterSettings,
          orderSettings: [{ field: 'nextCalibrationDue', orderType: OrderType.Descending }],
        } as never,
      }),
    );
    expect(page.items.map((e) => [e.equipmentId, e.nextCalibrationDue])).toEqual([
      [ids[0], '2026-02-01'],
      [ids[2], '2026-01-01'],
    ]);

    const res = await manager.equipment.export({
      body: {
        isFollowed: false,
        filterSettings: filterSettings.slice(0, 1),
        orderSettings: [{ field: 'nextCalibrationDue', orderType: OrderType.Ascending }],
        layoutContent: {
          columnOrderKeys: ['serial', 'nextCalibrationDue', 'nextMaintenanceDue'],
          columnShowKeys: ['serial', 'nextCalibrationDue', 'nextMaintenanceDue'],
          columnHeaders: {
            serial: 'Serial',
            nextCalibrationDue: 'Next calibration due',
            nextMaintenanceDue: 'Next PM',
          },
        },
      } as never,
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as unknown as Buffer as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'serial', 'nextCalibrationDue', 'nextMaintenanceDue']);
    const due = [3, 4, 5].map((n) => (sheet.getRow(n).getCell(2).value as Date).toISOString().slice(0, 10));
    expect(due).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });
});

describe('the demo world', () => {
  it('has intervals some overdue, some due within 30 days, with the dates the triggers compute', async () => {
    const seeded = await db()
      .selectFrom('service_intervals')
      .select(['equipment_id', 'service_call_type', 'last_done', 'next_due'])
      .where('equipment_id', 'not in', acmeIds)
      .orderBy('equipment_id')
      .orderBy('service_call_type')
      .execute();
    const today = new Date().toISOString().slice(0, 10);
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const kinds = new Set(seeded.map((r) => r.service_call_type));
    expect([...kinds].sort((a, b) => a - b)).toEqual([MAINTENANCE, CALIBRATION, QUALIFICATION]);
    expect(seeded.filter((r) => r.next_due !== null && r.next_due < today).length).toBeGreaterThan(0);
    expect(
      seeded.filter((r) => r.next_due !== null && r.next_due >= today && r.next_due <= soon).length,
    ).toBeGreaterThan(0);

    const columns = () =>
      db()
        .selectFrom('equipment')
        .select(['id', 'next_calibration_due', 'next_maintenance_due'])
        .where('id', 'not in', acmeIds)
        .orderBy('id')
        .execute();
    const before = await columns();
    // Touched, every row is recomputed by the triggers of migration 054: the seed wrote the same dates.
    await db()
      .updateTable('service_intervals')
      .set((eb) => ({ interval_months: eb.ref('interval_months') }))
      .where('equipment_id', 'not in', acmeIds)
      .execute();
    const recomputed = await db()
      .selectFrom('service_intervals')
      .select(['equipment_id', 'service_call_type', 'last_done', 'next_due'])
      .where('equipment_id', 'not in', acmeIds)
      .orderBy('equipment_id')
      .orderBy('service_call_type')
      .execute();
    expect(recomputed).toEqual(seeded);
    expect(await columns()).toEqual(before);
  });
});
