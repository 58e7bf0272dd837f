import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { CalendarOrderType, CalendarServiceEvent, Reservation } from '../../../contract/reservations';
import type { Database } from '../db/schema';
import { containsPattern } from '../lib/like';
import type { FileStorage } from '../storage';
import { avatarUrlsOf } from '../accountManagement/avatar.queries';
import type { EquipmentScope } from '../equipment/queries';
import { pageOf } from '../lib/paging';

type Db = Kysely<Database> | Transaction<Database>;

/** The calendar's filters (spec 3 section 7 "GET Equipment/reservation"). */
export interface CalendarFilter {
  serial?: string;
  systemNickName?: string;
  systemId?: string;
  /** Only the caller's reservations, and only the instruments that have one in the period. */
  myOnly?: boolean;
}

export interface Period {
  start: Date;
  end: Date;
}

const ORDER_COLUMN = {
  serial: 'equipment.serial',
  systemNickName: 'equipment.system_nick_name',
  systemId: 'equipment.system_id',
  city: 'locations.city',
} as const satisfies Record<CalendarOrderType, string>;

/** Reservations that overlap a period: they start before its end and end after its start. */
const overlapping = (period: Period) =>
  sql<boolean>`reservations.start_date < ${period.end} and reservations.end_date > ${period.start}`;

