import { sql, type Kysely, type Transaction } from 'kysely';
import type { HistoryChange } from '../../../contract/history';
import {
  SERVICE_INTERVAL_KINDS,
  type BulkServiceIntervalInput,
  type ServiceIntervals,
  type ServiceIntervalsInput,
} from '../../../contract/serviceIntervals';
import { appendEvents, type DomainEvent } from '../db/events';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Who sets intervals: the user, for the session's customer. */
export interface IntervalChanger {
  userId: number;
  customerId: number;
}

/** The history field of one kind's interval (the History tab labels it with the kind's name). */
export const intervalField = (kind: number) => `serviceInterval.${kind}`;

const EVENT_TYPE = 'equipment.serviceIntervalsChanged';

const intervalEvent = (actor: IntervalChanger, equipmentId: number, changes: HistoryChange[]): DomainEvent => ({
  customerId: actor.customerId,
  actorId: actor.userId,
  entityType: 'equipment',
  entityId: equipmentId,
  eventType: EVENT_TYPE,
  payload: {},
  changes,
});

/** Every kind of work of an instrument: the interval where one is set, the last completion of each kind. */
export async function readIntervals(
  db: Db,
  equipmentId: number,
  installationDate: string | null,
): Promise<ServiceIntervals> {
  const [set, done] = await Promise.all([
    db
      .selectFrom('service_intervals')
      .select(['service_call_type', 'interval_months', 'next_due'])
      .where('equipment_id', '=', equipmentId)
      .execute(),
    db
      .selectFrom('service_calls')
      .select([
        'service_call_type',
        sql<string>`max((date_time_call_complete at time zone 'UTC')::date)`.as('last_done'),
      ])
      .where('equipment_id', '=', equipmentId)
      .where('date_time_call_complete', 'is not', null)
      .groupBy('service_call_type')
      .execute(),
  ]);
  const interval = new Map(set.map((r) => [r.service_call_type, r]));
  const lastDone = new Map(done.map((r) => [r.service_call_type, r.last_done]));
  return {
    equipmentId,
    installationDate,
    items: SERVICE_INTERVAL_KINDS.map((kind) => ({
      serviceCallType: kind,
      intervalMonths: interval.get(kind)?.interval_months ?? null,
      lastDone: lastDone.get(kind) ?? null,
      nextDue: interval.get(kind)?.next_due ?? null,
    })),
  };
}

/** The intervals set on these instruments for these kinds, by instrument and kind. */
async function currentIntervals(trx: Db, equipmentIds: readonly number[], kinds: readonly number[]) {
  const rows = await trx
    .selectFrom('service_intervals')
    .select(['equipment_id', 'service_call_type', 'interval_months'])
    .where('equipment_id', 'in', equipmentIds)
    .where('service_call_type', 'in', kinds)
    .execute();
  return new Map(rows.map((r) => [`${r.equipment_id}:${r.service_call_type}`, r.interval_months]));
}

/** Write one kind's interval (null deletes it) on instruments already checked; the due dates follow by trigger. */
async function writeInterval(
  trx: Transaction<Database>,
  actor: IntervalChanger,
  equipmentIds: readonly number[],
  kind: number,
  months: number | null,
) {
  if (months === null) {
    await trx
      .deleteFrom('service_intervals')
      .where('equipment_id', 'in', equipmentIds)
      .where('service_call_type', '=', kind)
      .execute();
    return;
  }
  await trx
    .insertInto('service_intervals')
    .columns(['equipment_id', 'service_call_type', 'customer_id', 'interval_months', 'updated_by'])
    .expression(
      trx
        .selectFrom('equipment')
        .select([
          'equipment.id',
          sql.lit(kind).as('service_call_type'),
          'equipment.customer_id',
          sql.lit(months).as('interval_months'),
          sql.lit(actor.userId).as('updated_by'),
        ])
        .where('equipment.id', 'in', equipmentIds)
        .orderBy('equipment.id'),
    )
    .onConflict((oc) =>
      oc.columns(['equipment_id', 'service_call_type']).doUpdateSet({
        interval_months: (eb) => eb.ref('excluded.interval_months'),
        updated_by: (eb) => eb.ref('excluded.updated_by'),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * Set or clear kinds of one instrument (checked and locked by the caller) and append the instrument's history event
 * with each changed interval; nothing changed appends nothing.
 */
export async function setIntervals(
  trx: Transaction<Database>,
  actor: IntervalChanger,
  equipmentId: number,
  input: ServiceIntervalsInput,
): Promise<void> {
  const kinds = input.intervals.map((i) => i.serviceCallType);
  const before = await currentIntervals(trx, [equipmentId], kinds);
  const changes: HistoryChange[] = [];
  for (const { serviceCallType: kind, intervalMonths: months } of input.intervals) {
    const old = before.get(`${equipmentId}:${kind}`) ?? null;
    if (old === months) continue;
    await writeInterval(trx, actor, [equipmentId], kind, months);
    changes.push({ field: intervalField(kind), old, new: months });
  }
  if (changes.length > 0) await appendEvents(trx, [intervalEvent(actor, equipmentId, changes)]);
}

/**
 * One kind's interval on several instruments (checked by the caller): only those whose interval differs are written,
 * each with its history event. Answers how many changed.
 */
export async function setIntervalOnMany(
  trx: Transaction<Database>,
  actor: IntervalChanger,
  input: BulkServiceIntervalInput,
): Promise<number> {
  const kind = input.serviceCallType;
  const months = input.intervalMonths;
  const ids = [...new Set(input.equipmentIds)].sort((a, b) => a - b);
  // Rows are locked in id order, so two bulk changes of overlapping selections cannot deadlock.
  await trx.selectFrom('equipment').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const before = await currentIntervals(trx, ids, [kind]);
  const changed = ids.filter((id) => (before.get(`${id}:${kind}`) ?? null) !== months);
  if (changed.length === 0) return 0;
  await writeInterval(trx, actor, changed, kind, months);
  await appendEvents(
    trx,
    changed.map((id) =>
      intervalEvent(actor, id, [{ field: intervalField(kind), old: before.get(`${id}:${kind}`) ?? null, new: months }]),
    ),
  );
  return changed.length;
}
