import { sql, type Kysely } from 'kysely';

/** The kinds of work whose next due date the inventory shows as a column of its own (calibration, maintenance). */
const CALIBRATION = 9;
const PREVENTIVE_MAINTENANCE = 1;

/**
 * Due dates of recurring work: per instrument and kind of work (a work order's service_call_type), an interval in
 * months. The next due date is the last completed work order of that kind plus the interval, or, before the first
 * one, the installation date plus the interval; a month end stays a month end (31 January + 1 month = 28 or 29
 * February). The dates are kept on the rows by triggers, so a list filters and sorts them through an index:
 * - an interval row computes its last completion and next due date whenever it is written, or touched;
 * - a work order completed, moved to another kind or instrument, or removed touches its instrument's rows of that kind;
 * - a changed installation date touches the instrument's rows;
 * - the calibration and preventive-maintenance rows are copied to the instrument (the inventory's two due columns).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table service_intervals (
      equipment_id integer not null references equipment (id) on delete cascade,
      service_call_type integer not null,
      customer_id integer not null references customers (id),
      interval_months integer not null check (interval_months between 1 and 120),
      last_done date,
      next_due date,
      updated_by integer references users (id) on delete set null,
      updated_at timestamptz not null default now(),
      primary key (equipment_id, service_call_type)
    )`.execute(db);
  await sql`create index service_intervals_customer_due on service_intervals (customer_id, next_due)`.execute(db);
  await sql`create index service_calls_equipment_type_complete
    on service_calls (equipment_id, service_call_type, date_time_call_complete)`.execute(db);

  await sql`alter table equipment add column next_calibration_due date, add column next_maintenance_due date`.execute(
    db,
  );
  for (const column of ['next_calibration_due', 'next_maintenance_due']) {
    const name = sql.id(`equipment_customer_${column}`);
    await sql`create index ${name} on equipment (customer_id, ${sql.id(column)} nulls first, id)`.execute(db);
  }

  await sql`
    create function service_interval_due() returns trigger language plpgsql as $$
    begin
      select max((c.date_time_call_complete at time zone 'UTC')::date) into new.last_done
        from service_calls c
        where c.equipment_id = new.equipment_id and c.service_call_type = new.service_call_type
          and c.date_time_call_complete is not null;
      new.next_due := (coalesce(new.last_done, (select e.inst_date from equipment e where e.id = new.equipment_id))
        + make_interval(months => new.interval_months))::date;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger service_intervals_due before insert or update on service_intervals
    for each row execute function service_interval_due()`.execute(db);

  await sql`
    create function service_interval_on_equipment() returns trigger language plpgsql as $$
    declare
      row_of service_intervals;
    begin
      row_of := case when tg_op = 'DELETE' then old else new end;
      if row_of.service_call_type not in (${sql.lit(CALIBRATION)}, ${sql.lit(PREVENTIVE_MAINTENANCE)}) then
        return null;
      end if;
      update equipment set
        next_calibration_due = (select s.next_due from service_intervals s
          where s.equipment_id = row_of.equipment_id and s.service_call_type = ${sql.lit(CALIBRATION)}),
        next_maintenance_due = (select s.next_due from service_intervals s
          where s.equipment_id = row_of.equipment_id and s.service_call_type = ${sql.lit(PREVENTIVE_MAINTENANCE)})
        where id = row_of.equipment_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger service_intervals_equipment after insert or update or delete on service_intervals
    for each row execute function service_interval_on_equipment()`.execute(db);

  await sql`
    create function service_interval_on_work_order() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update service_intervals set interval_months = interval_months
          where equipment_id = old.equipment_id and service_call_type = old.service_call_type;
      end if;
      if tg_op <> 'DELETE' and new.date_time_call_complete is not null then
        update service_intervals set interval_months = interval_months
          where equipment_id = new.equipment_id and service_call_type = new.service_call_type;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger service_calls_intervals
    after insert or delete or update of date_time_call_complete, service_call_type, equipment_id on service_calls
    for each row execute function service_interval_on_work_order()`.execute(db);

  await sql`
    create function service_interval_on_installation() returns trigger language plpgsql as $$
    begin
      update service_intervals set interval_months = interval_months where equipment_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger equipment_installation_intervals after update of inst_date on equipment
    for each row when (old.inst_date is distinct from new.inst_date)
    execute function service_interval_on_installation()`.execute(db);
}
