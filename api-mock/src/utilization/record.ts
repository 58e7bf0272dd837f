import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, UtilizationEventsTable } from '../db/schema';

export type NewUtilizationEvent = Insertable<UtilizationEventsTable>;

/** Rows inserted per statement. */
const BATCH = 2_000;

/**
 * Store events and add their hours to the per-day table in the same transaction, split at UTC midnight (an
 * overnight sequence counts on both days). The chart reads the per-day table only, so it is never stale.
 */
export async function recordUtilizationEvents(
  trx: Transaction<Database> | Kysely<Database>,
  events: readonly NewUtilizationEvent[],
): Promise<void> {
  for (let i = 0; i < events.length; i += BATCH) {
    const ids = await trx
      .insertInto('utilization_events')
      .values(events.slice(i, i + BATCH) as NewUtilizationEvent[])
      .returning('id')
      .execute();
    const numbers = ids.map((r) => Number(r.id));
    await addToDays(trx, Math.min(...numbers), Math.max(...numbers));
  }
}

async function addToDays(trx: Transaction<Database> | Kysely<Database>, fromId: number, toId: number) {
  await sql`insert into utilization_daily (equipment_id, day, util_hours, serv_hours)
    select e.equipment_id, d.day::date,
      sum(case when e.kind = 'run' then o.hours else 0 end),
      sum(case when e.kind = 'run' then 0 else o.hours end)
    from utilization_events e
    cross join lateral generate_series(
      ((e.start_time at time zone 'UTC')::date)::timestamp,
      (((e.end_time - interval '1 microsecond') at time zone 'UTC')::date)::timestamp,
      interval '1 day') as d(day)
    cross join lateral (select extract(epoch from
      least(e.end_time, (d.day + interval '1 day') at time zone 'UTC')
      - greatest(e.start_time, d.day at time zone 'UTC')) / 3600 as hours) o
    where e.id between ${fromId} and ${toId}
    group by e.equipment_id, d.day
    on conflict (equipment_id, day) do update set
      util_hours = utilization_daily.util_hours + excluded.util_hours,
      serv_hours = utilization_daily.serv_hours + excluded.serv_hours`.execute(trx);
}
