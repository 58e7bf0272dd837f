import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MessageKey } from '../../contract/errors';
import {
  ReservationMessage,
  SCHEDULED_EVENT_TYPE_IDS,
  SERVICE_WORK_TYPE_IDS,
  type Reservation,
} from '../../contract/reservations';
import { calendarInstruments, instrumentsReservedBy } from '../../api-mock/src/reservations/queries';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let admin: InjectClient;
let globex: InjectClient;
beforeAll(async () => {
  server = await startApiServer();
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  admin = (await signedIn(server.app, 'admin@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
});
afterAll(() => server.close());

const db = () => server.database.db;
const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** An instrument of the customer nobody has reserved yet (the demo reservations are on the first by serial). */
let spare = 0;
const freeInstrument = async (customer = 'Acme Labs') => {
  const rows = await db()
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .select('equipment.id')
    .where('customers.name', '=', customer)
    .where('equipment.is_hidden', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reservations')
            .select('reservations.id')
            .whereRef('reservations.equipment_id', '=', 'equipment.id'),
        ),
      ),
    )
    .orderBy('equipment.id', 'desc')
    .limit(20)
    .execute();
  return rows[spare++ % rows.length]!.id;
};

/** Whole hours from the next midnight UTC, so the periods are in the future and on half-hour slots. */
const at = (days: number, hour: number) => {
  const midnight = Math.ceil(Date.now() / DAY) * DAY;
  return new Date(midnight + days * DAY + hour * HOUR).toISOString();
};

const reserve = async (client: InjectClient, equipmentId: number, startDate: string, endDate: string, extra = {}) =>
  client.reservations.create({ params: { id: equipmentId }, query: {}, body: { startDate, endDate, ...extra } });

const week = () => ({ start: at(-1, 0), end: at(13, 0) });

