import { sql, type Insertable, type Transaction } from 'kysely';
import type { Faker } from '@faker-js/faker';
import {
  SCHEDULED_EVENT_TYPE_IDS,
  SERVICE_CALL_TYPE_NAMES,
  SERVICE_WORK_TYPE_IDS,
} from '../../../contract/reservations';
import type { Database, ReservationsTable } from '../db/schema';
import { WORK_ORDER_STATUS } from './workOrders';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The instruments that get demo reservations: the first ones of a list sorted by serial (the calendar's order). */
const RESERVED_INSTRUMENTS = 14;
/** Days around today that get demo reservations. */
const FIRST_DAY = -10;
const LAST_DAY = 21;

const COMMENTS = [
  'Method validation run',
  'Stability samples, batch 42',
  'Calibration check before the audit',
  'Training a new analyst',
  'Overnight sequence prepared by QC',
  'Routine release testing',
  null,
  null,
];

/** Midnight UTC of a day counted from today. */
const dayStart = (today: number, offset: number) => today + offset * DAY_MS;

/**
 * The calendar of the demo world, relative to the day it is seeded: each customer's users have reservations on the
 * first instruments of their list from ten days ago to three weeks ahead (at most one per instrument and day, in
 * working hours UTC), and those instruments have scheduled and finished service orders of the calendar's types.
 * The demo user of each customer has a reservation tomorrow morning, and a colleague one the day after.
 */
export async function seedCalendar(trx: Transaction<Database>, f: Faker, now = new Date()): Promise<void> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const customers = await trx.selectFrom('customers').select('id').orderBy('id').execute();
  for (const { id: customerId } of customers) {
    const users = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('customer_id', '=', customerId)
      .where('location_id', 'is not', null)
      .orderBy('id')
      .execute();
    const demoUser = users.find((u) => u.email.startsWith('user@'));
    if (!demoUser) continue;
    const instruments = await trx
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('is_hidden', '=', false)
      .where(sql<boolean>`follower_ids @> array[${demoUser.id}]::integer[]`)
      .orderBy(sql`serial asc nulls last`)
      .orderBy('id')
      .limit(RESERVED_INSTRUMENTS)
      .execute();
    if (instruments.length < 2) continue;
    const colleague = users.find((u) => u.id !== demoUser.id)!;

    const reservations: Insertable<ReservationsTable>[] = [];
    const reserve = (equipmentId: number, userId: number, start: number, hours: number, comments: string | null) =>
      reservations.push({
        customer_id: customerId,
        equipment_id: equipmentId,
        reserved_by: userId,
        start_date: new Date(start),
        end_date: new Date(start + hours * HOUR_MS),
        comments,
      });

    reserve(instruments[0]!.id, demoUser.id, dayStart(today, 1) + 9 * HOUR_MS, 2, 'Method validation run');
    reserve(instruments[1]!.id, colleague.id, dayStart(today, 2) + 13 * HOUR_MS, 2, 'Stability samples, batch 42');
    for (const [index, { id: equipmentId }] of instruments.entries()) {
      for (let day = FIRST_DAY; day <= LAST_DAY; day++) {
        if (index < 2 && (day === 1 || day === 2)) continue;
        if (!f.datatype.boolean({ probability: 0.3 })) continue;
        const startHour = 8 + f.number.int({ min: 0, max: 12 }) / 2;
        const hours = f.helpers.arrayElement([1, 1.5, 2, 3, 4]);
        reserve(
          equipmentId,
          f.helpers.arrayElement(users).id,
          dayStart(today, day) + startHour * HOUR_MS,
          Math.min(hours, 18 - startHour),
          f.helpers.arrayElement(COMMENTS),
        );
      }
    }
    await trx.insertInto('reservations').values(reservations).execute();

    const calls = instruments.slice(0, 10).flatMap(({ id: equipmentId }, index) => {
      const scheduled = index % 2 === 0;
      const type = scheduled
        ? SCHEDULED_EVENT_TYPE_IDS[index % SCHEDULED_EVENT_TYPE_IDS.length]!
        : SERVICE_WORK_TYPE_IDS[index % SERVICE_WORK_TYPE_IDS.length]!;
      const day = scheduled ? f.number.int({ min: 1, max: 14 }) : f.number.int({ min: -6, max: -1 });
      const start = dayStart(today, day) + f.helpers.arrayElement([8, 9, 10, 13]) * HOUR_MS;
      const end = start + f.helpers.arrayElement([2, 3, 4]) * HOUR_MS;
      return [
        {
          customer_id: customerId,
          equipment_id: equipmentId,
          service_order_no: `SO${customerId}${String(equipmentId).padStart(7, '0')}${type}`,
          svmx_order_no: `WO-${f.string.numeric(8)}`,
          job_type: SERVICE_CALL_TYPE_NAMES[type]!,
          call_status: scheduled ? WORK_ORDER_STATUS.released : WORK_ORDER_STATUS.closed,
          service_call_type: type,
          start_date: new Date(start),
          end_date: new Date(end),
          date_time_call_received: new Date(start - 5 * DAY_MS),
          date_time_call_complete: scheduled ? null : new Date(end),
        },
      ];
    });
    await trx.insertInto('service_calls').values(calls).execute();
  }
}