/** The filters on the instrument itself: its customer, on the caller's list, visible, and the filter fields. */
function instrumentCondition(scope: EquipmentScope, filter: CalendarFilter): Expression<SqlBool> {
  const conditions = [
    sql`equipment.customer_id = ${scope.customerId}`,
    sql`equipment.is_hidden = false`,
    sql`equipment.follower_ids @> array[${scope.userId}]::integer[]`,
  ];
  const contains = (column: string, value: string | undefined) => {
    if (value) conditions.push(sql`${sql.ref(column)} ilike ${containsPattern(value)}`);
  };
  contains('equipment.serial', filter.serial);
  contains('equipment.system_nick_name', filter.systemNickName);
  contains('equipment.system_id', filter.systemId);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** With myOnly, up to this many instruments the caller reserved in the period are looked up before the list is read. */
export const MY_INSTRUMENTS_LOOKUP_MAX = 10_000;

/**
 * The instruments the caller has reserved in the period, looked up first (the caller's reservations of a period are
 * few), so the list is then read by their ids instead of checking every instrument of the list for a reservation
 * (which the planner chose to do by walking the whole list: 295 of 382 ms at 200,000 instruments). Null when there
 * are more than MY_INSTRUMENTS_LOOKUP_MAX: then each instrument is checked.
 */
export async function instrumentsReservedBy(
  db: Kysely<Database>,
  scope: EquipmentScope,
  period: Period,
): Promise<number[] | null> {
  const rows = await db
    .selectFrom('reservations')
    .select('equipment_id')
    .distinct()
    .where('customer_id', '=', scope.customerId)
    .where('reserved_by', '=', scope.userId)
    .where(overlapping(period))
    .limit(MY_INSTRUMENTS_LOOKUP_MAX + 1)
    .execute();
  return rows.length > MY_INSTRUMENTS_LOOKUP_MAX ? null : rows.map((r) => r.equipment_id);
}

/**
 * The calendar's rows: the instruments on the caller's own list (as in the inventory) that match the filters; with
 * myOnly, only those the caller has reserved in the period (`reserved`: their ids, when looked up first). Without the
 * locations, so that a count of the whole list is answered from the (customer, id) index that includes the list
 * columns.
 */
export function calendarInstruments(
  db: Kysely<Database>,
  scope: EquipmentScope,
  filter: CalendarFilter,
  period: Period,
  reserved?: number[] | null,
) {
  return db
    .selectFrom('equipment')
    .where(instrumentCondition(scope, filter))
    .$if(filter.myOnly === true, (q) =>
      q.where(({ exists, selectFrom }) =>
        reserved
          ? sql<SqlBool>`equipment.id = any(${reserved}::integer[])`
          : exists(
              selectFrom('reservations')
                .select(sql`1`.as('one'))
                .whereRef('reservations.equipment_id', '=', 'equipment.id')
                .where('reservations.reserved_by', '=', scope.userId)
                .where(overlapping(period)),
            ),
      ),
    );
}

/**
 * A page of the calendar's rows with what it shows of each instrument, along the (customer, column) index of the
 * order. Every instrument has a location (equipment.location_id is required), so the join keeps every row.
 */
export async function calendarPage(
  db: Kysely<Database>,
  scope: EquipmentScope,
  filter: CalendarFilter,
  period: Period,
  page: { pageIndex: number; pageSize: number; orderType: CalendarOrderType },
) {
  const reserved = filter.myOnly ? await instrumentsReservedBy(db, scope, period) : undefined;
  const instruments = calendarInstruments(db, scope, filter, period, reserved);
  return pageOf(
    instruments
      .innerJoin('locations', 'locations.id', 'equipment.location_id')
      .select([
        'equipment.id',
        'equipment.serial',
        'equipment.mfg',
        'equipment.model',
        'equipment.system_id',
        'equipment.system_nick_name',
        'equipment.building',
        'equipment.floor',
        'equipment.room',
        'locations.city',
      ])
      .orderBy(sql.ref(ORDER_COLUMN[page.orderType]), (ob) => ob.asc().nullsLast())
      .orderBy('equipment.id'),
    instruments,
    page,
  );
}

/** The reservations with what a client shows of them (instrument, location, reserver). */
export function reservationsWithDetails(db: Db) {
  return db
    .selectFrom('reservations')
    .innerJoin('equipment', 'equipment.id', 'reservations.equipment_id')
    .innerJoin('locations', 'locations.id', 'equipment.location_id')
    .innerJoin('users', 'users.id', 'reservations.reserved_by')
    .select([
      'reservations.id',
      'reservations.equipment_id',
      'reservations.reserved_by',
      'reservations.start_date',
      'reservations.end_date',
      'reservations.comments',
      'reservations.series_id',
      'reservations.last_update_time',
      'equipment.serial',
      'equipment.mfg',
      'equipment.model',
      'equipment.system_nick_name',
      'equipment.building',
      'equipment.floor',
      'equipment.room',
      'locations.city',
      'users.first_name',
      'users.last_name',
      'users.avatar_bucket_name',
      'users.avatar_key',
      'users.avatar_thumbnail_key',
    ]);
}

export type ReservationDetailRow = Awaited<ReturnType<ReturnType<typeof reservationsWithDetails>['execute']>>[number];

/** The reservations of some instruments in a period; with `reservedBy`, only that user's. */
export function reservationsOf(db: Db, equipmentIds: number[], period: Period, reservedBy?: number) {
  return reservationsWithDetails(db)
    .where('reservations.equipment_id', 'in', equipmentIds)
    .where(overlapping(period))
    .$if(reservedBy !== undefined, (q) => q.where('reservations.reserved_by', '=', reservedBy!))
    .orderBy('reservations.start_date')
    .execute();
}

/** "Make and model, or the system nickname" of the contract's instrumentName. */
export const instrumentName = (row: { mfg: string | null; model: string | null; system_nick_name: string | null }) =>
  row.system_nick_name || [row.mfg, row.model].filter(Boolean).join(' ') || null;

/** Turns rows into contract reservations; each reserver's avatar thumbnail is signed once. */
export async function toReservations(storage: FileStorage, rows: ReservationDetailRow[]): Promise<Reservation[]> {
  const thumbnails = new Map<number, Promise<string | null>>();
  const thumbnailOf = (row: ReservationDetailRow) => {
    if (!thumbnails.has(row.reserved_by)) {
      thumbnails.set(
        row.reserved_by,
        avatarUrlsOf(storage, row).then((urls) => urls.avatarThumbnailUrl),
      );
    }
    return thumbnails.get(row.reserved_by)!;
  };
  return Promise.all(
    rows.map(async (row) => ({
      reservationId: row.id,
      equipmentId: row.equipment_id,
      serial: row.serial,
      instrumentName: instrumentName(row),
      city: row.city,
      building: row.building,
      floor: row.floor,
      room: row.room,
      comments: row.comments,
      startDate: row.start_date.toISOString(),
      endDate: row.end_date.toISOString(),
      reservedBy: {
        userId: row.reserved_by,
        userName: `${row.first_name} ${row.last_name}`.trim().slice(0, 61),
        avatarThumbnailUrl: await thumbnailOf(row),
      },
      seriesId: row.series_id,
      lastUpdateTime: row.last_update_time.toISOString(),
    })),
  );
}

/** How long a service order without an end is drawn on the calendar. Chosen: not in spec. */
const SERVICE_EVENT_DEFAULT_HOURS = 1;

/** The service orders of some instruments in a period whose type is one of `types`. */
export async function serviceEventsOf(
  db: Db,
  customerId: number,
  equipmentIds: number[],
  types: number[],
  period: Period,
) {
  if (types.length === 0 || equipmentIds.length === 0) return [];
  const end = sql<Date>`coalesce(service_calls.end_date, service_calls.start_date + make_interval(hours => ${SERVICE_EVENT_DEFAULT_HOURS}))`;
  const rows = await db
    .selectFrom('service_calls')
    .select([
      'service_calls.equipment_id',
      'service_calls.service_order_no',
      'service_calls.service_call_type',
      'service_calls.job_type',
      'service_calls.call_status',
      'service_calls.start_date',
      'service_calls.end_date',
    ])
    .where('service_calls.customer_id', '=', customerId)
    .where('service_calls.equipment_id', 'in', equipmentIds)
    .where('service_calls.service_call_type', 'in', types)
    .where('service_calls.start_date', '<', period.end)
    .where(sql<boolean>`${end} > ${period.start}`)
    .orderBy('service_calls.start_date')
    .execute();
  return rows.map((row) => ({
    equipmentId: row.equipment_id!,
    event: {
      serviceOrderNo: row.service_order_no,
      serviceCallType: row.service_call_type!,
      jobType: row.job_type,
      callStatus: row.call_status,
      startDate: row.start_date!.toISOString(),
      endDate: row.end_date?.toISOString() ?? null,
    } satisfies CalendarServiceEvent,
  }));
}

/**
 * The days of a period, in the user's time zone (minutes east of UTC), on which the filtered instruments have
 * reservations, with how many reservations touch each day.
 */
export async function reservationDays(
  db: Kysely<Database>,
  scope: EquipmentScope,
  filter: CalendarFilter,
  period: Period,
  offsetMinutes: number,
) {
  const local = (instant: unknown) =>
    sql`((${instant}) at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::integer)`;
  const firstDay = sql`date_trunc('day', ${local(sql`greatest(reservations.start_date, ${period.start}::timestamptz)`)})`;
  const lastDay = sql`date_trunc('day', ${local(sql`least(reservations.end_date, ${period.end}::timestamptz) - interval '1 microsecond'`)})`;
  const result = await sql<{ date: string; count: string }>`
    select to_char(day, 'YYYY-MM-DD') as date, count(*) as count
    from reservations
    join equipment on equipment.id = reservations.equipment_id
    cross join lateral generate_series(${firstDay}, ${lastDay}, interval '1 day') as day
    where reservations.customer_id = ${scope.customerId}
      and ${overlapping(period)}
      and ${instrumentCondition(scope, filter)}
      ${filter.myOnly ? sql`and reservations.reserved_by = ${scope.userId}` : sql``}
    group by day
    order by day`.execute(db);
  return result.rows.map((row) => ({ date: row.date, count: Number(row.count) }));
}

/**
 * One word of a reservation search: it starts a word of the instrument (serial, make, model, nickname, building,
 * room...) or of the comments, as the inventory search does, equals the instrument's floor, or appears in its city
 * or the reserver's name. The matching cities and people are looked up first (small tables), so that every part is
 * answered by an index and the search never reads every reservation or instrument.
 */
async function searchWord(db: Kysely<Database>, customerId: number, word: string): Promise<Expression<SqlBool>> {
  const pattern = containsPattern(word);
  const prefix = word.replace(/['\\&|!():*<>]/g, '').toLowerCase();
  const cities = await db
    .selectFrom('locations')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('city', 'ilike', pattern)
    .execute();
  const people = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('first_name', 'ilike', pattern), eb('last_name', 'ilike', pattern)]))
    .execute();
  const ofCustomer = sql`select reservations.id from reservations where reservations.customer_id = ${customerId}`;
  const startsWord = (column: string) => sql`${sql.ref(column)} @@ to_tsquery('simple', ${`'${prefix}':*`})`;
  const instrument = [
    ...(prefix ? [startsWord('equipment.search')] : []),
    sql`equipment.floor = ${word}`,
    ...(cities.length ? [sql`equipment.location_id = any(${cities.map((c) => c.id)}::integer[])`] : []),
  ];
  const found = [
    sql`${ofCustomer} and reservations.equipment_id in (
      select equipment.id from equipment
      where equipment.customer_id = ${customerId} and (${sql.join(instrument, sql` or `)}))`,
    ...(prefix ? [sql`${ofCustomer} and ${startsWord('reservations.search')}`] : []),
    ...(people.length
      ? [sql`${ofCustomer} and reservations.reserved_by = any(${people.map((p) => p.id)}::integer[])`]
      : []),
  ];
  return sql<SqlBool>`reservations.id in (${sql.join(found, sql` union `)})`;
}