describe('the calendar', () => {
  it('lists the instruments of the own list with the demo reservations and the service events of the checked types', async () => {
    const res = await user.reservations.calendar({
      query: {
        ...week(),
        serviceCallType: [...SCHEDULED_EVENT_TYPE_IDS, ...SERVICE_WORK_TYPE_IDS].join(',') as never,
      },
    });
    const page = resultOf<{
      items: Array<{ serial: string | null; reservations: Reservation[]; serviceEvents: unknown[] }>;
      totalCount: number;
    }>(res);
    expect(page.items).toHaveLength(20);
    expect(page.totalCount).toBeGreaterThan(20);
    const serials = page.items.map((i) => i.serial ?? '');
    expect(serials).toEqual([...serials].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(page.items.flatMap((i) => i.reservations).length).toBeGreaterThan(5);
    expect(page.items.flatMap((i) => i.serviceEvents).length).toBeGreaterThan(0);
    const tomorrow = page.items[0]!.reservations.find((r) => r.comments === 'Method validation run');
    expect(tomorrow?.reservedBy.userName).toBe('Uma Standard');
  });

  it('shows no service events when no type is checked, and only my reservations with myOnly', async () => {
    const none = resultOf<{ items: Array<{ serviceEvents: unknown[] }> }>(
      await user.reservations.calendar({ query: { ...week(), serviceCallType: '' as never } }),
    );
    expect(none.items.flatMap((i) => i.serviceEvents)).toEqual([]);
    const me = await userId('user@acme-labs.example');
    const mine = resultOf<{ items: Array<{ reservations: Reservation[] }>; totalCount: number }>(
      await user.reservations.calendar({ query: { ...week(), myOnly: 'true' as never } }),
    );
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(mine.totalCount).toBeLessThan(20);
    for (const row of mine.items) {
      expect(row.reservations.length).toBeGreaterThan(0);
      expect(row.reservations.every((r) => r.reservedBy.userId === me)).toBe(true);
    }
  });

  it("with myOnly, the caller's instruments looked up first are those found by checking each instrument", async () => {
    const me = await db()
      .selectFrom('users')
      .select(['id', 'customer_id'])
      .where('email', '=', 'user@acme-labs.example')
      .executeTakeFirstOrThrow();
    const scope = { customerId: me.customer_id, userId: me.id };
    const { start, end } = week();
    const period = { start: new Date(start), end: new Date(end) };
    const reserved = await instrumentsReservedBy(db(), scope, period);
    const idsOf = (reservedIds: number[] | null) =>
      calendarInstruments(db(), scope, { myOnly: true }, period, reservedIds)
        .select('equipment.id')
        .orderBy('equipment.id')
        .execute()
        .then((rows) => rows.map((r) => r.id));
    const lookedUp = await idsOf(reserved);
    expect(lookedUp.length).toBeGreaterThan(0);
    expect(lookedUp).toEqual(await idsOf(null));
  });

  it('filters by serial and pages', async () => {
    const first = resultOf<{ items: Array<{ serial: string | null }> }>(
      await user.reservations.calendar({ query: week() }),
    ).items[3]!.serial!;
    const filtered = resultOf<{ items: Array<{ serial: string | null }>; totalCount: number }>(
      await user.reservations.calendar({ query: { ...week(), serial: first.slice(1).toLowerCase() } }),
    );
    expect(filtered.items.map((i) => i.serial)).toContain(first);
    const page2 = resultOf<{ items: unknown[] }>(
      await user.reservations.calendar({ query: { ...week(), pageIndex: 1 as never, pageSize: 5 as never } }),
    );
    expect(page2.items).toHaveLength(5);
  });

  it('marks the days with reservations in the user time zone', async () => {
    const equipmentId = await freeInstrument();
    // 23:00 to 01:00 UTC: one day in UTC+0 terms on each side of midnight, two local days in UTC+2 and UTC-2 alike.
    await reserve(user, equipmentId, at(5, 23), at(6, 1));
    const overview = async (timeZoneDiff: number) =>
      resultOf<{ items: Array<{ date: string; count: number }> }>(
        await user.reservations.overview({
          query: { start: at(5, 0), end: at(7, 0), timeZoneDiff, myOnly: 'true' as never },
        }),
      ).items.map((d) => d.date);
    expect(await overview(0)).toEqual([at(5, 0).slice(0, 10), at(6, 0).slice(0, 10)]);
    expect(await overview(120)).toEqual([at(6, 0).slice(0, 10)]);
    expect(await overview(-120)).toEqual([at(5, 0).slice(0, 10)]);
  });
});

describe('reserving', () => {
  it('saves a reservation, refuses an overlapping one with 16201, and allows one that touches it', async () => {
    const equipmentId = await freeInstrument();
    const made = resultOf<{ items: Reservation[] }>(
      await reserve(user, equipmentId, at(3, 9), at(3, 11), { comments: 'HPLC run' }),
    ).items;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ equipmentId, comments: 'HPLC run', seriesId: null });
    const clash = await reserve(manager, equipmentId, at(3, 10), at(3, 12));
    expect(clash.body).toMatchObject({ errorCode: ErrorCode.ReservationConflict });
    const after = await reserve(manager, equipmentId, at(3, 11), at(3, 12));
    expect(after.body).toMatchObject({ errorCode: 0 });
  });

  it('refuses a start in the past, an end before the start and a period shorter than a slot', async () => {
    const equipmentId = await freeInstrument();
    const past = await reserve(user, equipmentId, at(-2, 9), at(-2, 10));
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain(ReservationMessage.startFuture);
    const backwards = await reserve(user, equipmentId, at(3, 10), at(3, 9));
    expect(JSON.stringify(backwards.body)).toContain(ReservationMessage.endAfterStart);
    const short = await reserve(
      user,
      equipmentId,
      at(3, 10),
      new Date(Date.parse(at(3, 10)) + 10 * 60_000).toISOString(),
    );
    expect(JSON.stringify(short.body)).toContain(ReservationMessage.period);
  });

  it('repeats weekly up to the end-by date as one series, all or nothing', async () => {
    const equipmentId = await freeInstrument();
    const series = resultOf<{ items: Reservation[] }>(
      await reserve(user, equipmentId, at(1, 8), at(1, 10), {
        recurrence: { frequency: 'weekly', interval: 1, endBy: at(22, 0).slice(0, 10) },
      }),
    ).items;
    expect(series).toHaveLength(4);
    expect(new Set(series.map((r) => r.seriesId)).size).toBe(1);
    expect(series[0]!.seriesId).toBe(series[0]!.reservationId);

    const before = await db()
      .selectFrom('reservations')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const daily = await reserve(manager, equipmentId, at(6, 9), at(6, 10), {
      recurrence: { frequency: 'daily', interval: 1, endBy: at(9, 0).slice(0, 10) },
    });
    expect(daily.body).toMatchObject({ errorCode: ErrorCode.ReservationConflict });
    const after = await db()
      .selectFrom('reservations')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a repetition step shorter than the reservation', async () => {
    const res = await reserve(user, await freeInstrument(), at(1, 8), at(2, 10), {
      recurrence: { frequency: 'daily', interval: 1, endBy: at(5, 0).slice(0, 10) },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(ReservationMessage.recurrence);
  });

  it("answers 10002 for another customer's instrument and writes nothing", async () => {
    const foreign = await freeInstrument('Globex Corporation');
    const res = await reserve(user, foreign, at(2, 9), at(2, 10));
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    const stored = await db().selectFrom('reservations').select('id').where('equipment_id', '=', foreign).execute();
    expect(stored).toEqual([]);
  });
});

describe('changing a reservation', () => {
  it('lets the reserver move it, refuses a stale lastUpdateTime with 16202 and anyone else with 403', async () => {
    const equipmentId = await freeInstrument();
    const [made] = resultOf<{ items: Reservation[] }>(await reserve(user, equipmentId, at(4, 9), at(4, 10))).items;
    const body = { ...made!, startDate: at(4, 13), endDate: at(4, 15), comments: 'Moved to the afternoon' };
    const moved = resultOf<Reservation>(await user.reservations.update({ query: {}, body }));
    expect(moved).toMatchObject({ startDate: at(4, 13), endDate: at(4, 15), comments: 'Moved to the afternoon' });
    expect(moved.lastUpdateTime).not.toBe(made!.lastUpdateTime);

    const stale = await user.reservations.update({ query: {}, body: { ...body, comments: 'stale' } });
    expect(stale.body).toMatchObject({ errorCode: ErrorCode.ReservationChanged });

    const other = await manager.reservations.update({ query: {}, body: { ...moved, comments: 'not mine' } });
    expect(other.status).toBe(403);
    const foreign = await globex.reservations.update({ query: {}, body: { ...moved, comments: 'not ours' } });
    expect(foreign.status).toBe(404);
  });

  it('refuses to move it onto another reservation', async () => {
    const equipmentId = await freeInstrument();
    await reserve(manager, equipmentId, at(4, 9), at(4, 11));
    const [mine] = resultOf<{ items: Reservation[] }>(await reserve(user, equipmentId, at(4, 12), at(4, 13))).items;
    const res = await user.reservations.update({ query: {}, body: { ...mine!, startDate: at(4, 10) } });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.ReservationConflict });
  });
});

