import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EHS_NONE, type Equipment } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { HISTORY_PAGE_MAX, type HistoryPage } from '../../contract/history';
import type { Reservation } from '../../contract/reservations';
import { ServicePriority } from '../../contract/serviceCalls';
import { SERVICE_WORK_TYPE_IDS } from '../../contract/limits';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

const DAY = 24 * 60 * 60 * 1000;

let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let globex: InjectClient;
beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
});
afterAll(() => server.close());

const db = () => server.database.db;

/** Instruments of Acme the user follows and may edit; each test takes its own. */
let next = 0;
async function acmeInstrument(): Promise<Equipment> {
  const rows = await db()
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .select('equipment.id')
    .where('customers.name', '=', 'Acme Labs')
    .where('equipment.is_hidden', '=', false)
    .orderBy('equipment.id', 'desc')
    .limit(10)
    .execute();
  const id = rows[next++]!.id;
  return resultOf<Equipment>(await manager.equipment.detail({ params: { id }, query: {} } as never));
}

const historyOf = async (client: InjectClient, id: number, query = {}) =>
  resultOf<HistoryPage>(await client.history.equipment({ params: { id }, query }));

/** The body of an edit: the instrument as it is, with some fields changed. */
const editOf = (e: Equipment, changes: Record<string, unknown>) =>
  ({
    equipmentId: e.equipmentId,
    locationId: e.location.locationId,
    mfg: e.mfg,
    model: e.model,
    serial: e.serial,
    room: e.room,
    building: e.building,
    comments: e.comments,
    ...changes,
  }) as never;

