import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { bulkInsert } from '../db/bulkInsert';
import type { Database, UtilizationEventsTable } from '../db/schema';

export type NewUtilizationEvent = Insertable<UtilizationEventsTable>;

/** Events whose hours go to the per-day table in one statement. */
const BATCH = 20_000;

/** The columns an event may leave out, each stored as null then (and read back by the event list). */
export const OPTIONAL_EVENT_COLUMNS = [
  'method',
  'sample_name',
  'sample_count',
  'injection_count',
  'category',
  'project',
  'group_id',
  'user_name',
] as const;

/**
 * Store events and add their hours to the per-day table in the same transaction, split at UTC midnight (an
 * overnight sequence counts on both days). The chart reads the per-day table only, so it is never stale.
 */
export async function recordUtilizationEvents(
  trx: Transaction<Database> | Kysely<Database>,
  events: readonly NewUtilizationEvent[],
): Promise<void> {
  for (let i = 0; i < events.length; i += BATCH) {
    const rows = events.slice(i, i + BATCH).map((e) => {
      const row: Record<string, unknown> = { ...e };
      for (const column of OPTIONAL_EVENT_COLUMNS) row[column] ??= null;
      return row;
    });
    const ids = await bulkInsert(trx, 'utilization_events', rows, { returningIds: true });
    await addToDays(trx, Math.min(...ids), Math.max(...ids));
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
