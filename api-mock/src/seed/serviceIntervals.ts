import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Which instruments of the demo world get which intervals, by id so the world stays deterministic: calibration every
 * 12 months on a third, preventive maintenance every 6 or 12 months on half, qualification every 24 months on a
 * tenth. Counted from the seeded work orders (yearly maintenance, a qualification every other year) or the
 * installation, some are overdue on the day of seeding, some due within 30 days, most later.
 */
const SHARES = [
  { kind: 9, months: 12, modulo: 3, remainder: 0 },
  { kind: 1, months: 6, modulo: 4, remainder: 1 },
  { kind: 1, months: 12, modulo: 4, remainder: 3 },
  { kind: 12, months: 24, modulo: 10, remainder: 0 },
] as const;

/**
 * The demo world's service intervals, set-based: with the per-row triggers off, the dates are computed in one
 * statement by the rule the triggers of migration 054 keep (the last completion of the kind, else the installation,
 * plus the interval), and copied to the instruments in one more, so a world of a million instruments seeds in seconds.
 */
export async function seedServiceIntervals(db: Kysely<Database>): Promise<void> {
  const shares = sql.join(
    SHARES.map((s) => sql`(${sql.lit(s.kind)}, ${sql.lit(s.months)}, ${sql.lit(s.modulo)}, ${sql.lit(s.remainder)})`),
  );
  await sql`set local session_replication_role = replica`.execute(db);
  await sql`
    insert into service_intervals (equipment_id, service_call_type, customer_id, interval_months, last_done, next_due)
    select e.id, k.kind, e.customer_id, k.months, d.last_done,
      (coalesce(d.last_done, e.inst_date) + make_interval(months => k.months))::date
    from equipment e
    join (values ${shares}) as k (kind, months, modulo, remainder) on e.id % k.modulo = k.remainder
    left join lateral (
      select max((c.date_time_call_complete at time zone 'UTC')::date) as last_done
      from service_calls c
      where c.equipment_id = e.id and c.service_call_type = k.kind and c.date_time_call_complete is not null
    ) d on true`.execute(db);
  await sql`
    update equipment e set
      next_calibration_due = (select s.next_due from service_intervals s
        where s.equipment_id = e.id and s.service_call_type = 9),
      next_maintenance_due = (select s.next_due from service_intervals s
        where s.equipment_id = e.id and s.service_call_type = 1)
    where exists (select from service_intervals s where s.equipment_id = e.id and s.service_call_type in (1, 9))`.execute(
    db,
  );
  await sql`set local session_replication_role = origin`.execute(db);
}