describe('GET Equipment/{id}/history', () => {
  it('lists an edit newest first with who did it and each changed field with its old and new value', async () => {
    const instrument = await acmeInstrument();
    resultOf(await manager.equipment.update({ body: editOf(instrument, { room: 'R-101', comments: 'first' }) }));
    resultOf(await manager.equipment.update({ body: editOf(instrument, { room: 'R-202', comments: 'first' }) }));

    const page = await historyOf(user, instrument.equipmentId);
    const [newest, older] = page.items;
    expect(newest).toMatchObject({ eventType: 'equipment.updated', actorName: 'Mark Manager', subject: null });
    expect(newest!.changes).toEqual([{ field: 'room', old: 'R-101', new: 'R-202' }]);
    expect(older!.changes).toContainEqual({ field: 'room', old: instrument.room ?? null, new: 'R-101' });
    expect(older!.changes).toContainEqual({ field: 'comments', old: instrument.comments ?? null, new: 'first' });
    expect(Date.parse(newest!.time)).toBeGreaterThanOrEqual(Date.parse(older!.time));
    expect(newest!.id).toBeGreaterThan(older!.id);
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('records an EHS change with the old and new pick-list values', async () => {
    const instrument = await acmeInstrument();
    const ehs = (machineGuarding: string, locked: boolean) =>
      manager.equipment.updateEhs({
        params: { equipmentId: instrument.equipmentId },
        body: {
          equipmentId: instrument.equipmentId,
          machineGuarding,
          energyHazard: EHS_NONE,
          lockTagOut: EHS_NONE,
          chemicalHazards: EHS_NONE,
          biosafetyHazards: EHS_NONE,
          radiologicalHazards: EHS_NONE,
          locked,
        } as never,
      });
    resultOf(await ehs('interlockedGuard', false));
    resultOf(await ehs('presenceSensing', true));
    const [newest] = (await historyOf(manager, instrument.equipmentId)).items;
    expect(newest).toMatchObject({ eventType: 'equipment.ehsUpdated' });
    expect(newest!.changes).toEqual([
      { field: 'machineGuarding', old: 'interlockedGuard', new: 'presenceSensing' },
      { field: 'locked', old: false, new: true },
    ]);
  });

  it('includes a service request raised for the instrument, with its order number', async () => {
    const instrument = await acmeInstrument();
    const raised = resultOf<{ requestId: number; serviceOrderNo: string }>(
      await user.serviceCalls.createRequest({
        body: {
          equipmentId: instrument.equipmentId,
          requestForOther: false,
          requestForUserId: null,
          issueType: String(SERVICE_WORK_TYPE_IDS[0]),
          priority: ServicePriority.Medium,
          issueText: 'Pressure drops after ten minutes.',
          attachFiles: [],
          requestEmail: '',
          contactName: 'Uma Standard',
          email: 'user@acme-labs.example',
          officePhone: '+1 617 555 0100',
        },
      }),
    );
    const [newest] = (await historyOf(user, instrument.equipmentId)).items;
    expect(newest).toMatchObject({
      eventType: 'serviceCall.requested',
      actorName: 'Uma Standard',
      subject: raised.serviceOrderNo,
    });

    const order = resultOf<HistoryPage>(
      await user.history.serviceCall({ params: { id: raised.requestId }, query: {} }),
    );
    expect(order.items.map((e) => [e.eventType, e.subject])).toEqual([
      ['serviceCall.requested', raised.serviceOrderNo],
    ]);
    const foreign = await globex.history.serviceCall({ params: { id: raised.requestId }, query: {} });
    expect(foreign.status).toBe(404);
  });

  it('pages newest first within the bounds', async () => {
    const instrument = await acmeInstrument();
    for (const room of ['P-1', 'P-2', 'P-3']) {
      resultOf(await manager.equipment.update({ body: editOf(instrument, { room }) }));
    }
    const first = await historyOf(user, instrument.equipmentId, { pageIndex: 0, pageSize: 2 });
    const second = await historyOf(user, instrument.equipmentId, { pageIndex: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.items.map((e) => e.changes[0]?.new)).toEqual(['P-3', 'P-2']);
    expect(second.items[0]!.changes[0]?.new).toBe('P-1');
    expect(second.totalCount).toBe(first.totalCount);
  });

  it('answers 10002 for another customer’s instrument and for an unknown one, as for the instrument itself', async () => {
    const instrument = await acmeInstrument();
    for (const res of [
      await globex.history.equipment({ params: { id: instrument.equipmentId }, query: {} }),
      await user.history.equipment({ params: { id: 2_000_000_000 }, query: {} }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    }
  });

  it('refuses bad paths and pages with 400, and an anonymous caller with 401', async () => {
    const instrument = await acmeInstrument();
    const path = `/api/Equipment/${instrument.equipmentId}/history`;
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const cookies = Object.fromEntries(jar);
    for (const url of [
      '/api/Equipment/abc/history',
      '/api/Equipment/0/history',
      '/api/Equipment/99999999999/history',
      `${path}?pageSize=${HISTORY_PAGE_MAX + 1}`,
      `${path}?pageSize=0`,
      `${path}?pageIndex=-1`,
      `${path}?pageIndex=${'9'.repeat(40)}`,
      '/api/Equipment/Reservation/x/history',
      '/api/ServiceCall/-1/history',
    ]) {
      const res = await server.app.inject({ method: 'GET', url, cookies });
      expect(res.statusCode, url).toBe(400);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(401);
  });

  it('has no call that changes or deletes an entry', async () => {
    const instrument = await acmeInstrument();
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    resultOf(await user.users.me({ query: {} } as never));
    const xsrf = jar.get('XSRF-TOKEN') ?? jar.get('__Host-XSRF-TOKEN') ?? '';
    const before = await historyOf(user, instrument.equipmentId);
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH'] as const) {
      const res = await server.app.inject({
        method,
        url: `/api/Equipment/${instrument.equipmentId}/history`,
        headers: { 'x-xsrf-token': xsrf },
        cookies: Object.fromEntries(jar),
        payload: { items: [] },
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(await historyOf(user, instrument.equipmentId)).toEqual(before);
  });
});

describe('GET Equipment/Reservation/{id}/history', () => {
  it('shows the creation and a move with the old and new times, and stays readable once deleted', async () => {
    const instrument = await acmeInstrument();
    const midnight = Math.ceil(Date.now() / DAY) * DAY;
    const at = (days: number, hours: number) => new Date(midnight + days * DAY + hours * 3_600_000).toISOString();
    const [made] = resultOf<{ items: Reservation[] }>(
      await user.reservations.create({
        params: { id: instrument.equipmentId },
        query: {},
        body: { startDate: at(30, 9), endDate: at(30, 11), comments: 'Calibration' },
      }),
    ).items;
    resultOf(
      await user.reservations.update({ query: {}, body: { ...made!, startDate: at(30, 13), endDate: at(30, 15) } }),
    );
    const page = resultOf<HistoryPage>(
      await manager.history.reservation({ params: { id: made!.reservationId }, query: {} }),
    );
    expect(page.items.map((e) => e.eventType)).toEqual(['reservation.changed', 'reservation.created']);
    expect(page.items[0]!.changes).toEqual([
      { field: 'startDate', old: at(30, 9), new: at(30, 13) },
      { field: 'endDate', old: at(30, 11), new: at(30, 15) },
    ]);
    expect(page.items[1]!.changes).toContainEqual({ field: 'comments', old: null, new: 'Calibration' });
    expect(page.items[1]!.actorName).toBe('Uma Standard');

    const foreign = await globex.history.reservation({ params: { id: made!.reservationId }, query: {} });
    expect(foreign.status).toBe(404);

    resultOf(await user.reservations.remove({ params: { id: made!.reservationId }, query: {} } as never));
    const after = resultOf<HistoryPage>(
      await user.history.reservation({ params: { id: made!.reservationId }, query: {} }),
    );
    expect(after.items.map((e) => e.eventType)).toEqual([
      'reservation.deleted',
      'reservation.changed',
      'reservation.created',
    ]);
    const unknown = await user.history.reservation({ params: { id: 2_000_000_000 }, query: {} });
    expect(unknown.status).toBe(404);
  });
});