/** The customer's reservations on visible instruments in which every word of the keyword is found. */
export async function reservationSearchCondition(
  db: Kysely<Database>,
  customerId: number,
  keyword: string | undefined,
): Promise<Expression<SqlBool>> {
  const words = (keyword ?? '').split(/\s+/).filter((w) => w !== '');
  const matches = [];
  for (const word of words) matches.push(await searchWord(db, customerId, word));
  return sql<SqlBool>`reservations.customer_id = ${customerId}
    and reservations.equipment_id not in (
      select equipment.id from equipment where equipment.customer_id = ${customerId} and equipment.is_hidden)
    ${matches.length ? sql`and ${sql.join(matches, sql` and `)}` : sql``}`;
}

/** Whether another reservation of the instrument overlaps the period. */
export async function hasConflict(db: Db, equipmentId: number, period: Period, exceptIds: number[] = []) {
  const row = await db
    .selectFrom('reservations')
    .select('reservations.id')
    .where('reservations.equipment_id', '=', equipmentId)
    .where(overlapping(period))
    .$if(exceptIds.length > 0, (q) => q.where('reservations.id', 'not in', exceptIds))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One reservation of a customer, or undefined. */
export const reservationOf = (db: Db, customerId: number, id: number) =>
  db
    .selectFrom('reservations')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();

export type StoredReservation = NonNullable<Awaited<ReturnType<typeof reservationOf>>>;

/** Writes a reservation for each period; repetitions share the first one's id as their series. Answers the ids. */
export async function insertReservations(
  trx: Transaction<Database>,
  made: { customerId: number; equipmentId: number; reservedBy: number; comments: string | null; isSeries: boolean },
  periods: Period[],
): Promise<number[]> {
  const inserted = await trx
    .insertInto('reservations')
    .values(
      periods.map((period) => ({
        customer_id: made.customerId,
        equipment_id: made.equipmentId,
        reserved_by: made.reservedBy,
        start_date: period.start,
        end_date: period.end,
        comments: made.comments,
      })),
    )
    .returning('id')
    .execute();
  const ids = inserted.map((row) => row.id);
  if (made.isSeries) {
    await trx.updateTable('reservations').set({ series_id: ids[0]! }).where('id', 'in', ids).execute();
  }
  return ids;
}

/** A reservation's fields as they are now, its row locked until commit. */
export const lockedReservation = (trx: Transaction<Database>, id: number) =>
  trx
    .selectFrom('reservations')
    .select(['last_update_time', 'equipment_id', 'start_date', 'end_date', 'comments'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export async function updateReservation(
  trx: Transaction<Database>,
  id: number,
  values: { equipmentId: number; period: Period; comments: string | null },
): Promise<void> {
  await trx
    .updateTable('reservations')
    .set({
      equipment_id: values.equipmentId,
      start_date: values.period.start,
      end_date: values.period.end,
      comments: values.comments,
      last_update_time: sql`greatest(now(), last_update_time + interval '1 millisecond')`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a reservation, or with `isSeriesDelete` the reserver's repetitions of its series that have not ended (by
 * the reserver) or not started (by an admin). Answers the deleted rows.
 */
export function deleteReservations(
  trx: Transaction<Database>,
  stored: StoredReservation,
  how: { isSeriesDelete: boolean; byReserver: boolean; now: Date },
) {
  const { byReserver, now } = how;
  return trx
    .deleteFrom('reservations')
    .where('customer_id', '=', stored.customer_id)
    .$if(!how.isSeriesDelete || stored.series_id === null, (q) => q.where('id', '=', stored.id))
    .$if(how.isSeriesDelete && stored.series_id !== null, (q) =>
      q
        .where('series_id', '=', stored.series_id)
        .where('reserved_by', '=', stored.reserved_by)
        .where((eb) =>
          eb.or([eb('id', '=', stored.id), byReserver ? eb('end_date', '>', now) : eb('start_date', '>', now)]),
        ),
    )
    .returning(['id', 'equipment_id', 'start_date', 'end_date'])
    .execute();
}

/** Who and what the mail to a reserver names when an admin deleted their reservation. */
export async function deletionMailFacts(
  trx: Transaction<Database>,
  ids: { reserverId: number; equipmentId: number; adminId: number },
) {
  const reserver = await trx
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('id', '=', ids.reserverId)
    .executeTakeFirstOrThrow();
  const equipment = await trx
    .selectFrom('equipment')
    .select(['serial', 'mfg', 'model'])
    .where('id', '=', ids.equipmentId)
    .executeTakeFirstOrThrow();
  const admin = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', ids.adminId)
    .executeTakeFirstOrThrow();
  return { reserver, equipment, admin };
}

/** A page of the reservations a search condition matches, latest first, with their total. */
export async function searchReservations(
  db: Kysely<Database>,
  condition: Expression<SqlBool>,
  page: { pageIndex: number; pageSize: number },
) {
  return pageOf(
    reservationsWithDetails(db)
      .where(condition)
      .orderBy('reservations.start_date', 'desc')
      .orderBy('reservations.id', 'desc'),
    db.selectFrom('reservations').where(condition),
    page,
  );
}