describe('deleting a reservation', () => {
  it('lets the reserver delete directly', async () => {
    const [made] = resultOf<{ items: Reservation[] }>(
      await reserve(user, await freeInstrument(), at(5, 9), at(5, 10)),
    ).items;
    expect((await user.reservations.remove({ params: { id: made!.reservationId }, query: {} })).body).toMatchObject({
      errorCode: 0,
    });
    expect(await db().selectFrom('reservations').select('id').where('id', '=', made!.reservationId).execute()).toEqual(
      [],
    );
  });

  it("lets an admin delete another user's future reservation with a comment, mailed to the reserver", async () => {
    const [made] = resultOf<{ items: Reservation[] }>(
      await reserve(user, await freeInstrument(), at(5, 12), at(5, 13)),
    ).items;
    const id = made!.reservationId;
    const noComment = await admin.reservations.remove({ params: { id }, query: { comments: '  ' } });
    expect(noComment.status).toBe(400);
    expect(JSON.stringify(noComment.body)).toContain(MessageKey.requiredField);
    const notAdmin = await manager.reservations.remove({ params: { id }, query: { comments: 'I need it' } });
    expect(notAdmin.status).toBe(403);
    const foreign = await globex.reservations.remove({ params: { id }, query: {} });
    expect(foreign.status).toBe(404);

    expect(
      (await admin.reservations.remove({ params: { id }, query: { comments: 'Instrument goes to service' } })).body,
    ).toMatchObject({
      errorCode: 0,
    });
    const mail = await db().selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_addresses).toBe('user@acme-labs.example');
    expect(mail.body).toContain('Instrument goes to service');
  });

  it('refuses an admin a reservation that has started', async () => {
    const equipmentId = await freeInstrument();
    const started = await db()
      .insertInto('reservations')
      .values({
        customer_id: (
          await db()
            .selectFrom('equipment')
            .select('customer_id')
            .where('id', '=', equipmentId)
            .executeTakeFirstOrThrow()
        ).customer_id,
        equipment_id: equipmentId,
        reserved_by: await userId('user@acme-labs.example'),
        start_date: new Date(Date.now() - HOUR),
        end_date: new Date(Date.now() + HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await admin.reservations.remove({ params: { id: started.id }, query: { comments: 'too late' } });
    expect(res.status).toBe(403);
  });

  it('deletes the rest of a series', async () => {
    const series = resultOf<{ items: Reservation[] }>(
      await reserve(user, await freeInstrument(), at(1, 14), at(1, 15), {
        recurrence: { frequency: 'daily', interval: 2, endBy: at(7, 0).slice(0, 10) },
      }),
    ).items;
    expect(series).toHaveLength(4);
    await user.reservations.remove({
      params: { id: series[1]!.reservationId },
      query: { isSeriesDelete: 'true' as never },
    });
    const left = await db()
      .selectFrom('reservations')
      .select('id')
      .where('series_id', '=', series[0]!.seriesId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('searching reservations', () => {
  it('finds reservations by comment and reserver, newest first, within the customer', async () => {
    const equipmentId = await freeInstrument();
    await reserve(user, equipmentId, at(8, 9), at(8, 10), { comments: 'Zebrafish assay' });
    await reserve(user, equipmentId, at(9, 9), at(9, 10), { comments: 'Zebrafish assay repeat' });
    const found = resultOf<{ items: Reservation[]; totalCount: number }>(
      await manager.reservations.search({ query: { keyword: 'zebrafish uma' } }),
    );
    expect(found.totalCount).toBe(2);
    expect(found.items.map((r) => r.comments)).toEqual(['Zebrafish assay repeat', 'Zebrafish assay']);
    const foreign = resultOf<{ totalCount: number }>(
      await globex.reservations.search({ query: { keyword: 'zebrafish' } }),
    );
    expect(foreign.totalCount).toBe(0);
  });

  it('finds by the start of an instrument word and by city, and leaves out hidden instruments', async () => {
    const equipmentId = await freeInstrument();
    const instrument = await db()
      .selectFrom('equipment')
      .innerJoin('locations', 'locations.id', 'equipment.location_id')
      .select(['equipment.serial', 'locations.city'])
      .where('equipment.id', '=', equipmentId)
      .executeTakeFirstOrThrow();
    await reserve(user, equipmentId, at(10, 9), at(10, 10), { comments: 'Quokka study' });
    const found = async (keyword: string) =>
      resultOf<{ items: Reservation[] }>(await user.reservations.search({ query: { keyword, pageSize: 100 as never } }))
        .items.filter((r) => r.equipmentId === equipmentId)
        .map((r) => r.comments);
    expect(await found(`quokka ${instrument.serial!.slice(0, 5).toLowerCase()}`)).toEqual(['Quokka study']);
    expect(await found(`quokka ${instrument.city!.toUpperCase()}`)).toEqual(['Quokka study']);
    expect(await found(`quokka nowhere-city`)).toEqual([]);
    await db().updateTable('equipment').set({ is_hidden: true }).where('id', '=', equipmentId).execute();
    expect(await found('quokka')).toEqual([]);
    await db().updateTable('equipment').set({ is_hidden: false }).where('id', '=', equipmentId).execute();
  });
});
